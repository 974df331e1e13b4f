// When memcalc's time line is first on screen, from a run of ../shared/peers-bench (its
// OUTDIR/loads/*.json, read as they are: the bench is not changed). Since issue 36 the first
// screen (the plain page's HTML, a link's and an embed's written by the page's core) shows the
// time line's number with the first number: its <p elementtiming="speed">, whose Element Timing
// entry the bench records with every other one. The bench's own "time line painted" is the live
// app's line (its fold's paint); this prints, per memcalc page, the medians of the first
// number, of the first screen's line, of the live line, and of the earlier of the two per load,
// with the ratio to the first number (issue 36's target: within 1.5×).
// Usage: node bench/peers-time-shown.mjs OUTDIR
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const out = process.argv[2];
if (!out) throw new Error("usage: node bench/peers-time-shown.mjs OUTDIR");
const median = (v) => {
  const s = v.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  if (!s.length) return null;
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const loads = readdirSync(join(out, "loads"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(out, "loads", f), "utf8")))
  .filter((l) => !l.warmup && l.target.startsWith("memcalc"));
const et = (l, id) => l.measure.pb.et.find((e) => e.id === id)?.render ?? null;
console.log("| page | first number | first screen's time line | live time line | time line shown first | ratio to the first number |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const target of [...new Set(loads.map((l) => l.target))].sort()) {
  const ls = loads.filter((l) => l.target === target);
  const first = ls.map((l) => Math.min(et(l, "total") ?? Infinity, et(l, "table-total") ?? Infinity)).map((x) => (x === Infinity ? null : x));
  const screen = ls.map((l) => et(l, "speed"));
  const live = ls.map((l) => et(l, "pb-speed-fold"));
  const shown = ls.map((l, i) => (screen[i] === null ? live[i] : live[i] === null ? screen[i] : Math.min(screen[i], live[i])));
  const ratio = median(ls.map((l, i) => (shown[i] !== null && first[i] ? shown[i] / first[i] : null)));
  const f = (x) => (x === null ? "–" : Math.round(x));
  console.log(`| ${target} | ${f(median(first))} | ${f(median(screen))} | ${f(median(live))} | ${f(median(shown))} | ${ratio === null ? "–" : ratio.toFixed(2) + "×"} |`);
}

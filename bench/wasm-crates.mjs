// What a wasm's bytes are, by crate and by module of memcalc-core: the size of each function's
// body in the code section, named by the wasm's name section, summed by the first segment of its
// Rust path (`memcalc_core::model::…` → `memcalc_core::model`), plus the data section (string
// constants: words, sources, help) on its own line. Run it on the wasm before wasm-opt (cargo's
// output keeps the names; wasm-opt strips them and inlines across crates, so after it the shares
// move by a few per cent). twiggy's `top`/`dominators` answer finer questions; this needs nothing
// but Node.
// Usage: node bench/wasm-crates.mjs FILE.wasm [depth of memcalc_core's path = 2] [rows = 40]
//   e.g. cargo build --release -p memcalc-app --target wasm32-unknown-unknown
//        node bench/wasm-crates.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/memcalc-app.wasm
import { readFileSync } from "node:fs";

const file = process.argv[2];
const depth = Number(process.argv[3] ?? 2);
const rows = Number(process.argv[4] ?? 40);
const buf = readFileSync(file);

function leb(pos) {
  let result = 0, shift = 0, b;
  do {
    b = buf[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [result, pos];
}

let pos = 8, imported = 0, bodies = [], names = new Map(), data = 0, other = 0;
while (pos < buf.length) {
  const id = buf[pos];
  let size;
  [size, pos] = leb(pos + 1);
  const start = pos, end = pos + size;
  if (id === 2) {
    // Imports: functions are numbered after the imported ones.
    let n, p = start;
    [n, p] = leb(p);
    for (let i = 0; i < n; i++) {
      let l;
      [l, p] = leb(p); p += l;
      [l, p] = leb(p); p += l;
      const kind = buf[p++];
      if (kind === 0) { [, p] = leb(p); imported++; }
      else if (kind === 1) { p++; const f = buf[p++]; [, p] = leb(p); if (f & 1) [, p] = leb(p); }
      else if (kind === 2) { const f = buf[p++]; [, p] = leb(p); if (f & 1) [, p] = leb(p); }
      else if (kind === 3) { p += 2; }
      else if (kind === 4) { p++; [, p] = leb(p); }
    }
  } else if (id === 10) {
    let n, p = start;
    [n, p] = leb(p);
    for (let i = 0; i < n; i++) {
      let l, q;
      [l, q] = leb(p);
      bodies.push(q + l - p);
      p = q + l;
    }
  } else if (id === 11) {
    data += size;
  } else if (id === 0) {
    let l, p = start;
    [l, p] = leb(p);
    const name = buf.toString("utf8", p, p + l);
    p += l;
    if (name === "name") {
      while (p < end) {
        const sub = buf[p];
        let sl;
        [sl, p] = leb(p + 1);
        const se = p + sl;
        if (sub === 1) {
          let n, q = p;
          [n, q] = leb(q);
          for (let i = 0; i < n; i++) {
            let idx, nl;
            [idx, q] = leb(q);
            [nl, q] = leb(q);
            names.set(idx, buf.toString("utf8", q, q + nl));
            q += nl;
          }
        }
        p = se;
      }
    }
  } else {
    other += size;
  }
  pos = end;
}

// The owner of a demangled name: `<a::B as c::D>::f` is a's (the type's crate), `a::b::c::h…`
// is a's; memcalc_core's down to `depth` segments.
// rustc's legacy mangling, `_ZN` then length-prefixed segments then `E`: `_ZN12memcalc_core5model8estimate17h…E`
// → `memcalc_core::model::estimate::h…`; `$LT$`/`$GT$`/`$u20$`/`..` spell `<`, `>`, a space and `::`.
function demangle(name) {
  if (!name.startsWith("_ZN")) return name;
  const segs = [];
  let i = 3;
  while (i < name.length && name[i] !== "E") {
    let j = i;
    while (/[0-9]/.test(name[j])) j++;
    const len = Number(name.slice(i, j));
    if (!len) break;
    segs.push(name.slice(j, j + len));
    i = j + len;
  }
  return segs
    .join("::")
    .replace(/\$LT\$/g, "<")
    .replace(/\$GT\$/g, ">")
    .replace(/\$u20\$/g, " ")
    .replace(/\$RF\$/g, "&")
    .replace(/\$C\$/g, ",")
    .replace(/\.\./g, "::")
    .replace(/^_</, "<");
}

function owner(name) {
  let n = demangle(name);
  if (n.startsWith("<")) n = n.slice(1);
  n = n.replace(/^&(mut )?/, "").replace(/^\[/, "").replace(/^dyn /, "");
  const segs = n.split("::").map((s) => s.replace(/[<>\s].*$/, ""));
  if (segs[0] === "memcalc_core") return segs.slice(0, depth).join("::");
  if (/^([A-Z]|\$)/.test(segs[0]) || ["str", "bool", "u64", "u32", "usize", "f64"].includes(segs[0]))
    return "(generic and primitive impls)";
  if (!segs[0] || segs.length < 2) return "(no path: C, closures, shims)";
  return segs[0];
}

const by = new Map();
let code = 0;
bodies.forEach((size, i) => {
  const name = names.get(i + imported) ?? "";
  const o = name ? owner(name) : "(unnamed)";
  by.set(o, (by.get(o) ?? 0) + size);
  code += size;
});
// Shares are of the code and data, what wasm-opt shrinks and the page downloads (the debug and
// name sections are not sent).
const total = code + data;
console.log(`${file}: ${buf.length} B raw; code ${code} B in ${bodies.length} functions; data ${data} B; other sections ${other} B`);
console.log(`| owner | code bytes | share of code + data |`);
console.log(`|---|---:|---:|`);
const sorted = [...by].sort((a, b) => b[1] - a[1]);
for (const [o, s] of sorted.slice(0, rows)) console.log(`| ${o} | ${s} | ${((100 * s) / total).toFixed(1)} % |`);
const rest = sorted.slice(rows).reduce((a, [, s]) => a + s, 0);
if (rest) console.log(`| (${sorted.length - rows} more) | ${rest} | ${((100 * rest) / total).toFixed(1)} % |`);
console.log(`| data section (constants, words) | ${data} | ${((100 * data) / total).toFixed(1)} % |`);
const core = sorted.filter(([o]) => o.startsWith("memcalc_core")).reduce((a, [, s]) => a + s, 0);
console.log(`memcalc_core code in all: ${core} B (${((100 * core) / total).toFixed(1)} %)`);

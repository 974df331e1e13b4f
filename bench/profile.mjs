// What bench/profile-input.mjs and bench/profile-load.mjs share: a V8 CPU profile (CDP
// `Profiler.stop`) summed by function, self time and total time (each function once per sample,
// however deep it recurses), and a table of the largest.
export function byFunction(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map(), total = new Map();
  profile.samples.forEach((id, i) => {
    const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const n = byId.get(id);
    const name = n.callFrame.functionName || `(${n.callFrame.url.split("/").pop() || "anon"})`;
    if (name === "(idle)" || name === "(program)") return;
    self.set(name, (self.get(name) ?? 0) + d);
    const seen = new Set();
    for (let p = id; p !== undefined; p = parent.get(p)) {
      const nm = byId.get(p).callFrame.functionName || "(anon)";
      if (!seen.has(nm)) { seen.add(nm); total.set(nm, (total.get(nm) ?? 0) + d); }
    }
  });
  return { self, total, byId, parent };
}

export function show(m, title, top) {
  console.log(`-- ${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)}  ${k.replace(/::h[0-9a-f]{16}/, "").slice(0, 140)}`);
}

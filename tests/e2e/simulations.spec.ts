import { test, expect, ready, rowBytes, totalBytes, ARTIFACTS } from "./fixtures";

async function pick(page, preset: string) {
  await page.getByLabel("Start from a preset", { exact: true }).selectOption(preset);
  await ready(page);
}

test("switching to a simulation shows its fields and defaults to FP64", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  await page.getByLabel("Mode", { exact: true }).selectOption("sim");
  await expect(page.getByLabel("Precision", { exact: true })).toHaveValue("fp64");
  await expect(page.getByLabel("Method", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/mode=sim/);
  await page.getByLabel("Method", { exact: true }).selectOption("lbm");
  await expect(page.getByLabel("Lattice", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Prognostic fields", { exact: true })).toHaveCount(0);
});

test("grid: a global atmosphere model per node, with its halo and scaling table", async ({ page }) => {
  await page.goto("./");
  await pick(page, "atmosphere-25km");
  await expect(page.getByLabel("Cells in x", { exact: true })).toHaveValue("1440");
  // 1024 ranks with 3 ghost layers: the halo is a large share of a small subdomain.
  expect(await rowBytes(page, "halo")).toBeGreaterThan((await rowBytes(page, "state")) / 2);
  await expect(page.locator('[data-component="output_total"]')).toHaveAttribute("data-location", "disk");
  // The table is built when its fold first opens (issue 17).
  await page.locator("details.scaling-numbers summary").click();
  await expect(page.getByTestId("scaling-table").locator("tbody tr")).not.toHaveCount(0);
  // Reached from the training page: the questions follow the mode, none stays behind.
  const faq = ((await page.locator(".faq").textContent()) ?? "").toLowerCase();
  expect(faq).not.toContain("quantization");
  expect(faq).toContain("restart file");
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-sim-grid.png`, fullPage: true });
});

test("particles: neighbour lists outweigh the particle state", async ({ page }) => {
  await page.goto("./?mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=1&nodes=1&rank_overhead=0&overhead=0");
  await ready(page);
  // LAMMPS reports 15.82 MiB per rank for this run (bench/POTENTIALS/log.16Mar18.lj.1).
  const mib = (await totalBytes(page)) / 2 ** 20;
  expect(Math.abs(mib - 15.82) / 15.82).toBeLessThan(0.1);
  expect(await rowBytes(page, "neighbor_lists")).toBeGreaterThan(await rowBytes(page, "state"));
});

test("mesh: the sparse matrix and the solver dominate an implicit CFD run", async ({ page }) => {
  await page.goto("./");
  await pick(page, "cfd-10m");
  expect(await rowBytes(page, "matrix")).toBeGreaterThan(await rowBytes(page, "state"));
  expect(await rowBytes(page, "solver")).toBeGreaterThan(0);
});

test("lattice Boltzmann: a GPU-resident 512³ D3Q19 run is checked per GPU", async ({ page }) => {
  await page.goto("./");
  await pick(page, "lbm-512-d3q19");
  expect(await rowBytes(page, "lattice")).toBe(19 * 4 * 2 * 512 ** 3);
  await expect(page.getByTestId("verdict")).toContainText("A100");
  // In-place streaming halves the distributions: the suggestion is offered and applies.
  const inplace = page.locator('.savings li[data-saving="streaming=inplace"]');
  await inplace.getByRole("button", { name: "Apply" }).click();
  await expect.poll(() => rowBytes(page, "lattice")).toBe(19 * 4 * 512 ** 3);
});

test("spectral: fields in both spaces and padded transform buffers", async ({ page }) => {
  await page.goto("./");
  await pick(page, "spectral-1024");
  expect(await rowBytes(page, "fft")).toBeGreaterThan(0);
  expect(await rowBytes(page, "state")).toBeGreaterThan(0);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-sim-spectral.png`, fullPage: true });
});

test("scientific ML: a PINN's activations grow with collocation points and derivative order", async ({ page }) => {
  await page.goto("./");
  await pick(page, "pinn-navier-stokes");
  await expect(page.getByLabel("Collocation points", { exact: true })).toHaveValue("50K");
  // Transformer-only fields are hidden for this family.
  await expect(page.getByLabel("Sequence length", { exact: true })).toHaveCount(0);
  const first = await rowBytes(page, "activations");
  await page.getByLabel("Derivative order", { exact: true }).fill("1");
  await expect.poll(() => rowBytes(page, "activations")).toBeLessThan(first);
  await expect(page.locator("[data-component=kv_cache]")).toHaveCount(0);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-sciml-pinn.png`, fullPage: true });
});

test("scientific ML: FNO, graph network and U-Net presets each compute", async ({ page }) => {
  for (const preset of ["fno-navier-stokes", "meshgraphnet-cylinder", "unet-weather"]) {
    await page.goto("./");
    await pick(page, preset);
    expect(await rowBytes(page, "activations"), preset).toBeGreaterThan(0);
    expect(await rowBytes(page, "optimizer"), preset).toBeGreaterThan(0);
  }
});

// Every word a simulation page shows (form, table, explanations, FAQ, verdict, derived
// answers; closed folds included, as textContent reads them) speaks of ranks, nodes, cells,
// atoms and GPUs: no term or control of neural-network training or serving.
const ML_WORDS = [
  "torch", "zero-offload", "zero-3", "zero stage", "fsdp", "optimizer", "activation", "backward",
  "forward pass", "kv cache", "token", "fine-tun", "lora", "micro-batch", "gradient accumulation",
  "per device", "tensor parallel", "inference", "training", "quantiz", "pruning", "dataset",
];

for (const [name, query] of [
  ["CPU grid", "mode=sim&method=grid&language=python"],
  ["ReaxFF on CPUs", "mode=sim&method=particles&particles=32480&atom_style=charge&potential=reaxff&density=0.092095&cutoff=10&skin=2&ranks=4&nodes=1&measured=1GiB&measured_kind=rank"],
  ["GPU lattice Boltzmann", "mode=sim&code=fluidx3d&nx=256&ny=256&nz=256&measured=10GiB&measured_kind=nvidia_smi"],
  ["plane-wave DFT", "mode=sim&code=quantum_espresso&checkpoint_every=10"],
]) {
  test(`a simulation page speaks physics, not machine learning: ${name}`, async ({ page }) => {
    await page.goto(`./?${query}`);
    await ready(page);
    // The mode picker and the preset list name every mode and preset by design: left out.
    const text = await page.evaluate(() => {
      const main = document.querySelector("main")!.cloneNode(true) as HTMLElement;
      main.querySelectorAll("select[name=mode], #field-preset")
        .forEach((s) => s.remove());
      return (main.textContent ?? "").toLowerCase();
    });
    const found = ML_WORDS.filter((w) => text.includes(w));
    for (const w of found) console.log(`${w}: …${text.slice(Math.max(0, text.indexOf(w) - 150), text.indexOf(w) + 60)}…`);
    expect(found, `machine-learning words on the ${name} page`).toEqual([]);
    // The measurement check offers no PyTorch counter in a simulation.
    const kinds = await page.getByLabel("Reported by", { exact: true }).locator("option").allTextContents();
    expect(kinds.join(" ")).not.toMatch(/torch/i);
  });
}

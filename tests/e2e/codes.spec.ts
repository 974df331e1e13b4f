import { test, expect, ready, rowBytes, totalBytes, ARTIFACTS } from "./fixtures";

test("a code profile sets the method and its defaults, which stay editable and travel in the link", async ({ page }) => {
  await page.goto("./?mode=sim");
  await ready(page);
  await page.getByLabel("Simulation code", { exact: true }).selectOption("openfoam");
  await ready(page);
  await expect(page.getByLabel("Method", { exact: true })).toHaveValue("mesh");
  await expect(page.getByLabel("Solver", { exact: true })).toHaveValue("segregated");
  await expect(page).toHaveURL(/code=openfoam/);
  // Segregated: scalar LDU matrices (two held at once); coupled: one block matrix with a 6 × 6
  // block per coefficient, 18 times as large.
  const segregated = await rowBytes(page, "matrix");
  await page.getByLabel("Solver", { exact: true }).selectOption("coupled");
  await ready(page);
  expect(await rowBytes(page, "matrix")).toBeGreaterThan(segregated * 15);
  await expect(page).toHaveURL(/solver=coupled/);
  // The link reopens the same state.
  const url = page.url();
  await page.goto(url);
  await ready(page);
  await expect(page.getByLabel("Solver", { exact: true })).toHaveValue("coupled");
  await expect(page.getByLabel("Simulation code", { exact: true })).toHaveValue("openfoam");
  // A CPU run has no GPU to pick.
  await expect(page.getByLabel("GPU", { exact: true })).toHaveCount(0);
  await expect(page.locator("table.breakdown caption")).toContainText("per node");
});

test("plane-wave DFT reproduces pw.x's own estimate, and a GPU code shows host memory per node", async ({ page }) => {
  // Quantum ESPRESSO 6.4 printed "Estimated max dynamical RAM per process > 34.13 MB" for this run.
  await page.goto("./?mode=sim&code=quantum_espresso&ranks=16&pools=16&nodes=1&ecutwfc=40&ecutrho=160&cell_volume=1330.204&bands=6&kpoints=32&atoms=4&pseudopotential=paw&projectors=8&betas=2&lmax_beta=0&fft_grid=97200&forces=on&stress=on&rank_overhead=0&overhead=0");
  await ready(page);
  await expect(page.getByLabel("Method", { exact: true })).toHaveValue("planewave");
  const perRank = (await totalBytes(page)) / 16 / 2 ** 20;
  expect(Math.abs(perRank - 34.13) / 34.13).toBeLessThan(0.01);
  expect(await rowBytes(page, "wavefunctions")).toBeGreaterThan(0);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-sim-planewave.png`, fullPage: true });

  await page.goto("./?mode=sim&code=fluidx3d&nx=512&ny=512&nz=512&gpu=a100-80");
  await ready(page);
  await expect(page.locator('[data-component="host_mirror"]')).toHaveAttribute("data-location", "host");
  expect(await rowBytes(page, "halo")).toBe(0);
  await expect(page.locator("table.breakdown caption")).toContainText("per GPU");
  await expect(page.getByText("Host memory per node", { exact: true })).toBeVisible();
});

test("ABINIT and SPARC: each code's own printed estimate, counted with that code's arrays", async ({ page }) => {
  await page.goto("./?mode=sim");
  await ready(page);
  await page.getByLabel("Simulation code", { exact: true }).selectOption("sparc");
  await ready(page);
  await expect(page.getByLabel("Method", { exact: true })).toHaveValue("planewave");
  await expect(page.getByLabel("Arrays counted as", { exact: true })).toHaveValue("sparc");
  await expect(page).toHaveURL(/code=sparc/);
  // SPARC's test Al16Si16_NPTNH_restart printed "Estimated memory per processor : 7.28 MB".
  await page.goto("./?mode=sim&code=sparc&fft_grid=79507&bands=76&kpoints=1&gamma_only=on&band_groups=6&ranks=48&nodes=1&rank_overhead=0&overhead=0");
  await ready(page);
  const sparc = (await totalBytes(page)) / 48 / 2 ** 20;
  expect(Math.abs(sparc - 7.28) / 7.28).toBeLessThan(0.01);
  expect(await rowBytes(page, "subspace")).toBeGreaterThan(0);
  await expect(page.locator("table.breakdown caption")).toContainText("per node");

  // ABINIT 9.0.2 printed "P This job should need less than 27.634 Mbytes of memory" for AlAs
  // with 29 k-points on 32 processes (one per node here, so the node's total is one process).
  await page.goto("./?mode=sim&code=abinit&ecutwfc=80&cell_volume=298.598&bands=5&kpoints=29&atoms=2&species=2&betas=2&lmax_beta=2&fft_grid=91125&xc=lda&smearing=on&core_correction=on&symmetries=24&ranks=32&nodes=32&rank_overhead=0&overhead=0");
  await ready(page);
  await expect(page.getByLabel("Arrays counted as", { exact: true })).toHaveValue("abinit");
  const abinit = (await totalBytes(page)) / 2 ** 20;
  expect(Math.abs(abinit - 27.634) / 27.634).toBeLessThan(0.01);
  for (const id of ["wavefunctions", "state", "tables", "work"]) {
    expect(await rowBytes(page, id)).toBeGreaterThan(0);
  }
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-sim-abinit.png`, fullPage: true });
  // ABINIT keeps every plane wave on every process: no k-point pools to set.
  await expect(page.getByLabel("k-point pools", { exact: true })).toHaveCount(0);
  // Switching back to pw.x's arrays changes the estimate and travels in the link, with pw.x's
  // own inputs (pools) instead of ABINIT's (the functional).
  await page.getByLabel("Arrays counted as", { exact: true }).selectOption("pwx");
  await ready(page);
  await expect(page).toHaveURL(/dft_arrays=pwx/);
  await expect(page.getByLabel("k-point pools", { exact: true })).toHaveCount(1);
  await expect(page.getByLabel("Exchange–correlation", { exact: true })).toHaveCount(0);
  expect(Math.abs((await totalBytes(page)) / 2 ** 20 - abinit)).toBeGreaterThan(1);
});

test("adaptive mesh refinement and tree-PM N-body come with their codes' settings", async ({ page }) => {
  await page.goto("./?mode=sim");
  await ready(page);
  await page.getByLabel("Simulation code", { exact: true }).selectOption("athenapp");
  await ready(page);
  await expect(page.getByLabel("Method", { exact: true })).toHaveValue("amr");
  await expect(page.getByLabel("Block size", { exact: true })).toHaveValue("16");
  for (const id of ["state", "halo", "work", "coarse_fine", "exchange", "block_metadata"]) {
    expect(await rowBytes(page, id)).toBeGreaterThan(0);
  }
  // A uniform grid of blocks has no coarse–fine buffers.
  await page.getByLabel("Refined levels", { exact: true }).fill("0");
  await ready(page);
  await expect(page.locator('[data-component="coarse_fine"]')).toHaveCount(0);
  await expect(page).toHaveURL(/amr_levels=0/);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-sim-amr.png`, fullPage: true });

  await page.getByLabel("Simulation code", { exact: true }).selectOption("gadget");
  await ready(page);
  await expect(page.getByLabel("Method", { exact: true })).toHaveValue("nbody");
  for (const id of ["particles", "timebins", "tree", "pm_grid"]) {
    expect(await rowBytes(page, id)).toBeGreaterThan(0);
  }
  const withPm = await totalBytes(page);
  await page.getByLabel("PM grid per dimension", { exact: true }).fill("0");
  await ready(page);
  await expect(page.locator('[data-component="pm_grid"]')).toHaveCount(0);
  expect(await totalBytes(page)).toBeLessThan(withPm);
  await expect(page.locator("table.breakdown caption")).toContainText("per node");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-sim-nbody.png`, fullPage: true });
});

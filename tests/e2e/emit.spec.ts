import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Issue 40, launch settings out: the share panel's "Launch settings" lists the targets that apply
// to the scenario, each text written by the time wasm (`TimeAnswer::launch`), with a copy button.

const SERVE = "./?v=4&mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm";

test("a vLLM link offers its vllm serve flags and an sbatch header, each copied as shown", async ({ page, context }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(SERVE);
  await ready(page);
  const launch = page.getByTestId("launch");
  await launch.scrollIntoViewIfNeeded();
  // Only the targets that apply: the engine's flags and the Slurm header.
  await expect(launch.locator("details")).toHaveCount(2);
  await expect(launch.locator("details summary")).toHaveText(["vLLM: vllm serve", "Slurm: sbatch header with a memcalc guard"]);
  const vllm = launch.locator('details[data-target="vllm"]');
  await vllm.locator("summary").click();
  const code = vllm.locator("pre code");
  await expect(code).toContainText("vllm serve meta-llama/Llama-3.1-70B \\\n  --max-model-len 32768 \\\n");
  await expect(code).toContainText("# --tensor-parallel-size 4: weights and KV heads split over 4 GPUs (tp)");
  await vllm.getByTestId("copy-launch").click();
  await expect(page.getByTestId("copied")).toHaveText("Launch settings copied.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await code.textContent());
  await launch.screenshot({ path: `${ARTIFACTS}/emit-vllm-${testInfo.project.name}.png` });

  // The sbatch header keeps its interpreter line first and ends with the guard, whose link is
  // written in the current link schema (5).
  const sbatch = launch.locator('details[data-target="sbatch"]');
  await sbatch.locator("summary").click();
  const header = (await sbatch.locator("pre code").textContent()) ?? "";
  expect(header.startsWith("#!/bin/bash\n")).toBe(true);
  // The guard line, then the launched server (issue 40: the sbatch script runs what it sized).
  expect(header).toMatch(/\nmemcalc '\?v=7&[^']+' > \/dev\/null \|\| exit 1\nsrun vllm serve [^\n]+\n$/);
});

test("the settings follow the form: llama.cpp flags after the engine changes", async ({ page }, testInfo) => {
  await page.goto(SERVE);
  await ready(page);
  await page.locator("#field-engine").selectOption("llamacpp");
  const launch = page.getByTestId("launch");
  await launch.scrollIntoViewIfNeeded();
  await expect(launch.locator("details")).toHaveCount(3);
  await expect(launch.locator('details[data-target="vllm"]')).toHaveCount(0);
  const llama = launch.locator('details[data-target="llamacpp"]');
  await llama.locator("summary").click();
  await expect(llama.locator("pre code")).toContainText("llama-server \\\n  -m Llama-3.1-70B-BF16.gguf");
  await expect(llama.locator("pre code")).toContainText("-c 262144");
  await launch.screenshot({ path: `${ARTIFACTS}/emit-llamacpp-${testInfo.project.name}.png` });
});

test("a simulation gets its code's settings: pw.x pools", async ({ page }) => {
  await page.goto("./?preset=qe-si64");
  await ready(page);
  const launch = page.getByTestId("launch");
  await launch.scrollIntoViewIfNeeded();
  await expect(launch.locator("details summary")).toHaveText(["Slurm: sbatch header with a memcalc guard", "Quantum ESPRESSO: mpirun pw.x"]);
  const pwx = launch.locator('details[data-target="pwx"]');
  await pwx.locator("summary").click();
  await expect(pwx.locator("pre code")).toContainText("mpirun -np 32 pw.x -nk 4 -i pw.in");
});

import { test, expect, ready, rowBytes, totalBytes, unfold, ARTIFACTS } from "./fixtures";

// Llama 3.1 70B's architecture, given key by key.
const L70 = "layers=80&hidden=8192&heads=64&kv_heads=8&ffn=28672&vocab=128256";

test("vLLM: the KV pool in tokens and how many 32k sequences fit, from the engine settings", async ({ page }) => {
  await page.goto(`./?mode=infer&engine=vllm&tp=4&gpu=h100-80&seq=32768&batch=16&${L70}`);
  await ready(page);
  const serving = page.getByTestId("serving");
  await expect(serving).toContainText("vLLM KV pool:");
  await expect(serving).toContainText("blocks of 16");
  await expect(serving).toContainText("concurrent sequences of 32,768 tokens fit");
  const seqs = Number(await serving.getAttribute("data-sequences"));
  expect(seqs).toBeGreaterThan(8);
  expect(seqs).toBeLessThan(16);
  // The pool is everything the 0.9 share leaves: the verdict turns on the batch, not the total.
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "false");
  await expect(page.locator(".verdict-text")).toContainText("the KV pool holds");
  expect(await totalBytes(page)).toBe(Math.floor((81_559 * 2 ** 20 * 900) / 1000));
  await expect(page.locator('[data-component="cuda_graphs"]')).toHaveCount(1);
  await page.getByLabel("Micro-batch per device", { exact: true }).fill(String(seqs));
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
  // A smaller share of the GPU leaves a smaller pool.
  const pool = await rowBytes(page, "kv_cache");
  await unfold(page, "Serving engine");
  await page.getByLabel("GPU memory share (vLLM, SGLang)", { exact: true }).fill("0.8");
  await expect.poll(() => rowBytes(page, "kv_cache")).toBeLessThan(pool);
  await expect(page).toHaveURL(/gpu_util=0\.8/);
  // Eager mode: no CUDA graphs, a larger pool.
  await unfold(page, "Serving engine");
  await page.getByLabel("CUDA graphs", { exact: true }).selectOption("off");
  await expect.poll(() => rowBytes(page, "cuda_graphs")).toBe(0);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-vllm.png`, fullPage: true });
});

test("serving engine chosen in the form; an invalid tensor-parallel degree names the constraint", async ({ page }) => {
  await page.goto(`./?mode=infer&gpu=h100-80&seq=32768&${L70}`);
  await ready(page);
  await expect(page.getByTestId("serving")).toHaveCount(0);
  await page.getByLabel("Serving engine", { exact: true }).selectOption("sglang");
  await expect(page.getByTestId("serving")).toContainText("SGLang KV pool:");
  await expect(page).toHaveURL(/engine=sglang/);
  // Tensor parallelism sits next to the GPU count for inference.
  const tp = page.getByLabel("Tensor parallel", { exact: true });
  await expect(tp).toBeVisible();
  await tp.fill("3");
  await expect(page.getByRole("alert").filter({ hasText: "tp must divide heads (64)" }).first()).toBeVisible();
  await tp.fill("4");
  await expect(page.getByRole("alert").filter({ hasText: "tp must divide" })).toHaveCount(0);
  await expect(page.getByTestId("serving")).toContainText("concurrent sequences");
  // Fewest GPUs for inference is the smallest tensor-parallel degree that fits.
  await expect(page.locator('[data-fact="fewest-gpus"]')).toContainText("tensor-parallel");
});

test("llama.cpp: layers on the GPU split weights and KV cache with host memory", async ({ page }) => {
  await page.goto("./?mode=infer&engine=llamacpp&layers=32&hidden=4096&heads=32&vocab=32000&dtype=fp16&quant=q4_k_m&seq=4096&host_mem=64");
  await ready(page);
  const all = await rowBytes(page, "weights");
  // llama.cpp's own buffer for Llama 2 7B Q4_K_M: 3820.94 MiB on the GPU.
  expect(Math.abs(all / 2 ** 20 - 3820.94)).toBeLessThan(1);
  expect(await rowBytes(page, "kv_cache_host")).toBe(0);
  await page.getByLabel("Layers on the GPU (llama.cpp)", { exact: true }).fill("16");
  await expect.poll(() => rowBytes(page, "kv_cache_host")).toBe(16 * 2 * 4096 * 4096 * 2);
  expect(await rowBytes(page, "kv_cache")).toBe(16 * 2 * 4096 * 4096 * 2);
  expect(await rowBytes(page, "weights")).toBeLessThan(all);
  await expect(page.locator('[data-component="weights_host"]')).toHaveCount(1);
  await unfold(page, "Precision");
  await page.getByLabel("KV cache precision", { exact: true }).selectOption("q8_0");
  await expect.poll(() => rowBytes(page, "kv_cache")).toBe((16 * 2 * 4096 * 4096 * 34) / 32);
});

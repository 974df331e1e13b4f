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
  // llama.cpp has no FP8 cache (--cache-type-k takes f32, f16, bf16 and block formats): not offered.
  await expect(page.getByLabel("KV cache precision", { exact: true }).locator('option[value="fp8"]')).toHaveCount(0);
  await page.getByLabel("KV cache precision", { exact: true }).selectOption("q8_0");
  await expect.poll(() => rowBytes(page, "kv_cache")).toBe((16 * 2 * 4096 * 4096 * 34) / 32);
});

// Issue 29, point 3: Llama 3.1 70B, 16 × 32k on 4 H100s with tensor parallelism 4.
const SERVE = "v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer&seq=32768&batch=16&gpus=4&tp=4&gpu=h100-80";

test("vLLM: the verdict, the capacity line and the suggestions agree, in sequences", async ({ page }, testInfo) => {
  await page.goto(`./?${SERVE}&engine=vllm`);
  await ready(page);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-fits", "false");
  await expect(page.locator(".verdict-text")).toHaveText(
    "Does not fit in vLLM's 90 % of NVIDIA H100 80GB (71.68 GiB): the KV pool holds 14 sequences of 32,768 tokens, 16 requested.",
  );
  // The capacity line marks the engine's share and reads the pool, red as the verdict is.
  const chart = page.getByTestId("breakdown-chart");
  await expect(chart).toHaveAttribute("data-line-met", "false");
  await expect(chart).toHaveAttribute("aria-label", /against 71\.68 GiB of vLLM's 90 % of 79\.65 GiB \(KV pool holds 14 sequences, 16 requested\)/);
  expect(await chart.getAttribute("aria-label")).not.toContain("headroom");
  // A server is asked for concurrent sequences.
  await expect(page.locator('[data-fact="max-batch"] dt')).toHaveText("Concurrent sequences that fit");
  await expect(page.locator('[data-fact="max-batch"] dd')).toHaveText("14 of 32,768 tokens");
  // Each suggestion says what it does to the sequences, none a saving to the same total.
  const fp8 = page.locator('li[data-saving="kv_dtype=fp8"]');
  await expect(fp8.locator(".saving-bytes")).toHaveText("14 → 29 sequences fit");
  await expect(page.locator('li[data-saving="tp=8&gpus=8"] .saving-bytes')).toHaveText("14 → 42 sequences fit");
  await expect(page.locator(".savings .saving-bytes").filter({ hasText: "GiB" })).toHaveCount(0);
  await page.screenshot({ path: `${ARTIFACTS}/vllm-verdict-${testInfo.project.name}.png`, fullPage: true });
  // Applied, the suggestion gives what it said, and verdict and line turn together.
  await fp8.getByRole("button", { name: "Apply" }).click();
  await expect(verdict).toHaveAttribute("data-fits", "true");
  await expect(page.getByTestId("serving")).toContainText("29 concurrent sequences of 32,768 tokens fit");
  await expect(chart).toHaveAttribute("data-line-met", "true");
  await expect(chart).toHaveAttribute("aria-label", /KV pool holds 29 sequences, 16 requested/);
});

test("SGLang: its total stays within the capacity it states", async ({ page }) => {
  await page.goto(`./?${SERVE}&engine=sglang`);
  await ready(page);
  await expect(page.getByTestId("total")).toHaveText("66.37 GiB");
  // Its static share holds the weights and the pool; the step comes from the rest of the GPU.
  await expect(page.locator(".verdict-text")).toContainText("SGLang's 82.4 % of NVIDIA H100 80GB + ");
  await expect(page.locator(".verdict-text")).toContainText("beside it (66.37 GiB): the KV pool holds 12 sequences of 32,768 tokens, 16 requested.");
  await expect(page.getByTestId("breakdown-chart")).toHaveAttribute("aria-label", /66\.37 GiB in total against 66\.37 GiB of SGLang's/);
  await expect(page.getByTestId("breakdown-chart")).toHaveAttribute("data-line-met", "false");
});

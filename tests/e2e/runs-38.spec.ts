import { test, expect, ready, rowBytes, unfold, ARTIFACTS } from "./fixtures";

// Issue 38, "Done when": e2e covers an MoE served with expert parallelism, llama.cpp with the
// experts on the CPU and a hybrid-attention model; and a vision-language model's "Parameters"
// counts its encoder. Every figure is the core's (the CLI prints the same).

test("an MoE served with expert parallelism: whole experts per GPU, the pool grows, ep is checked", async ({ page }, testInfo) => {
  await page.goto("./?v=5&mode=infer&model_id=Qwen/Qwen3-30B-A3B&engine=vllm&gpu=h100-80&gpus=4");
  await ready(page);
  // Four replicas, each with every expert: 30,532,122,624 parameters in BF16 on each GPU.
  expect(await rowBytes(page, "weights")).toBe(61_064_245_248);
  await expect(page.locator(".verdict-text")).toContainText("68 sequences of 2,048 tokens per replica, 272 in all");
  await unfold(page, "GPUs and parallelism");
  await page.getByLabel("Expert parallel", { exact: true }).fill("4");
  await expect(page).toHaveURL(/ep=4/);
  // --enable-expert-parallel over tp × dp = 4: 32 of the 128 experts per GPU.
  await expect.poll(() => rowBytes(page, "weights")).toBe(17_577_701_376);
  await expect(page.locator(".verdict-text")).toContainText("284 sequences of 2,048 tokens per replica, 1,136 in all");
  // The all-to-all of the routed tokens is a time term of its own (built when the fold opens).
  const speed = page.getByTestId("speed");
  await speed.locator("details.explain > summary").click();
  await expect(speed.locator('li[data-term="expert_all_to_all"]')).toContainText("Expert-parallel all-to-all");
  await page.screenshot({ path: `${ARTIFACTS}/${testInfo.project.name}-expert-parallel.png`, fullPage: true });
  // An ep that does not divide the group is an error naming the field and the allowed values.
  await page.getByLabel("Expert parallel", { exact: true }).fill("3");
  await expect(page.getByRole("alert").filter({ hasText: "allowed values 1 or 4" })).toBeVisible();
});

test("llama.cpp with a MoE too big for the GPU: experts on the CPU as suggested, then it fits", async ({ page }, testInfo) => {
  await page.goto("./?v=5&mode=infer&model_id=Qwen/Qwen3-235B-A22B&engine=llamacpp&gpu=rtx4090&quant=q4_k_m");
  await ready(page);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-fits", "false");
  // Beside fewer layers on the GPU, the suggestions keep the experts of the first layers in
  // host memory (--n-cpu-moe), and split the layers over more GPUs.
  await expect(page.locator('li[data-saving="gpu_layers=15"]')).toContainText("-ngl 15");
  await expect(page.locator('li[data-saving="pp=2&gpus=2"]')).toContainText("-sm layer");
  const cpuMoe = page.locator('li[data-saving="n_cpu_moe=82"]');
  await expect(cpuMoe).toContainText("--n-cpu-moe 82");
  await cpuMoe.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/n_cpu_moe=82/);
  await expect(verdict).toHaveAttribute("data-fits", "true");
  // The routed experts of 82 layers (118,493,282,304 B) join the token embeddings in host memory.
  await expect.poll(() => rowBytes(page, "weights_host")).toBe(118_843_342_848);
  expect(await rowBytes(page, "weights")).toBe(23_304_726_528);
  await page.screenshot({ path: `${ARTIFACTS}/${testInfo.project.name}-llamacpp-cpu-moe.png`, fullPage: true });
  // More layers than the model has is an error naming the field and the limit.
  await unfold(page, "Serving engine");
  await page.getByLabel("Layers whose experts stay on the CPU (llama.cpp)", { exact: true }).fill("99");
  await expect(page.getByRole("alert").filter({ hasText: "cannot exceed the model's layers (94)" })).toBeVisible();
});

test("a hybrid linear-attention model: a fixed state beside the KV of its attention layers", async ({ page }, testInfo) => {
  const q = "v=5&mode=infer&model_id=Qwen/Qwen3-Next-80B-A3B-Instruct&gpu=h200&gpus=2&tp=2&seq=32768";
  await page.goto(`./?${q}&batch=8`);
  await ready(page);
  // 12 of 48 layers attend and cache K and V; the 36 Gated DeltaNet layers keep a state per sequence.
  expect(await rowBytes(page, "kv_cache")).toBe(3_221_225_472);
  expect(await rowBytes(page, "linear_state")).toBe(158_072_832);
  await page.screenshot({ path: `${ARTIFACTS}/${testInfo.project.name}-hybrid.png`, fullPage: true });
  // vLLM pools both: a block holds 544 tokens of the 12 attention layers or one sequence's state.
  await page.goto(`./?${q}&engine=vllm`);
  await ready(page);
  await expect(page.getByTestId("serving")).toContainText("8,062 blocks of 544");
  await expect(page.locator(".verdict-text")).toContainText("the KV pool holds 120 sequences of 32,768 tokens");
});

test("a vision-language model's parameters count its vision encoder", async ({ page }) => {
  await page.goto("./?v=5&mode=infer&model_id=Qwen/Qwen2.5-VL-7B-Instruct&engine=vllm&gpu=h100-80");
  await ready(page);
  await expect(page.locator('[data-fact="params"] dd')).toHaveText(
    "8,292,166,656 (7,615,616,512 language model + 676,550,144 vision encoder)",
  );
});

test("Llama 4 and Qwen3-VL count their vision encoders; a version-6 Llama 4 link keeps the language model only", async ({ page }, testInfo) => {
  await page.goto("./?v=7&mode=infer&model_id=meta-llama/Llama-4-Scout-17B-16E-Instruct&engine=vllm&gpu=h200&gpus=2&tp=2");
  await ready(page);
  await expect(page.locator('[data-fact="params"] dd')).toHaveText(
    "108,641,793,536 (107,769,861,120 language model + 871,932,416 vision encoder)",
  );
  await expect(page.locator('[data-component="vision_weights"]')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/${testInfo.project.name}-llama4-vision.png`, fullPage: true });
  await page.goto("./?v=6&mode=infer&model_id=meta-llama/Llama-4-Scout-17B-16E-Instruct&engine=vllm&gpu=h200&gpus=2&tp=2");
  await ready(page);
  await expect(page.locator('[data-fact="params"] dd')).toHaveText("107,769,861,120");
  await expect(page.locator('[data-component="vision_weights"]')).toHaveCount(0);
  await page.goto("./?v=7&mode=infer&model_id=Qwen/Qwen3-VL-8B-Instruct&engine=vllm&gpu=h100-80");
  await ready(page);
  await expect(page.locator('[data-fact="params"] dd')).toHaveText(
    "8,767,123,696 (8,190,735,360 language model + 576,388,336 vision encoder)",
  );
});

import { test, expect, ready, rowBytes, unfold, ARTIFACTS } from "./fixtures";

// Issue 38: a vision-language model served with vLLM shows its encoder and vLLM's multimodal
// profile as rows of their own, and serving it text-only (mm_limit=0) gives the profile back to
// the pool.
const VL = "./?v=5&mode=infer&model_id=Qwen/Qwen2.5-VL-7B-Instruct&engine=vllm&gpu=h100-80&seq=32768";

test("a vision-language model: the encoder's row and vLLM's image profile", async ({ page }) => {
  await page.goto(VL);
  await ready(page);
  // 676,550,144 vision parameters in BF16.
  expect(await rowBytes(page, "vision_weights")).toBe(676_550_144 * 2);
  const profile = await rowBytes(page, "mm_profile");
  expect(profile).toBeGreaterThanOrEqual(16_384 * 3584 * 2);
  const pool = await rowBytes(page, "kv_cache");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-vision.png`, fullPage: true });
  await unfold(page, "Serving engine");
  await page.getByLabel("Images per prompt (vLLM --limit-mm-per-prompt)", { exact: true }).fill("0");
  await expect(page).toHaveURL(/mm_limit=0/);
  await expect(page.locator('[data-component="mm_profile"]')).toHaveCount(0);
  await expect.poll(() => rowBytes(page, "kv_cache")).toBe(pool + profile);
});

import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Issue 37: an honest range on every number. The total and the time each carry the band of the
// measured rows like them in docs/accuracy.md (judged leave-one-source-out), or say "not
// validated"; the verdict says when the top of the range does not fit.

const TRAIN = "./?v=3&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&batch=1&seq=2048";

test("the total and the step time carry their ranges beside the figures", async ({ page }, testInfo) => {
  await page.goto(`${TRAIN}&gpu=h100-80`);
  await ready(page);
  const band = page.getByTestId("total-band");
  await expect(band).toBeVisible();
  await expect(band).toContainText(/GiB – [\d.]+ GiB · −\d+ % to \+\d+ % \(\d+ rows like this, worst [−+][\d.]+ %\)/);
  await expect(band).toHaveAttribute("title", /left out/);
  // The total keeps its contract beside it.
  await expect(page.getByTestId("total")).toHaveText(/^[\d.]+ GiB$/);
  const speedBand = page.getByTestId("speed-band");
  await expect(speedBand).toContainText(/^Range: −\d+ % to \+\d+ % \(\d+ rows like this, worst [−+][\d.]+ %\)$/);
  await expect(speedBand).toHaveAttribute("title", /percentile/);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-fits", "true");
  await expect(page.getByTestId("verdict")).not.toContainText("unless");
  // On a phone the form comes first: the shot starts at the verdict.
  await page.getByTestId("verdict").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${ARTIFACTS}/bands-${testInfo.project.name}.png`, fullPage: false });
});

test("the verdict says the run may not fit at the high end of the range", async ({ page }, testInfo) => {
  // 31 GiB holds the 27.96 GiB total but not the top of its range.
  await page.goto(`${TRAIN}&gpu_mem=31`);
  await ready(page);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-fits", "true");
  await expect(verdict.locator(".verdict-text")).toContainText(
    /to spare, unless the run is at the high end of the range \(up to [\d.]+ GiB\)\./,
  );
  await verdict.screenshot({ path: `${ARTIFACTS}/bands-high-end-${testInfo.project.name}.png` });
});

test("a run no measured row covers says not validated, never a range", async ({ page }, testInfo) => {
  await page.goto("./?v=3&mode=sim&code=gromacs&particles=20000&ranks=1&nodes=1");
  await ready(page);
  // GROMACS's memory rows all come from one source: no range was judged on another.
  await expect(page.getByTestId("total-band")).toHaveText(/^not validated: /);
  await expect(page.getByTestId("speed-band")).toHaveText("Range: not validated: no measured row like this");
  await page.getByTestId("verdict").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${ARTIFACTS}/bands-not-validated-${testInfo.project.name}.png`, fullPage: false });
});

test("llama.cpp decode: the decode rate's range and the first token's", async ({ page }) => {
  await page.goto("./?v=3&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&gpu=rtx3090&batch=1&seq=512");
  await ready(page);
  const speedBand = page.getByTestId("speed-band");
  await expect(speedBand).toContainText(/^decode rate −\d+ % to \+\d+ % \(\d+ rows like this, worst −[\d.]+ %\)/);
  // llama.cpp's CUDA prefill rows (issue 37) come from four sources: a range.
  await expect(speedBand).toContainText(/; time to first token −\d+ % to \+\d+ % \(\d+ rows like this, worst [−+][\d.]+ %\)/);
  // On a Mac the prefill runs Metal's kernels, whose rows (Apple's pp512) come from one source.
  await page.goto("./?v=3&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&gpu=m4-max-128&batch=1&seq=512");
  await ready(page);
  await expect(page.getByTestId("speed-band")).toContainText(/time to first token not validated: the \d+ rows like this all come from one source/);
});

test("a pooled engine's total carries its KV pool's band in tokens, not \"not validated\"", async ({ page }) => {
  // vLLM's total is the share of the GPU it is given (gpu_util): the rows that vouch for it
  // measure the pool (VLLM-10511, VLLM-2031 in docs/accuracy.md).
  await page.goto("./?v=6&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80");
  await ready(page);
  const band = page.getByTestId("total-band");
  await expect(band).toContainText(/^KV pool [\d,]+ – [\d,]+ tokens · −[\d.]+ % to \+[\d.]+ % \(\d+ rows like this, worst [−+][\d.]+ %\)$/);
  await expect(band).toHaveAttribute("title", /gpu_util/);
});

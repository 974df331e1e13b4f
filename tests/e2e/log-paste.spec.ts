import { readFileSync } from "node:fs";
import { test, expect, ready, rowBytes, ARTIFACTS } from "./fixtures";

const LOGS = "crates/memcalc-core/tests/logs";
const log = (name: string) => readFileSync(`${LOGS}/${name}`, "utf8");

async function paste(page, text: string) {
  const fold = page.getByTestId("log-paste");
  if (!(await fold.evaluate((d: HTMLDetailsElement) => d.open))) await fold.locator("> summary").click();
  await page.getByTestId("log-text").fill(text);
  await page.getByTestId("log-read").click();
  await expect(page.getByTestId("log-answer")).toBeVisible();
}

test("vLLM log: fills the engine, GPU and runtime, checks weights and KV pool, link keeps keys only", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  await paste(page, log("vllm-0.6.5-v0-pr10511.log"));
  await expect(page.getByTestId("log-headline")).toContainText("Recognised a vLLM");
  await expect(page.getByTestId("log-paste")).toContainText("nothing leaves this machine");
  await expect(page.locator('[data-testid="log-filled"] li[data-key="runtime"]')).toContainText("runtime = 1833");
  await expect(page.locator('[data-testid="log-filled"] li[data-key="runtime"]')).toContainText("line 8");
  await expect(page.getByTestId("log-kept")).toContainText("seq");
  const weights = page.locator('[data-testid="log-checks"] li[data-figure="weights"]');
  await expect(weights).toContainText("weights: logged 14.96 GiB, estimated 14.96 GiB");
  await expect(weights).toHaveAttribute("data-flagged", "false");
  await expect(page.locator('[data-testid="log-checks"] li[data-figure="kv_bytes"]')).toHaveAttribute("data-flagged", "false");
  await expect(page).toHaveURL(/engine=vllm/);
  await expect(page).toHaveURL(/runtime=1833/);
  expect(page.url()).not.toMatch(/INFO|worker/);
  await expect(page.locator('[data-component="kv_cache"]')).toHaveCount(1);
  await page.getByTestId("log-paste").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-vllm.png`, fullPage: true });
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-vllm-box.png` });
});

test("llama.cpp log over a known shape: KV cache and compute buffers within 1 %", async ({ page }) => {
  await page.goto("./?mode=infer&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256");
  await ready(page);
  await paste(page, log("llamacpp-b4xxx-ollama9352.log"));
  await expect(page.getByTestId("log-headline")).toContainText("llama.cpp");
  await expect(page).toHaveURL(/engine=llamacpp/);
  await expect(page).toHaveURL(/batch=10/);
  const kv = page.locator('[data-testid="log-checks"] li[data-figure="kv_bytes"]');
  await expect(kv).toContainText("KV cache: logged 10.00 GiB, estimated 10.00 GiB, +0.0 %");
  await expect(page.locator('[data-testid="log-checks"] li[data-flagged="true"]')).toHaveCount(0);
  expect(await rowBytes(page, "kv_cache")).toBe(10240 * 2 ** 20);
  await page.getByTestId("log-paste").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-llamacpp.png`, fullPage: true });
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-llamacpp-box.png` });
});

test("LAMMPS log: a simulation filled from the run, the rank report checked and kept as measured", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  await paste(page, log("lammps-16Mar18-eam.4.log"));
  await expect(page.getByTestId("log-headline")).toContainText("LAMMPS 16 Mar 2018");
  await expect(page).toHaveURL(/mode=sim/);
  await expect(page).toHaveURL(/code=lammps/);
  await expect(page).toHaveURL(/measured_kind=rank/);
  const rank = page.locator('[data-testid="log-checks"] li[data-figure="rank_memory"]');
  await expect(rank).toContainText("memory per rank: logged 7.38 MiB");
  await expect(rank).toContainText("+1.9 %");
  await expect(page.locator('[data-testid="log-calibrated"] li[data-key="measured_kind"]')).toContainText("rank");
  await page.getByTestId("log-paste").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-lammps.png`, fullPage: true });
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-lammps-box.png` });
});

test("SGLang log (issue 40): engine, model from its local path, fraction and context filled; pool checked", async ({ page }) => {
  await page.goto("./?gpu=h100-80");
  await ready(page);
  await paste(page, log("sglang-0.5.4-issue12726.log"));
  await expect(page.getByTestId("log-headline")).toContainText("Recognised a SGLang 0.5-era");
  await expect(page).toHaveURL(/engine=sglang/);
  await expect(page).toHaveURL(/gpu_util=0.835/);
  await expect(page).toHaveURL(/Qwen3-4B/);
  await expect(page.locator('[data-testid="log-filled"] li[data-key="seq"]')).toContainText("40960");
  const pool = page.locator('[data-testid="log-checks"] li[data-figure="kv_tokens"]');
  await expect(pool).toContainText("KV pool: logged 421,472 tokens");
  await expect(pool).toContainText("+1.2 %");
  await expect(pool).toHaveAttribute("data-flagged", "false");
  expect(page.url()).not.toMatch(/ServerArgs|elr-models/);
  await expect(page.locator('[data-component="kv_cache"]')).toHaveCount(1);
  await page.getByTestId("log-paste").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-sglang.png`, fullPage: true });
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-sglang-box.png` });
});

test("an unrecognised or hostile paste changes nothing and stays text", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs += 1;
    d.dismiss();
  });
  await page.goto("./?params=7B&batch=4");
  await ready(page);
  // The page writes its canonical link first; the paste must leave that link as it is.
  await expect(page).toHaveURL(/v=\d/);
  const before = page.url();
  await paste(page, "hello <script>alert(1)</script>\n<img src=x onerror=alert(2)>\n\u001b[31mred\u001b[0m\n");
  const alert = page.locator('[data-testid="log-answer"] [role="alert"]');
  await expect(alert).toContainText("nothing was changed");
  await expect(alert).toContainText("LAMMPS");
  expect(page.url()).toBe(before);
  // Markup inside a recognised line stays characters on the page.
  await paste(page, "INFO \u001b[32mx\u001b[0m <img src=x onerror=alert(3)> Loading model weights took 14.96 GB\n# GPU blocks: 100\n");
  await expect(page.getByTestId("log-headline")).toContainText("vLLM");
  await expect(page.locator('[data-testid="log-answer"] img')).toHaveCount(0);
  await expect(page.locator('[data-testid="log-checks"] li[data-figure="weights"]')).toBeVisible();
  await expect(page.getByTestId("log-answer")).not.toContainText("\u001b");
  expect(dialogs).toBe(0);
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-hostile-box.png` });
});

test("a 20 MB log file is read without freezing the page", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("./");
  await ready(page);
  const line = "2025-01-01 12:00:00 INFO step 123 loss 1.234 of an unrelated long training log line\n";
  const big = line.repeat(Math.ceil((20 << 20) / line.length)) + "INFO 01-30 03:18:12 gpu_model_runner.py:848] Loading model weights took 14.9575 GB\n";
  const fold = page.getByTestId("log-paste");
  await fold.locator("> summary").click();
  const start = Date.now();
  await page.getByTestId("log-file").setInputFiles({ name: "big.log", mimeType: "text/plain", buffer: Buffer.from(big) });
  // While it reads, the page answers: a round trip to the page's main thread stays short.
  await expect(page.getByTestId("log-progress")).toContainText("Reading", { timeout: 20_000 });
  const t0 = Date.now();
  await page.evaluate(() => 1);
  expect(Date.now() - t0).toBeLessThan(1500);
  await expect(page.getByTestId("log-headline")).toContainText("vLLM", { timeout: 100_000 });
  // The log wasm is fed a slice per task (src/log.js); the whole read, for the record.
  console.log(`[${test.info().project.name}] 20 MB log read in ${Date.now() - start} ms`);
  expect(page.url().length).toBeLessThan(2000);
});

test("the log reader is its own wasm, fetched only when the box is used (issue 36)", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (r) => { if (/memcalc-log-[0-9a-f]+\.wasm$/.test(r.url())) fetched.push(r.url()); });
  await page.goto("./");
  await ready(page);
  await page.waitForTimeout(500);
  expect(fetched).toEqual([]);
  const name = await page.locator('meta[name="memcalc-log"]').getAttribute("content");
  expect(name).toMatch(/^\.\/memcalc-log-[0-9a-f]{16}\.wasm$/);
  const request = page.waitForRequest(/memcalc-log-[0-9a-f]+\.wasm$/);
  await page.getByTestId("log-paste").locator("> summary").click();
  await request;
  await paste(page, log("vllm-0.6.5-v0-pr10511.log"));
  await expect(page.getByTestId("log-headline")).toContainText("Recognised a vLLM");
  expect(fetched.length).toBe(1);
});

test("a log reader that cannot load is said in the box, and the form is left as it was", async ({ page }) => {
  await page.route(/memcalc-log-[0-9a-f]+\.wasm$/, (r) => r.abort());
  await page.goto("./");
  await ready(page);
  // The page writes its canonical link first; the failed read must leave it as it is.
  await expect(page).toHaveURL(/v=\d/);
  const before = page.url();
  await paste(page, log("vllm-0.6.5-v0-pr10511.log"));
  const headline = page.getByTestId("log-headline");
  await expect(headline).toContainText("The log reader did not load");
  await expect(headline).toHaveAttribute("role", "alert");
  await expect(page.getByTestId("log-answer")).toHaveAttribute("data-recognised", "false");
  expect(page.url()).toBe(before);
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-not-loaded-box.png` });
});

// Issue 40, timing lines: a log's rates beside the time model, with the band the project shows,
// and the bound's efficiency calibrated into the link, so the time on the page carries it.
test("llama-bench timings: decode and prefill checked, bw_eff and mfu calibrated into the link", async ({ page }) => {
  await page.goto("./?model_id=meta-llama/Llama-2-7b-hf&mode=infer");
  await ready(page);
  await paste(page, log("llamacpp-b6413-bench-rtxpro6000.log"));
  await expect(page.getByTestId("log-headline")).toContainText("llama.cpp");
  const decode = page.locator('[data-testid="log-checks"] li[data-figure="decode_rate"]');
  await expect(decode).toContainText("decode rate (one sequence): logged 279.0 tokens/s, estimated");
  await expect(decode).toContainText("the decode band (engine=llamacpp, memory_bandwidth)");
  await expect(page.locator('[data-testid="log-checks"] li[data-figure="prefill_rate"]')).toContainText("prefill rate: logged 16,634.0 tokens/s");
  await expect(page.locator('[data-testid="log-calibrated"] li[data-key="bw_eff"]')).toContainText("bw_eff: (empty) → ");
  await expect(page.locator('[data-testid="log-calibrated"] li[data-key="mfu"]')).toContainText("mfu: (empty) → ");
  await expect(page).toHaveURL(/bw_eff=/);
  await expect(page).toHaveURL(/mfu=/);
  await expect(page).toHaveURL(/gpu=rtx-pro-6000/);
  await expect(page.getByTestId("speed")).toBeVisible();
  await page.getByTestId("log-paste").scrollIntoViewIfNeeded();
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-llamabench-timing-box.png` });
});

test("LAMMPS timing: steps per second checked and the pair loop's utilisation kept in the link", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  await paste(page, log("lammps-16Mar18-lj.1.log"));
  const rate = page.locator('[data-testid="log-checks"] li[data-figure="step_rate"]');
  await expect(rate).toContainText("steps per second: logged 58.11 steps/s, estimated");
  await expect(page.locator('[data-testid="log-calibrated"] li[data-key="mfu"]')).toContainText("mfu: (empty) → ");
  await expect(page).toHaveURL(/mfu=/);
  // The page's time line is the calibrated model's: 58.1 timesteps/s.
  await expect(page.getByTestId("speed")).toContainText("58.1 timesteps/s");
  await page.getByTestId("log-answer").screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-log-lammps-timing-box.png` });
});

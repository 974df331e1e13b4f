import { readFileSync } from "node:fs";
import { test, expect, ready, rowBytes, totalBytes, unfoldAll, ARTIFACTS } from "./fixtures";

const CONFIGS = "crates/memcalc-core/tests/configs";

test("the model picker fills the architecture, stays editable, and the link carries model_id plus changes", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&seq=32768");
  await ready(page);
  // The architecture's fields are folded, and built when the fold first opens.
  await unfoldAll(page);
  const picker = page.getByLabel("Released model", { exact: true });
  // Searchable: every catalog model is offered as a suggestion.
  expect(await page.locator("#field-model_id-list option").count()).toBeGreaterThanOrEqual(40);
  await picker.fill("meta-llama/Llama-3.1-70B");
  await expect(page.getByLabel("Layers", { exact: true })).toHaveValue("80");
  await expect(page.getByLabel("KV heads", { exact: true })).toHaveValue("8");
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveValue("");
  await expect(page.locator(".derived-hint")).toContainText("70,553,706,496");
  // 2 × 80 layers × 8 KV heads × 128 × 32,768 tokens × 2 bytes.
  await expect.poll(() => rowBytes(page, "kv_cache")).toBe(2 * 80 * 8 * 128 * 32768 * 2);
  await expect(page).toHaveURL(/model_id=meta-llama%2FLlama-3\.1-70B/);
  // Still editable: a changed field goes into the link on top of the model.
  await unfoldAll(page);
  await page.getByLabel("KV heads", { exact: true }).fill("16");
  await expect.poll(() => rowBytes(page, "kv_cache")).toBe(2 * 80 * 16 * 128 * 32768 * 2);
  await expect(page).toHaveURL(/model_id=meta-llama%2FLlama-3\.1-70B&.*kv_heads=16/);
  const url = page.url();
  await page.goto(url);
  await ready(page);
  await unfoldAll(page);
  await expect(page.getByLabel("Released model", { exact: true })).toHaveValue("meta-llama/Llama-3.1-70B");
  await expect(page.getByLabel("KV heads", { exact: true })).toHaveValue("16");
  // An alias in any case works; an unknown id names the closest known ones.
  await picker.fill("DEEPSEEK-V3");
  await expect(page.getByLabel("MLA latent rank", { exact: true })).toHaveValue("512");
  await picker.fill("meta-llama/Llama-3.1-71B");
  await expect(page.locator("#field-model_id-error")).toContainText("closest known ids");
  await expect(page.locator("#field-model_id-error")).toContainText("meta-llama/Llama-3.1-70B");
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-model-picker.png`, fullPage: true });
});

test("a pasted config.json sets the architecture; the link reopens without the file; bad JSON is named", async ({ page, browser }) => {
  await page.goto("./?v=2&mode=infer&seq=1");
  await ready(page);
  await page.getByText("Import a Hugging Face config.json").click();
  await page.getByLabel("Paste config.json, or drop the file here").fill(readFileSync(`${CONFIGS}/deepseek-v3.json`, "utf8"));
  await page.getByTestId("config-read").click();
  // DeepSeek-V3: exact count, and the MLA cache of (512 + 64) values × 61 layers × 2 bytes per token.
  await expect(page.locator(".derived-hint")).toContainText("671,026,419,200");
  await expect.poll(() => rowBytes(page, "kv_cache")).toBe((512 + 64) * 61 * 2);
  const report = page.getByTestId("config-report");
  await expect(report).toContainText("deepseek_v3");
  await expect(report).toContainText("quantization_config");
  await expect(page).toHaveURL(/kv_lora_rank=512/);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-config-import.png`, fullPage: true });
  const total = await totalBytes(page);
  const other = await browser.newPage();
  await other.goto(page.url());
  await ready(other);
  expect(await totalBytes(other)).toBe(total);
  await other.close();
  // Not JSON: a message naming the problem; the page keeps its result.
  await page.getByLabel("Paste config.json, or drop the file here").fill('{"hidden_size": 4096,');
  await page.getByTestId("config-read").click();
  await expect(page.getByTestId("config-error")).toContainText("not valid JSON");
  expect(await totalBytes(page)).toBe(total);
  // A missing required key is named.
  await page.getByLabel("Paste config.json, or drop the file here").fill('{"hidden_size": 4096}');
  await page.getByTestId("config-read").click();
  await expect(page.getByTestId("config-error")).toContainText("num_hidden_layers");
  // A chosen file is read the same way.
  await page.getByTestId("config-file").setInputFiles(`${CONFIGS}/gpt2.json`);
  await unfoldAll(page);
  await expect(page.getByLabel("Layers", { exact: true })).toHaveValue("12");
  await expect(page.getByTestId("config-error")).toHaveText("");
  await expect(page.locator(".derived-hint")).toContainText("124,439,808");
});

test("a bare count takes the nearest released model's shape and says so", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&params=70B&seq=32768&batch=16&gpus=4&tp=4");
  await ready(page);
  await expect(page.locator(".warnings")).toContainText("assumed the shape of Llama 3.1 70B");
  // Llama 3.1 70B: 8 KV heads, 2 per GPU.
  expect(await rowBytes(page, "kv_cache")).toBe(2 * 80 * 2 * 128 * 32768 * 16 * 2);
});

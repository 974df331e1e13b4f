import { readFileSync } from "node:fs";
import { test, expect, ready, totalBytes, watch, download, partRows, ARTIFACTS, PORT } from "./fixtures";

test("the copy-link button copies a link that reopens identical results in a new context", async ({ page, browser, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("./?preset=mixtral-8x7b-serve");
  await ready(page);
  await page.getByLabel("Micro-batch per device", { exact: true }).fill("8");
  await page.getByRole("radio", { name: "GB", exact: true }).check();
  await page.getByTestId("copy-link").click();
  await expect(page.getByTestId("copied")).toHaveText("Link copied.");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${PORT}/\\?v=7&preset=mixtral-8x7b-serve&batch=8&units=decimal$`));
  const want = await partRows(page);
  const total = await totalBytes(page);

  const other = await browser.newContext();
  const fresh = await other.newPage();
  const problems: string[] = [];
  watch(fresh, problems);
  await fresh.goto(link);
  await ready(fresh);
  expect(await totalBytes(fresh)).toBe(total);
  expect(await partRows(fresh)).toEqual(want);
  await expect(fresh.getByTestId("total")).toContainText(" GB");
  expect(problems).toEqual([]);
  await other.close();
});

test("without clipboard access the link is offered to copy by hand", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  // No permission granted and the API made to refuse: the page must still hand over the link.
  await page.evaluate(() => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
  });
  await page.getByTestId("copy-link").click();
  await expect(page.locator(".manual-copy")).toHaveValue(/\?v=7$/);
});

test("where the Clipboard API does not exist (plain http), the link is offered by hand", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  await page.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
  await page.getByTestId("copy-command").click();
  await expect(page.locator(".manual-copy")).toHaveValue("memcalc 'v=7'");
});

test("back and forward move through applied states, not keystrokes", async ({ page }) => {
  await page.goto("./?params=13B&gpus=8");
  await ready(page);
  // 120 ms after the start the address bar takes the canonical link, replacing this entry: wait
  // for it, or the entry read here may be rewritten after it is read.
  await expect(page).toHaveURL(/[?&]v=7&params=13B&gpus=8/);
  const start = page.url();
  // A preset is a deliberate step: a new history entry.
  await page.getByLabel("Start from a preset").selectOption("llama-3-8b-serve");
  await expect(page).toHaveURL(/preset=llama-3-8b-serve$/);
  const afterPreset = page.url();
  // Typing replaces the current entry.
  await page.getByLabel("Micro-batch per device", { exact: true }).fill("3");
  await page.getByLabel("Micro-batch per device", { exact: true }).fill("32");
  await expect(page).toHaveURL(/batch=32/);
  const typed = page.url();
  // A suggestion is a deliberate step too.
  await page.waitForTimeout(400);
  await page.locator(".savings li").first().getByRole("button", { name: "Apply" }).click();
  await expect(page).not.toHaveURL(typed);
  const applied = page.url();

  await page.goBack();
  await expect(page).toHaveURL(typed);
  await expect(page.getByLabel("Micro-batch per device", { exact: true })).toHaveValue("32");
  await page.goBack();
  await expect(page).toHaveURL(start);
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveValue("13B");
  await expect(page.getByLabel("Start from a preset")).toHaveValue("");
  await page.goForward();
  await expect(page).toHaveURL(typed);
  await page.goForward();
  await expect(page).toHaveURL(applied);
  expect(afterPreset).not.toBe(typed);
});

test("links written with schema version 1 still open with the same results", async ({ page }) => {
  // The same pinned links the core's tests check; a few of them, through the page.
  const lines = readFileSync("crates/memcalc-core/tests/links_v1.txt", "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"));
  for (const line of [lines[2], lines[7], lines[12]]) {
    const cut = line.lastIndexOf(" ");
    const link = line.slice(0, cut).replace(/^\?/, "");
    const bytes = Number(line.slice(cut + 1));
    await page.goto(`./?${link.replace(/^v=1&?/, "v=1&")}`);
    await ready(page);
    expect(await totalBytes(page), link).toBe(bytes);
    await expect(page.locator(".query-notices")).toHaveCount(0);
  }
});

test("without a query the last calculation on this browser comes back", async ({ page }) => {
  await page.goto("./?mode=infer&params=70B&quant=q4_k_m");
  await ready(page);
  const total = await totalBytes(page);
  await page.goto("./");
  await ready(page);
  expect(await totalBytes(page)).toBe(total);
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveValue("70B");
});

test("start over returns every field to its default, one step back in history", async ({ page }) => {
  await page.goto("./?preset=llama-3-8b-serve");
  await ready(page);
  await page.getByTestId("reset").click();
  await expect(page).toHaveURL(/\?v=7$/);
  await expect(page.getByLabel("Parameters", { exact: true })).toHaveValue("7B");
  await expect(page.getByLabel("Start from a preset")).toHaveValue("");
  await page.goBack();
  await expect(page).toHaveURL(/preset=llama-3-8b-serve/);
  await expect(page.getByLabel("Start from a preset")).toHaveValue("llama-3-8b-serve");
});

test("each export downloads a file whose content matches the page", async ({ page }) => {
  await page.goto("./?params=13B&gpus=8&zero=2&offload=optimizer");
  await ready(page);
  const want = await page.locator("[data-component]").evaluateAll((els) =>
    els.map((e) => [e.getAttribute("data-component"), Number(e.getAttribute("data-bytes"))]),
  );
  const total = await totalBytes(page);

  const json = await download(page, "export-json");
  expect(json.name).toBe("memcalc-13b-train.json");
  const doc = JSON.parse(json.body.toString("utf8"));
  expect(doc.schema_version).toBe(1);
  expect(doc.per_device_bytes).toBe(total);
  expect(doc.components.map((c) => [c.id, c.bytes])).toEqual(want);

  const csv = await download(page, "export-csv");
  const lines = csv.body.toString("utf8").trim().split("\n");
  expect(lines[0]).toBe("id,label,bytes,location,formula");
  // Components, the total, then the changed inputs and the link (newcomers.spec.ts).
  const totalAt = lines.findIndex((l) => l.startsWith("total,"));
  expect(lines.slice(1, totalAt).map((l) => [l.split(",")[0], Number(l.split(",")[2])])).toEqual(want);
  expect(lines[totalAt]).toBe(`total,Total per device,${total},device,`);

  const md = await download(page, "export-markdown");
  const text = md.body.toString("utf8");
  expect(text).toContain("| Component | Memory | Bytes | Where | Formula |");
  for (const [id, bytes] of want) expect(text).toContain(` | ${bytes} | `);
  expect(text).toContain(`| **Total per device** |`);
  expect(text).toContain(`| ${total} | device |`);

  const png = await download(page, "export-png");
  expect(png.name).toBe("memcalc-13b-train.png");
  expect([...png.body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = png.body.readUInt32BE(16);
  const canvasWidth = await page.getByTestId("breakdown-chart").evaluate((c: HTMLCanvasElement) => c.width);
  expect(width).toBe(canvasWidth);
});

test("copy as command gives the memcalc invocation of the same state", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("./?mode=infer&params=70B&gpus=2&tp=2");
  await ready(page);
  await expect(page.getByTestId("command")).toHaveText("memcalc 'v=7&mode=infer&params=70B&gpus=2&tp=2&shape=dense'");
  await page.getByTestId("copy-command").click();
  await expect(page.getByTestId("copied")).toHaveText("Command copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("memcalc 'v=7&mode=infer&params=70B&gpus=2&tp=2&shape=dense'");
});

test("the embed-code dialog gives an iframe of the current state", async ({ page }) => {
  await page.goto("./?preset=lj-melt");
  await ready(page);
  await page.getByTestId("embed-code").click();
  const snippet = page.getByTestId("embed-snippet");
  await expect(snippet).toBeVisible();
  // Every part but the share panel by default; unticking a part drops it from show=.
  await expect(snippet).toHaveValue(new RegExp(`<iframe src="http://127\\.0\\.0\\.1:${PORT}/\\?v=7&amp;preset=lj-melt&amp;embed=1&amp;show=form,verdict,chart,advice,scaling,table,explanations,faq"`));
  await page.locator(".embed-parts label", { hasText: "faq" }).getByRole("checkbox").uncheck();
  await page.locator(".embed-parts label", { hasText: "form" }).getByRole("checkbox").uncheck();
  await expect(snippet).toHaveValue(/&amp;embed=1&amp;show=verdict,chart,advice,scaling,table,explanations"/);
  await expect(snippet).toHaveValue(/sandbox="allow-scripts allow-popups/);
  await expect(snippet).toHaveValue(/memcalc:height/);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-embed-dialog.png` });
  await page.keyboard.press("Escape");
  await expect(snippet).toBeHidden();
});

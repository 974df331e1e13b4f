import { readFileSync } from "node:fs";
import { test, expect, ready, unfoldAll, download, PORT, ARTIFACTS } from "./fixtures";

// Issue 29, points 9 and 11: embedding that locks what it says, and the page's smaller rough edges.
// Each test fails on the build before the fix.

const project = () => test.info().project.name;

test("lock=model_id fixes the released model, its count and its architecture", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&model_id=meta-llama/Llama-3.1-8B&lock=model_id");
  await ready(page);
  for (const key of ["model_id", "params", "layers", "hidden", "heads", "kv_heads", "ffn", "vocab"]) {
    // A compact fact (issue 39): label and value, no control.
    await expect(page.getByTestId(`locked-${key}`), key).toHaveCount(1);
    await expect(page.getByTestId(`locked-${key}`).locator("input, select"), key).toHaveCount(0);
  }
  await expect(page.getByTestId("locked-mlp")).toHaveCount(1);
  await expect(page.getByTestId("locked-model")).toHaveCount(1);
  await expect(page.locator(".inputs")).not.toContainText("Fixed by this page.");
  // What readers are meant to change stays editable, and the model cannot be swapped by a preset.
  await expect(page.locator("#field-batch")).not.toHaveAttribute("readonly", /.*/);
  await expect(page.locator("#field-preset")).toHaveCount(0);
  await expect(page.getByTestId("config-import")).toHaveCount(0);
  await page.locator("#field-batch").fill("4");
  await expect(page.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
  await expect(page).toHaveURL(/lock=model_id/);
});

test("lock=params,gpu also fixes the released model a link names", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&model_id=meta-llama/Llama-3.1-8B&lock=params,gpu");
  await ready(page);
  await expect(page.getByTestId("locked-model_id")).toContainText("Llama-3.1-8B");
  await expect(page.getByTestId("locked-layers")).toHaveCount(1);
  await expect(page.getByTestId("locked-gpu").locator("select")).toHaveCount(0);
});

test("the embed dialog's lock choices write lock= into both codes, and the code locks the model", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&model_id=meta-llama/Llama-3.1-8B");
  await ready(page);
  await page.getByTestId("embed-code").click();
  const snippet = page.getByTestId("embed-snippet");
  const script = page.getByTestId("embed-script");
  await expect(snippet).toBeVisible();
  await expect(snippet).not.toHaveValue(/lock=/);
  await page.getByTestId("lock-model_id").check();
  await page.getByTestId("lock-gpu").check();
  await expect(snippet).toHaveValue(/&amp;lock=model_id,gpu" title="Memory calculator"/);
  await expect(script).toHaveValue(/&amp;lock=model_id,gpu"><\/script>$/);
  await page.getByTestId("lock-model_id").uncheck();
  await expect(snippet).toHaveValue(/&amp;lock=gpu" title=/);
  await page.getByTestId("lock-model_id").check();
  await expect(snippet).toHaveValue(/&amp;lock=gpu,model_id" title=/);
  await page.screenshot({ path: `${ARTIFACTS}/embed-locks-${project()}.png` });

  // The frame the code writes keeps the model's shape fixed.
  const src = (await snippet.inputValue()).match(/<iframe src="([^"]+)"/)![1].replaceAll("&amp;", "&");
  expect(src.startsWith(`http://127.0.0.1:${PORT}/`)).toBe(true);
  await page.goto(src);
  await ready(page);
  await expect(page.getByTestId("locked-layers")).toHaveCount(1);
  await expect(page.getByTestId("locked-kv_heads")).toHaveCount(1);
  await expect(page.locator("input#field-layers, input#field-kv_heads")).toHaveCount(0);
});

test("embedded at 960 px the formula column stays readable and numbers stay on one line", async ({ page }) => {
  await page.goto("/examples/embed.html");
  const frame = page.frameLocator("#calc");
  await expect(frame.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
  const rows = frame.locator("table.breakdown tbody tr");
  expect(await rows.count()).toBeGreaterThan(2);
  for (let i = 0; i < (await rows.count()); i++) {
    const why = await rows.nth(i).locator("td.why").boundingBox();
    expect(why!.width, `formula column of row ${i}`).toBeGreaterThanOrEqual(200);
  }
  // Each size and share sits on one line: its text has line boxes at a single height.
  const lines = await frame.locator("table.breakdown td.num").evaluateAll((els) =>
    els.map((el) => {
      const r = document.createRange();
      r.selectNodeContents(el);
      return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size;
    }),
  );
  expect(lines.length).toBeGreaterThan(4);
  for (const n of lines) expect(n).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.locator("#calc").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/embed-960-${project()}.png`, fullPage: true });
});

test("a skip link, shown on focus, takes the keyboard past the form to the results", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  const skip = page.getByRole("link", { name: "Skip to results" });
  await expect(skip).toHaveCount(1);
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#results-heading")).toBeFocused();
  // The next Tab stop is inside the results, not back in the form.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest(".results"))).toBe(true);
});

test("Layers on the GPU is offered under llama.cpp only", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&params=8B&engine=vllm");
  await ready(page);
  await expect(page.locator("#field-engine")).toHaveValue("vllm");
  await expect(page.locator("#field-gpu_layers")).toHaveCount(0);
  await expect(page.getByLabel("Layers on the GPU (llama.cpp)", { exact: true })).toHaveCount(0);
  await page.locator("#field-engine").selectOption("llamacpp");
  await expect(page.getByLabel("Layers on the GPU (llama.cpp)", { exact: true })).toBeVisible();
  await page.locator("#field-engine").selectOption("sglang");
  await expect(page.locator("#field-gpu_layers")).toHaveCount(0);
});

test("the config.json panel is styled like the form, and its report reads well", async ({ page }) => {
  await page.goto("./?v=2&mode=infer");
  await ready(page);
  const panel = page.getByTestId("config-import");
  await page.getByText("Import a Hugging Face config.json").click();
  const read = page.getByTestId("config-read");
  await expect(read).toBeVisible();
  // The form's buttons: the panel's colour with an accent border, not the native grey.
  const look = await read.evaluate((b) => {
    const s = getComputedStyle(b);
    const panel = getComputedStyle(document.querySelector(".inputs")!);
    return { bg: s.backgroundColor, panel: panel.backgroundColor, radius: s.borderTopLeftRadius };
  });
  expect(look.bg).toBe(look.panel);
  expect(look.radius).toBe("4px");
  const area = page.locator("#config-json");
  expect(await area.evaluate((t) => getComputedStyle(t).borderTopLeftRadius)).toBe("6px");
  expect((await area.boundingBox())!.width).toBeGreaterThan((await panel.boundingBox())!.width * 0.8);
  const config = readFileSync("crates/memcalc-core/tests/configs/llama-3.1-8b.json", "utf8");
  await area.fill(config.replace('"model_type": "llama"', '"model_type": "acme"'));
  await read.click();
  await expect(page.getByTestId("config-report")).toContainText("of an acme config:");
  await panel.screenshot({ path: `${ARTIFACTS}/config-panel-${project()}.png` });
});

test("the results follow a long form on a desktop, and stack below it on a phone", async ({ page }) => {
  await page.goto("./");
  await ready(page);
  await unfoldAll(page);
  const results = page.locator("section.results");
  const inputs = page.locator("section.inputs");
  if (project() === "phone") {
    expect(await results.evaluate((r) => getComputedStyle(r).position)).toBe("static");
    const [a, b] = [(await inputs.boundingBox())!, (await results.boundingBox())!];
    expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
    return;
  }
  // Halfway down the form, well past the results' own top: the results are still all in view.
  const formHeight = (await inputs.boundingBox())!.height;
  const viewport = page.viewportSize()!;
  expect(formHeight).toBeGreaterThan(2 * viewport.height);
  await page.evaluate((y) => window.scrollTo(0, y), formHeight / 2);
  await expect.poll(async () => (await results.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  const box = (await results.boundingBox())!;
  expect(box.y).toBeLessThanOrEqual(20);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1);
  // Taller than the window, the results scroll on their own.
  await expect(page.locator("section.share")).toHaveCount(1);
  await results.evaluate((r) => r.scrollTo(0, r.scrollHeight));
  await expect(page.locator("section.share")).toBeInViewport();
  await page.screenshot({ path: `${ARTIFACTS}/sticky-results-${project()}.png` });
});

test("exports are named for the scenario and the PNG carries a title line", async ({ page }) => {
  await page.goto("./?v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer");
  await ready(page);
  expect((await download(page, "export-csv")).name).toBe("memcalc-llama-3.1-70b-infer.csv");
  expect((await download(page, "export-markdown")).name).toBe("memcalc-llama-3.1-70b-infer.md");
  expect((await download(page, "export-json")).name).toBe("memcalc-llama-3.1-70b-infer.json");
  const png = await download(page, "export-png");
  expect(png.name).toBe("memcalc-llama-3.1-70b-infer.png");
  const canvas = await page.getByTestId("breakdown-chart").evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
  // The same width as the chart, and a band above it for the title.
  expect(png.body.readUInt32BE(16)).toBe(canvas.w);
  expect(png.body.readUInt32BE(20)).toBeGreaterThan(canvas.h);
});

test("where a simulation's rows live reads node in the table, the CSV and the Markdown", async ({ page }) => {
  await page.goto("./?mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4");
  await ready(page);
  const places = await page.locator("table.breakdown [data-component]").evaluateAll((els) => els.map((e) => e.getAttribute("data-location")));
  expect(places).toContain("node");
  expect(places).not.toContain("device");
  const csv = (await download(page, "export-csv")).body.toString("utf8").trim().split("\n");
  const total = csv.find((l) => l.startsWith("total,"))!;
  expect(total.endsWith(",node,")).toBe(true);
  expect(csv.filter((l) => !l.startsWith("input:") && !l.startsWith("link,")).some((l) => l.split(",")[3] === "device")).toBe(false);
  const md = (await download(page, "export-markdown")).body.toString("utf8");
  expect(md).toContain(" | node |");
  expect(md).not.toContain(" | device |");
});

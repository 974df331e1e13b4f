import { test, expect, ARTIFACTS } from "./fixtures";

// examples/embed.html is served at /examples/ beside the build (playwright.config.ts).
test("embedded in a host page: sizes itself, honours show= and lock=, leaves the host alone", async ({ page }) => {
  await page.goto("/examples/embed.html");
  const headerBefore = await page.locator("#host-header").boundingBox();
  const frameEl = page.locator("#calc");
  const frame = page.frameLocator("#calc");
  await expect(frame.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);

  // The frame is as tall as its content: no scrollbar inside it.
  const fits = async () => {
    const outer = (await frameEl.boundingBox())!.height;
    const inner = await frame.locator("body").evaluate((b) => b.getBoundingClientRect().height);
    return Math.abs(outer - inner);
  };
  await expect.poll(fits).toBeLessThanOrEqual(3);
  const h1 = (await frameEl.boundingBox())!.height;
  expect(h1).toBeGreaterThan(600);

  // show=form,verdict,chart,advice,table: no FAQ, scaling view or share panel; no site chrome.
  await expect(frame.locator(".faq")).toHaveCount(0);
  await expect(frame.getByTestId("scaling-chart")).toHaveCount(0);
  await expect(frame.locator(".share")).toHaveCount(0);
  await expect(frame.locator(".site-header")).toHaveCount(0);
  await expect(frame.getByTestId("breakdown-chart")).toBeVisible();
  // lock=particles,density: shown as facts, not editable; the rest is.
  await expect(frame.getByTestId("locked-particles")).toContainText("32000");
  await expect(frame.getByTestId("locked-particles").locator("input, select")).toHaveCount(0);
  await expect(frame.getByTestId("locked-density")).toBeVisible();
  await expect(frame.locator("#field-ranks")).toBeEditable();
  await expect(frame.locator("#field-preset")).toHaveCount(0);

  // Content grows (folded settings open): the frame grows with it. No explanations: show= left
  // them out.
  await expect(frame.locator("details.explain")).toHaveCount(0);
  const folds = frame.locator("details.advanced summary");
  for (let i = 0; i < Math.min(3, await folds.count()); i++) await folds.nth(i).click();
  await expect.poll(async () => (await frameEl.boundingBox())!.height).toBeGreaterThan(h1);
  await expect.poll(fits).toBeLessThanOrEqual(3);

  // Editing inside works; the host page's layout and URL are untouched.
  await frame.locator("#field-ranks").fill("8");
  await expect(frame.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.locator("#host-header").boundingBox()).toEqual(headerBefore);
  expect(page.url()).toMatch(/\/examples\/embed\.html$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The frame can only open the full calculator in a new tab; it cannot script the host.
  const full = frame.getByTestId("open-full");
  await expect(full).toHaveAttribute("target", "_blank");
  await expect(full).toHaveAttribute("rel", "noopener");
  await expect(full).toHaveAttribute("href", /\?v=7&preset=lj-melt&ranks=8$/);
  await expect(frameEl).toHaveAttribute("sandbox", /allow-scripts/);
  await expect(frameEl).not.toHaveAttribute("sandbox", /allow-same-origin|allow-top-navigation/);
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-embed-host.png` });
});

test("embed mode on its own: only the calculator, and the parts asked for", async ({ page }) => {
  await page.goto("./?v=1&mode=infer&params=7B&embed=1&show=verdict,chart");
  await expect(page.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
  await expect(page.locator(".site-header")).toHaveCount(0);
  await expect(page.locator(".inputs")).toHaveCount(0);
  await expect(page.locator("table.breakdown")).toHaveCount(0);
  await expect(page.getByTestId("breakdown-chart")).toBeVisible();
  await expect(page.getByTestId("open-full")).toBeVisible();
});

// Issue 41: an embed can show a comparison. The link's kept setups (`cmp`) bring "Compare setups"
// even where the embed shows only the verdict, with every column, its sentence and its bars.
test("an embed link with kept setups shows the comparison beside its verdict", async ({ page }, testInfo) => {
  const kept = encodeURIComponent("v=7&mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm");
  await page.goto(`./?v=7&embed=1&show=verdict&mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=sglang&cmp=${kept}`);
  await expect(page.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
  const view = page.getByTestId("compare");
  await view.scrollIntoViewIfNeeded();
  await expect(view.getByTestId("compare-table").locator("thead th")).toHaveText(["", "Setup 1", "Setup 2 (the form)"]);
  await expect(view.getByTestId("compare-sentence-2")).toContainText("Changes from setup 1: engine vllm → sglang.");
  await expect(view.getByTestId("compare-chart")).toBeVisible();
  await expect(page.locator(".inputs")).toHaveCount(0);
  await view.screenshot({ path: `${ARTIFACTS}/embed-compare-${testInfo.project.name}.png` });
});

test("the one-line embed script writes a sandboxed frame that sizes itself", async ({ page }) => {
  await page.goto("/examples/embed-script.html");
  const frameEl = page.locator("iframe.memcalc");
  await expect(frameEl).toHaveCount(1);
  await expect(frameEl).toHaveAttribute("sandbox", "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-downloads");
  await expect(frameEl).toHaveAttribute("src", /\?v=1&preset=llama-3-8b-serve&show=form,verdict,chart,table&lock=params&embed=1$/);
  const frame = page.frameLocator("iframe.memcalc");
  await expect(frame.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
  await expect(frame.getByTestId("locked-params")).toBeVisible();
  await expect(frame.getByTestId("locked-params").locator("input")).toHaveCount(0);
  const fits = async () => {
    const outer = (await frameEl.boundingBox())!.height;
    const inner = await frame.locator("body").evaluate((b) => b.getBoundingClientRect().height);
    return Math.abs(outer - inner);
  };
  await expect.poll(fits).toBeLessThanOrEqual(3);
  // The frame sits where the script tag was: between the title and the text after it.
  const [title, box, after] = await Promise.all([page.locator("#host-title").boundingBox(), frameEl.boundingBox(), page.locator("#host-after").boundingBox()]);
  expect(box!.y).toBeGreaterThan(title!.y);
  expect(after!.y).toBeGreaterThanOrEqual(box!.y + box!.height - 1);
});

test("embedded by a host that omits Access-Control-Allow-Origin, the frame cannot load and says what the site must change", async ({ page }) => {
  // The same build served by a server that leaves the header out, as a misconfigured host would.
  const { spawn } = await import("node:child_process");
  const { PORT } = await import("./fixtures");
  const port = PORT + 2 + (test.info().project.name === "phone" ? 1 : 0);
  const server = spawn("node", ["scripts/serve-dist.mjs", "dist", String(port), "/", "examples"], { env: { ...process.env, SERVE_NO_CORS: "1" }, stdio: "pipe" });
  try {
    await new Promise((ok) => server.stdout!.once("data", ok));
    const seen: string[] = [];
    page.on("console", (m) => seen.push(m.text()));
    await page.goto(`http://127.0.0.1:${port}/examples/embed.html`);
    const frame = page.frameLocator("#calc");
    // At once, not after a timeout, and not the "old browser" text.
    const why = frame.getByTestId("boot-cors");
    await expect(why).toBeVisible({ timeout: 5_000 });
    await expect(why).toContainText("Access-Control-Allow-Origin: *");
    await expect(frame.getByText("too old")).toBeHidden();
    const link = why.getByRole("link");
    await expect(link).toHaveAttribute("href", /embedding\.md/);
    await expect(link).toHaveAttribute("target", "_blank");
    expect(seen.some((t) => /CORS policy/.test(t)), "the browser reported the blocked load").toBe(true);
    // The documentation it links to is served beside the build.
    const doc = await page.request.get(`http://127.0.0.1:${port}/embedding.md`);
    expect(await doc.text()).toContain("Access-Control-Allow-Origin");
  } finally {
    server.kill();
  }
});

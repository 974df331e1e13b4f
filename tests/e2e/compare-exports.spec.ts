import { test, expect, ready, download, ARTIFACTS } from "./fixtures";

// Issue 41: with kept setups (cmp=), the page's JSON, CSV and Markdown carry every column, and
// the comparison draws each setup's stacked bars on one axis (with a PNG). The layout rows show
// each layout's step time and GPU-hours.

const keep = (q: string) => `&cmp=${encodeURIComponent(q)}`;
const THREE = `./?v=5&params=7B&gpus=8&seq=4096${keep("v=5&params=7B&gpus=8&seq=4096&zero=3")}${keep("v=5&params=7B&gpus=8&seq=4096&recompute=full")}`;

test("the exports carry every column of the comparison, and its bars share one axis", async ({ page }, testInfo) => {
  await page.goto(THREE);
  await ready(page);
  const view = page.getByTestId("compare");
  await view.scrollIntoViewIfNeeded();
  await expect(view.getByTestId("compare-table").locator("thead th")).toHaveCount(4);
  // The bars: one canvas, backing store = CSS size × devicePixelRatio, named for a screen reader.
  const chart = view.getByTestId("compare-chart");
  await expect(chart).toHaveAttribute("aria-label", /Setup 1: .*Setup 2: .*Setup 3: /);
  const px = await chart.evaluate((c: HTMLCanvasElement) => ({ w: c.width, css: c.getBoundingClientRect().width, dpr: window.devicePixelRatio }));
  expect(Math.abs(px.w - Math.floor(px.css) * px.dpr)).toBeLessThanOrEqual(px.dpr);
  await view.screenshot({ path: `${ARTIFACTS}/compare-bars-${testInfo.project.name}.png` });
  const png = await download(page, "compare-png");
  expect(png.name).toMatch(/\.png$/);
  expect(png.body.subarray(1, 4).toString()).toBe("PNG");

  // The comparison's times arrive with the time answer; the exports wait for it.
  await expect(view.getByTestId("compare-time").locator("td").nth(2)).toHaveText(/ \(.+\)$/);
  const share = page.getByTestId("export-json");
  await share.scrollIntoViewIfNeeded();
  const json = JSON.parse((await download(page, "export-json")).body.toString());
  expect(json.per_device_bytes).toBeGreaterThan(0);
  expect(json.comparison.columns).toHaveLength(3);
  expect(json.comparison.columns[1].changed.map((c: { key: string }) => c.key)).toContain("recompute");
  expect(json.comparison.parts.length).toBeGreaterThan(2);
  const csv = (await download(page, "export-csv")).body.toString();
  for (const n of [1, 2, 3]) {
    expect(csv).toContain(`\ncompare:${n},Setup ${n} total,`);
    expect(csv).toContain(`\ncompare:${n}:sentence,`);
  }
  expect(csv.startsWith("id,label,bytes,location,formula\n")).toBe(true);
  const md = (await download(page, "export-markdown")).body.toString();
  expect(md).toContain("## Comparison");
  expect(md).toContain("| | Setup 1 | Setup 2 | Setup 3 |");
  expect(md).toContain("- **Setup 3** (`v=");
});

test("each layout row shows its step time and GPU-hours", async ({ page }, testInfo) => {
  await page.goto("./?v=5&params=7B&gpus=8&seq=4096&framework=megatron");
  await ready(page);
  const layouts = page.getByTestId("layouts");
  await layouts.scrollIntoViewIfNeeded();
  await layouts.locator("summary").click();
  const time = layouts.locator("li[data-layout]").first().getByTestId("layout-time");
  await expect(time).toHaveText(/^\d.* per step \(.+\) · .+ GPU-hours per 1B tokens$/);
  await layouts.screenshot({ path: `${ARTIFACTS}/layout-times-${testInfo.project.name}.png` });
});

import { test, expect, ready, ARTIFACTS } from "./fixtures";

// The first screen prerendered into index.html at build time (scripts/post-build.sh,
// memcalc-prerender) must be the live default answer: read it with scripts off, then compare
// every number with the app's.
test("the prerendered first screen is the live default answer, and gives way to the app", async ({ browser, page }) => {
  const off = await browser.newContext({ javaScriptEnabled: false });
  const still = await off.newPage();
  await still.goto("./");
  const pre = still.locator("#prerender");
  await expect(pre.locator(".total")).toBeVisible();
  const preTotal = await pre.locator(".total").innerText();
  const preVerdict = await pre.locator(".verdict-text").innerText();
  const preRows = await pre.locator("tbody tr").evaluateAll((rows) =>
    rows.map((r) => [r.getAttribute("data-pre-component"), r.querySelector("th")!.textContent!.trim(), r.querySelector("td.num")!.textContent!.trim(), r.querySelector(".formula")!.textContent!.trim()]),
  );
  await off.close();

  await page.goto("./");
  await ready(page);
  // Gone as the app mounts: one total on the page, the live one.
  await expect(page.locator("#prerender")).toHaveCount(0);
  await expect(page.getByTestId("total")).toHaveText(preTotal);
  await expect(page.locator(".verdict-text")).toHaveText(preVerdict);
  const liveRows = await page.locator("table.breakdown tbody tr").evaluateAll((rows) =>
    rows.map((r) => [r.getAttribute("data-component"), r.querySelector("th")!.textContent!.trim(), r.querySelector("td.num")!.textContent!.trim(), r.querySelector(".formula")!.textContent!.trim()]),
  );
  expect(preRows.length).toBeGreaterThan(3);
  expect(liveRows).toEqual(preRows);
});

test("a link with a query, or a remembered calculation, shows the shell without the default's numbers; an embed shows none of it", async ({ browser }) => {
  const off = await browser.newContext({ javaScriptEnabled: true });
  const page = await off.newPage();
  // Hold the app back, to see what the HTML alone paints.
  await page.route(/\.wasm$/, () => {});
  await page.goto("./?params=70B&gpus=8&zero=3");
  await expect(page.locator("#prerender .total")).toBeHidden();
  await expect(page.locator("#prerender .inputs h2")).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/${test.info().project.name}-prerender-skeleton.png` });
  await page.goto("./?embed=1&show=chart,table");
  await expect(page.locator("#prerender")).toBeHidden();
  await expect(page.getByText("Loading the memory calculator")).toBeVisible();
  await page.goto("./");
  await expect(page.locator("#prerender .total")).toBeVisible();
  await page.evaluate(() => localStorage.setItem("memcalc:last", "v=2&params=70B"));
  await page.goto("./");
  await expect(page.locator("#prerender .total")).toBeHidden();
  await off.close();
});

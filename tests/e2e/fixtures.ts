import { test as base, expect, Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";

export const ARTIFACTS = "tests/e2e/artifacts";
mkdirSync(ARTIFACTS, { recursive: true });

/// Every page fails its test on any console error or warning, or uncaught exception.
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleProblems }, use, testInfo) => {
    watch(page, consoleProblems);
    await use(page);
    // A test that blocks the wasm on purpose expects the failed load in the console.
    const expected = testInfo.title.includes("cannot load") ? consoleProblems.filter((p) => !/wasm|Failed to (load|fetch)|net::ERR|CORS policy/i.test(p)) : consoleProblems;
    expect(expected, "console errors or warnings").toEqual([]);
  },
});

export function watch(page: Page, problems: string[]) {
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
}

export { expect };

/// Waits until the app has mounted and drawn its first result.
export async function ready(page: Page) {
  await expect(page.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
}

export async function totalBytes(page: Page): Promise<number> {
  return Number(await page.getByTestId("total").getAttribute("data-bytes"));
}

/// The bytes the results table shows for part `id`.
export async function rowBytes(page: Page, id: string): Promise<number> {
  return Number(await page.locator(`[data-component="${id}"]`).getAttribute("data-bytes"));
}

/// Every results row as `id=bytes`, in the order shown: two pages with equal lists show the same figures.
export async function partRows(page: Page): Promise<string[]> {
  return page.locator("[data-component]").evaluateAll((els) =>
    els.map((e) => `${e.getAttribute("data-component")}=${e.getAttribute("data-bytes")}`),
  );
}

/// The folded settings of the form group whose legend reads `legend`.
export function fold(page: Page, legend: string) {
  return page.locator("fieldset.group", { has: page.locator("legend", { hasText: legend }) }).locator("details.advanced");
}

/// Opens a group's folded settings as the user does, by clicking its summary; an open fold stays open.
export async function unfold(page: Page, legend: string) {
  const f = fold(page, legend);
  if (!(await f.evaluate((d: HTMLDetailsElement) => d.open))) await f.locator("> summary").click();
}

/// Opens every folded setting at once, by setting `open` rather than clicking each summary.
export async function unfoldAll(page: Page) {
  await page.locator("details.advanced").evaluateAll((els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
}

/// Clicks the export button `id` and reads the file it downloads.
export async function download(page: Page, id: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(id).click()]);
  return { name: file.suggestedFilename(), body: readFileSync((await file.path())!) };
}

/// A digest of the chart's pixels, and how many are not background, read from the canvas itself.
export async function chartPixels(page: Page): Promise<{ hash: number; inked: number; width: number; cssWidth: number; dpr: number }> {
  return page.getByTestId("breakdown-chart").evaluate((c: HTMLCanvasElement) => {
    // Read a copy, so the page's own canvas never becomes a "read frequently" one.
    const copy = document.createElement("canvas");
    copy.width = c.width;
    copy.height = c.height;
    const ctx = copy.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let hash = 0;
    let inked = 0;
    for (let i = 0; i < d.length; i += 4) {
      hash = (Math.imul(hash, 31) + d[i] * 3 + d[i + 1] * 5 + d[i + 2] * 7) | 0;
      if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) inked++;
    }
    return { hash, inked, width: c.width, cssWidth: c.getBoundingClientRect().width, dpr: window.devicePixelRatio };
  });
}

// The servers' ports (playwright.config.ts); E2E_PORT lets two checkouts run the suite at once.
export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const SUBPATH_PORT = PORT + 1;

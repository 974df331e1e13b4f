import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Memory over one step (issue 42): the timeline chart beside the breakdown, drawn from the time
// answer's timeline (the core's), with tooltips by mouse and by keyboard, following show=.

const name = () => test.info().project.name;

async function timeline(page: import("@playwright/test").Page) {
  const section = page.getByTestId("timeline");
  await expect(section).toBeVisible();
  const chart = page.getByTestId("timeline-chart");
  await expect(chart).toHaveAttribute("aria-label", /Memory over one step of .*The peak is/);
  await section.scrollIntoViewIfNeeded();
  return { section, chart };
}

test("training: the peak is named with the change that lowers it, tooltips by mouse and keyboard", async ({ page }) => {
  await page.goto("./?params=7B&batch=4&seq=4096");
  await ready(page);
  const { section, chart } = await timeline(page);
  await expect(page.getByTestId("timeline-peak")).toContainText("The peak is the logits and loss (steady step)");
  await expect(page.getByTestId("timeline-peak")).toContainText("lowers it most");
  const phases = section.locator(".chart-hits .hit");
  expect(await phases.count()).toBeGreaterThan(10);
  // Mouse: hovering the phase after the peak (the backward pass, wide) shows its tooltip.
  const peak = Number(await chart.getAttribute("data-peak"));
  await phases.nth(peak + 1).hover();
  await expect(page.getByTestId("timeline-tooltip")).toContainText("Backward pass");
  // Keyboard: the peak's twin, focused, says it is the peak and what lowers it.
  await phases.nth(peak).focus();
  await expect(page.getByTestId("timeline-tooltip")).toContainText("the peak");
  await section.screenshot({ path: `${ARTIFACTS}/${name()}-timeline-training.png` });
  // Keyboard: Tab reaches the phases and each one says its level.
  await phases.first().focus();
  await expect(page.getByTestId("timeline-tooltip")).toContainText("Runtime and context");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("timeline-tooltip")).toContainText("Weights loading");
});

test("serving and a simulation have their own phases; dark theme", async ({ page }) => {
  await page.goto("./?mode=infer&model_id=meta-llama/Llama-3.1-8B&engine=vllm&theme=dark");
  await ready(page);
  const { section } = await timeline(page);
  await expect(section.locator(".chart-hits .hit")).toHaveCount(7);
  await section.locator(".chart-hits .hit").nth(2).hover();
  await expect(page.getByTestId("timeline-tooltip")).toContainText("Profile run");
  await section.screenshot({ path: `${ARTIFACTS}/${name()}-timeline-serving-dark.png` });

  await page.goto("./?mode=sim&method=planewave");
  await ready(page);
  const sim = await timeline(page);
  await expect(page.getByTestId("timeline-peak")).toContainText("SCF iteration");
  await sim.section.screenshot({ path: `${ARTIFACTS}/${name()}-timeline-sim.png` });
});

test("show= without timeline leaves the chart out, show=timeline keeps it", async ({ page }) => {
  await page.goto("./?params=1B&embed=1&show=verdict,chart");
  await ready(page);
  await expect(page.getByTestId("breakdown-chart")).toBeVisible();
  await expect(page.getByTestId("timeline")).toHaveCount(0);
  await page.goto("./?params=1B&embed=1&show=verdict,timeline");
  await ready(page);
  await timeline(page);
});

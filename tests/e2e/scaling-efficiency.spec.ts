import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Issue 27: the scaling chart shows memory (the default), the time per step or the parallel
// efficiency (`scaling_y`), chosen with its own control and carried by the link.

const CLIMATE = "./?v=2&mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&work=20&halo=3&ranks=1024&nodes=16";

test("the scaling chart switches to parallel efficiency, in the chart and the link", async ({ page }, testInfo) => {
  await page.goto(CLIMATE);
  await ready(page);
  const chart = page.getByTestId("scaling-chart");
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute("data-measure", "memory");
  await expect(chart).toHaveAttribute("aria-label", /^Memory per node against nodes: /);
  const control = page.getByLabel("Scaling chart shows", { exact: true });
  await expect(control).toHaveValue("memory");
  await expect(control.locator("option")).toHaveText(["Memory", "Time per step", "Parallel efficiency"]);

  await control.selectOption("efficiency");
  await expect(chart).toHaveAttribute("data-measure", "efficiency");
  await expect(chart).toHaveAttribute(
    "aria-label",
    /^Parallel efficiency \(%\) against nodes: at 16, Parallel efficiency, strong scaling \d+ %; Parallel efficiency, weak scaling \d+ %\.$/,
  );
  await expect(page).toHaveURL(/[?&]scaling_y=efficiency(&|$)/);
  // The heading names what the chart shows; the table under it says it lists memory (issue 37).
  await expect(page.locator("#scaling-heading")).toHaveText("How parallel efficiency changes with nodes");
  await page.locator(".scaling-numbers summary").click();
  await expect(page.getByTestId("scaling-table").locator("caption")).toHaveText("Memory per node at each count of nodes");
  await chart.screenshot({ path: `${ARTIFACTS}/scaling-efficiency-${testInfo.project.name}.png` });

  // The time per step over the same nodes.
  await control.selectOption("time");
  await expect(chart).toHaveAttribute("data-measure", "time");
  await expect(chart).toHaveAttribute("aria-label", /^Time per step \((s|ms|µs)\) against nodes: at 16, Time per step, strong scaling /);
  await expect(page).toHaveURL(/[?&]scaling_y=time(&|$)/);
  await expect(page.locator("#scaling-heading")).toHaveText("How the time per step scales with nodes");

  // Back to memory: the link loses the key and reads as before.
  await control.selectOption("memory");
  await expect(chart).toHaveAttribute("data-measure", "memory");
  await expect(page.locator("#scaling-heading")).toHaveText("How memory scales with nodes");
  await expect(page).not.toHaveURL(/scaling_y=/);
});

test("a link with scaling_y=efficiency opens on the efficiency chart", async ({ page }) => {
  await page.goto(`${CLIMATE}&scaling_y=efficiency`);
  await ready(page);
  const chart = page.getByTestId("scaling-chart");
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute("data-measure", "efficiency");
  await expect(page.getByLabel("Scaling chart shows", { exact: true })).toHaveValue("efficiency");
});

test("a neural model offers memory and the time per step, not efficiency", async ({ page }) => {
  await page.goto("./?params=1B&gpu=a100-40");
  await ready(page);
  const chart = page.getByTestId("scaling-chart");
  await chart.scrollIntoViewIfNeeded();
  const control = page.getByLabel("Scaling chart shows", { exact: true });
  await expect(control.locator("option")).toHaveText(["Memory", "Time per step"]);
  await control.selectOption("time");
  await expect(chart).toHaveAttribute("data-measure", "time");
  await expect(chart).toHaveAttribute("aria-label", /^Time per step \((s|ms|µs)\) against micro-batch size: at \d+, Time per training step /);
});

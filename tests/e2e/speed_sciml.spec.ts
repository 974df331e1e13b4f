import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Issue 27: scientific-ML surrogates other than transformers get a time line too: FLOPs per
// sample from their architecture beside their activations' traffic, in samples/s.

test("FNO training: a step time in samples/s with its FLOPs and traffic terms", async ({ page }, testInfo) => {
  await page.goto("./?v=2&mode=train&model=fno&gpu=h100-80");
  await ready(page);
  const speed = page.getByTestId("speed");
  await expect(speed).toHaveAttribute("data-stale", "false");
  await expect(speed).toContainText(/[\d.]+ (ns|µs|ms|s) per training step, [\d.]+( [kM])? samples\/s; bound by /);
  await speed.locator("details.explain > summary").click();
  const flops = speed.locator('li[data-term="surrogate_compute"]');
  await expect(flops).toHaveAttribute("data-bound", "compute");
  await expect(flops.locator(".formula")).toContainText("FFTs");
  await expect(flops.locator(".source")).toContainText("Fourier neural operator");
  const traffic = speed.locator('li[data-term="surrogate_memory"]');
  await expect(traffic).toHaveAttribute("data-bound", "memory_bandwidth");
  await expect(traffic.locator(".formula")).toContainText("TB/s");
  await page.screenshot({ path: `${ARTIFACTS}/speed-sciml-${testInfo.project.name}.png`, fullPage: true });
});

test("PINN inference: a forward pass without the residual's derivatives", async ({ page }) => {
  await page.goto("./?v=2&mode=infer&model=pinn&gpu=h100-80");
  await ready(page);
  const speed = page.getByTestId("speed");
  await expect(speed).toContainText(/per forward pass, [\d.]+( [kM])? samples\/s; bound by /);
  await speed.locator("details.explain > summary").click();
  await expect(speed.locator('li[data-term="surrogate_compute"] .formula')).toContainText("1 graph)");
});

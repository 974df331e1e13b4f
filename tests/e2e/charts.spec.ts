import { test, expect, ready, ARTIFACTS } from "./fixtures";

// Charts that misled new users (issue 16, point 4). Each test fails on the build before the fix.

const name = () => test.info().project.name;

test("a sweep far above the capacity breaks the scaling axis and writes the true largest value", async ({ page }) => {
  // 13B on 8 GPUs without sharding: the batch sweep reaches four times the capacity.
  await page.goto("./?params=13B&gpus=8");
  await ready(page);
  const chart = page.getByTestId("scaling-chart");
  await expect(chart).toHaveAttribute("data-axis-break", /^\d+\.\d\d (GiB|TiB)$/);
  // The value written at the break is the largest in the sweep's table.
  const table = page.getByTestId("scaling-table");
  await page.locator("details.scaling-numbers summary").click();
  // The table is built when its fold is first opened (src/fold.rs): read it once it has rows.
  const filled = async () => (await table.locator("tbody td").allTextContents()).filter((c) => c.trim());
  await expect.poll(async () => (await filled()).length).toBeGreaterThan(0);
  const cells = await filled();
  const bytes = (t: string) => Number(t.split(" ")[0]) * ({ GiB: 2 ** 30, TiB: 2 ** 40, MiB: 2 ** 20 }[t.split(" ")[1]] ?? 1);
  const largest = cells.reduce((a, b) => (bytes(b) > bytes(a) ? b : a));
  await expect(chart).toHaveAttribute("data-axis-break", largest.trim());
  await chart.scrollIntoViewIfNeeded();
  await chart.screenshot({ path: `${ARTIFACTS}/${name()}-scaling-break.png` });
  // Within three capacities there is no break.
  await page.goto("./?params=1B&gpu=a100-40&seq=4096");
  await ready(page);
  await expect(page.getByTestId("scaling-chart")).not.toHaveAttribute("data-axis-break", /./);
});

test("the breakdown axis ends at the larger of total and capacity, and a small total stays visible", async ({ page }) => {
  // 7B trained on one H100 does not fit (121 GiB): the bar runs to the end of the axis, but for
  // the room its label takes, instead of stopping at 60 % of an axis rounded up to 200 GiB.
  await page.goto("./?v=1");
  await ready(page);
  const chart = page.getByTestId("breakdown-chart");
  const width = (await chart.boundingBox())!.width;
  const right = await page.locator(".chart-hits .hit").evaluateAll((els) => Math.max(...els.map((e) => (e as HTMLElement).offsetLeft + (e as HTMLElement).offsetWidth)));
  // On a phone the total's label takes a larger share of the width.
  expect(right / width).toBeGreaterThan(name() === "phone" ? 0.62 : 0.75);
  await chart.screenshot({ path: `${ARTIFACTS}/${name()}-breakdown-short.png` });

  // LAMMPS LJ melt: under a gigabyte against a node of 256 GiB.
  await page.goto("./?preset=lj-melt");
  await ready(page);
  const hits = page.locator('.chart-hits .hit');
  const boxes = await hits.evaluateAll((els) => els.map((e) => ({ left: (e as HTMLElement).offsetLeft, right: (e as HTMLElement).offsetLeft + (e as HTMLElement).offsetWidth, top: (e as HTMLElement).offsetTop })));
  const first = boxes.filter((b) => b.top === boxes[0].top);
  const drawn = Math.max(...first.map((b) => b.right)) - Math.min(...first.map((b) => b.left));
  expect(drawn).toBeGreaterThanOrEqual(6);
  await page.getByTestId("breakdown-chart").screenshot({ path: `${ARTIFACTS}/${name()}-breakdown-lj-melt.png` });
});

test("legend entries never run into each other or off the chart (CFD, atmosphere)", async ({ page }) => {
  for (const preset of ["cfd-10m", "atmosphere-25km"]) {
    await page.goto(`./?preset=${preset}`);
    await ready(page);
    const chart = page.getByTestId("breakdown-chart");
    await expect(chart).toHaveAttribute("data-legend", /\d/);
    const width = (await chart.boundingBox())!.width;
    const items = (await chart.getAttribute("data-legend"))!.split(" ").map((s) => s.split(",").map(Number));
    for (let i = 1; i < items.length; i++) {
      const [[, end, row], [x, , row2]] = [items[i - 1], items[i]];
      if (row === row2) expect(end, `${preset}: entry ${i - 1} runs into entry ${i}`).toBeLessThan(x);
    }
    for (const [, end] of items) expect(end).toBeLessThanOrEqual(width + 1);
    await chart.screenshot({ path: `${ARTIFACTS}/${name()}-legend-${preset}.png` });
  }
});

test("output buffers in memory and output written to disk have different colours", async ({ page }) => {
  // A 512³ grid writing every 10 steps: 5 GiB of output buffers per node, 500 GiB to disk.
  await page.goto("./?mode=sim&method=grid&nx=512&ny=512&nz=512&fields=5&ranks=8&nodes=1&steps=1000&output_every=10");
  await ready(page);
  const colour = async (id: string) => {
    const hit = page.locator(`.chart-hits .hit[data-segment="${id}"]`).first();
    const { x, y } = await hit.evaluate((e) => ({ x: (e as HTMLElement).offsetLeft + (e as HTMLElement).offsetWidth / 2, y: (e as HTMLElement).offsetTop + (e as HTMLElement).offsetHeight / 2 }));
    return page.getByTestId("breakdown-chart").evaluate((c: HTMLCanvasElement, [x, y]) => {
      const k = c.width / c.getBoundingClientRect().width;
      const copy = document.createElement("canvas");
      copy.width = c.width;
      copy.height = c.height;
      const ctx = copy.getContext("2d", { willReadFrequently: true })!;
      ctx.drawImage(c, 0, 0);
      return Array.from(ctx.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data.slice(0, 3)).join(",");
    }, [x, y]);
  };
  const buffers = await colour("output_buffers");
  const disk = await colour("output_total");
  expect(buffers).not.toBe(disk);
});

test("on a phone the scaling legend wraps to a second row instead of cutting 'Weak scaling'", async ({ page }) => {
  test.skip(name() !== "phone", "the phone layout");
  await page.goto("./?preset=atmosphere-25km");
  await ready(page);
  const chart = page.getByTestId("scaling-chart");
  await chart.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await chart.boundingBox())!.height).toBeGreaterThan(261);
  await chart.screenshot({ path: `${ARTIFACTS}/${name()}-scaling-legend.png` });
});

test("on a phone the floating result pill never covers the table's total row", async ({ page }) => {
  test.skip(name() !== "phone", "the phone layout");
  await page.goto("./?preset=llama-3-8b-serve");
  await ready(page);
  const pill = page.locator(".mobile-summary");
  await expect(pill).toBeVisible();
  const totalRow = page.locator("table.breakdown tfoot tr").first();
  await totalRow.scrollIntoViewIfNeeded();
  // Scrolled so that the row sits at the bottom of the screen, where the pill floats.
  await totalRow.evaluate((r) => r.scrollIntoView({ block: "end" }));
  await page.waitForTimeout(200);
  const row = (await totalRow.boundingBox())!;
  const p = await pill.boundingBox();
  const overlaps = p !== null && p.y < row.y + row.height && p.y + p.height > row.y && (await pill.isVisible());
  expect(overlaps, `pill ${JSON.stringify(p)} over row ${JSON.stringify(row)}`).toBe(false);
  // What is at the row's centre is the row itself.
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("tfoot") !== null, [row.x + row.width / 2, row.y + row.height / 2]);
  expect(hit).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/${name()}-total-row.png` });
});

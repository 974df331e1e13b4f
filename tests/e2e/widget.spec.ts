import { test, expect, ARTIFACTS } from "./fixtures";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

// memcalc.widget's front end (crates/memcalc-py/python/memcalc/widget.js, issue 43) against a
// stub of the anywidget model, in Chromium: the kernel's part (the page's files as the model's
// binary `_page`, `query` and `height`) is played by the stub, the notebook by a host page at an
// address of its own. The files are the release build's dist/, which scripts/test-python.sh packs
// into the wheel. Everything the frame loads must come from them: no request leaves the page
// once the widget renders (offline).

const NOTEBOOK = "http://notebook.test";
const WIDGET = "crates/memcalc-py/python/memcalc/widget.js";

function pageFiles(dir = "dist"): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p).split("\\").join("/"));
    }
  };
  walk(dir);
  return out;
}

const HOST = `<!doctype html><html><head><meta charset="utf-8"><title>notebook</title></head>
<body><h1 id="cell">In [1]: memcalc.widget("params=8B&mode=infer")</h1><div id="out"></div></body></html>`;

test("the notebook widget: the page offline from the model's files, its query both ways", async ({ page }) => {
  test.skip(test.info().project.name !== "desktop", "one browser suffices: the module, not a layout, is tested");
  const files = pageFiles();
  expect(files).toContain("index.html");
  // The notebook's server: the host page, the widget's module, and (for the stub, playing the
  // kernel's comm) the page's files. Any other request is recorded and refused.
  const outside: string[] = [];
  let rendered = false;
  await page.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === NOTEBOOK && url.pathname === "/notebook.html") return route.fulfill({ contentType: "text/html", body: HOST });
    if (url.origin === NOTEBOOK && url.pathname === "/widget.js") return route.fulfill({ contentType: "text/javascript", body: readFileSync(WIDGET) });
    if (url.origin === NOTEBOOK && url.pathname.startsWith("/kernel/") && !rendered) {
      return route.fulfill({ body: readFileSync(join("dist", decodeURIComponent(url.pathname.slice(8)))) });
    }
    outside.push(url.href);
    return route.abort();
  });
  await page.goto(`${NOTEBOOK}/notebook.html`);
  // The stub model: anywidget's get/set/save_changes/on/off, with Backbone's local change events.
  await page.evaluate(async (paths) => {
    const page: Record<string, DataView> = {};
    for (const p of paths) page[p] = new DataView(await (await fetch(`/kernel/${encodeURIComponent(p)}`)).arrayBuffer());
    const state: Record<string, unknown> = { query: "params=8B&mode=infer", height: 700, _page: page };
    const on: Record<string, Array<() => void>> = {};
    const w = window as any;
    w.saved = [];
    w.model = {
      get: (k: string) => state[k],
      set: (k: string, v: unknown) => {
        const changed = state[k] !== v;
        state[k] = v;
        if (changed) for (const f of on[`change:${k}`] || []) f();
      },
      save_changes: () => w.saved.push(state.query),
      on: (e: string, f: () => void) => (on[e] ||= []).push(f),
      off: (e: string, f: () => void) => (on[e] = (on[e] || []).filter((g) => g !== f)),
    };
    const mod = await import("/widget.js");
    w.cleanup = mod.default.render({ model: w.model, el: document.getElementById("out") });
  }, files);
  rendered = true;

  const frameEl = page.getByTestId("memcalc-widget");
  const frame = page.frameLocator('[data-testid="memcalc-widget"]');
  await expect(frameEl).toHaveAttribute("src", /^blob:http:\/\/notebook\.test\/.*#params=8B&mode=infer&embed=1$/);
  await expect(frame.getByTestId("total")).toHaveAttribute("data-bytes", /^\d+$/);
  // Embed mode: no site header; the frame follows its content's height.
  await expect(frame.locator(".site-header")).toHaveCount(0);
  await expect.poll(async () => (await frameEl.boundingBox())!.height).not.toBe(700);
  await expect(frame.locator("#field-params")).toHaveValue("8B");
  // The page reported its link: the model's query is the page's, saved to the kernel.
  await expect.poll(() => page.evaluate(() => (window as any).model.get("query"))).toMatch(/(^|&)params=8B(&|$)/);
  await expect.poll(() => page.evaluate(() => (window as any).model.get("query"))).toMatch(/(^|&)embed=1(&|$)/);
  const small = Number(await frame.getByTestId("total").getAttribute("data-bytes"));

  // Python sets the query: the page follows.
  await page.evaluate(() => (window as any).model.set("query", "params=70B&mode=infer&embed=1"));
  await expect(frame.locator("#field-params")).toHaveValue("70B");
  await expect.poll(async () => Number(await frame.getByTestId("total").getAttribute("data-bytes"))).toBeGreaterThan(small * 5);

  // The user edits the page: the model's query follows and is saved.
  await frame.locator("#field-params").fill("13B");
  await expect.poll(() => page.evaluate(() => (window as any).model.get("query"))).toMatch(/(^|&)params=13B(&|$)/);
  expect(await page.evaluate(() => (window as any).saved.at(-1))).toMatch(/(^|&)params=13B(&|$)/);
  // No full page to open offline; the share link is the bare query (a blob: address opens
  // nowhere else).
  await expect(frame.getByTestId("open-full")).toBeHidden();
  await expect(frame.getByTestId("share-link")).toHaveValue(/^\?v=\d+&(.*&)?params=13B(&|$)/);

  // Offline: nothing was requested once the widget rendered (the frame's files are blob: URLs).
  expect(outside).toEqual([]);
  await page.screenshot({ path: `${ARTIFACTS}/widget-notebook.png`, fullPage: true });

  // Closing the view stops listening: a later query is not posted.
  await page.evaluate(() => (window as any).cleanup());
});

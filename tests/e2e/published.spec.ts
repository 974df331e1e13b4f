import { test, expect } from "./fixtures";
import { readFileSync } from "node:fs";

// Issue 43: the published schema (`memcalc --schema`, docs/schema/memcalc.schema.json) is served
// beside the page, byte for byte, so a host or an agent can fetch it from where the page lives.
test("the published schema is served beside the page", async ({ page }) => {
  const res = await page.request.get("./memcalc.schema.json");
  expect(res.ok()).toBe(true);
  const text = await res.text();
  expect(text).toBe(readFileSync("docs/schema/memcalc.schema.json", "utf8"));
  const doc = JSON.parse(text);
  for (const member of ["report", "query", "sweep", "compare", "log", "plan"]) expect(doc).toHaveProperty(member);
});

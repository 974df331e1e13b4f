import { defineConfig } from "@playwright/test";

// E2E_PORT moves both servers (PORT and PORT+1), so two checkouts can run the suite at once.
export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const SUBPATH_PORT = PORT + 1;

// End-to-end tests against the release build (dist/), served on 127.0.0.1, in Debian's Chromium.
// Playwright never downloads a browser here.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: "chromium",
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  // The whole suite runs on a desktop and on a phone with reduced motion.
  projects: [
    { name: "desktop" },
    { name: "phone", use: { viewport: { width: 360, height: 760 }, deviceScaleFactor: 2, reducedMotion: "reduce", isMobile: false, hasTouch: true } },
  ],
  webServer: [
    {
      command: `node scripts/serve-dist.mjs dist ${PORT} / examples`,
      url: `http://127.0.0.1:${PORT}/index.html`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // The same build under a sub-path, as a documentation site would host it.
      command: `node scripts/serve-dist.mjs dist ${SUBPATH_PORT} /tools/memcalc/`,
      url: `http://127.0.0.1:${SUBPATH_PORT}/tools/memcalc/index.html`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});

import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(import.meta.dirname, "..");

/** Journeys in Debian's Chromium against the built server (fresh embedded database) and the built apps. */
export default defineConfig({
  testDir: ".",
  testMatch: "*.journey.ts",
  globalSetup: "./global-setup.ts",
  outputDir: path.join(root, "test-results"),
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [
    ["list"],
    [
      "json",
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, ".vitest-results/e2e.json") },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    screenshot: "only-on-failure",
    // The service worker's precache would download every chunk in every test; network.journey.ts
    // allows it where it is what is tested.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The server as `npm start` runs it, built by `npm run build` (which `npm test` runs first).
    command: "rm -rf e2e/.data && node --enable-source-maps apps/server/dist/main.js",
    cwd: root,
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      // Every address, so network.journey.ts can open the app by the LAN address as a phone would.
      HOST: "0.0.0.0",
      DATA_DIR: "e2e/.data",
      DATABASE_URL: "",
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_MINUTE: "10000",
      // yuebao.journey.ts moves the clock a day ahead and watches the savings worker confirm and pay;
      // the journeys run in file order, so it runs last and no other journey sees tomorrow.
      CLOCK_CONTROL: "true",
      SAVINGS_ACCRUAL_INTERVAL_MS: "1000",
      // account.journey.ts picks this nationality and expects the page's warning; no journey lives there.
      RESTRICTED_COUNTRIES: "KP",
      // Ten-second epochs: a contract's last seed is revealed moments after it closes, so the journeys
      // verify its prices from the seed without waiting five minutes.
      FAIRNESS_EPOCH_SECONDS: "10",
      // exchange-feed.journey.ts serves the exchanges' protocols on these ports (see EXCHANGE_PORTS).
      FEED_BINANCE_URL: `ws://127.0.0.1:${PORT + 1000}/ws`,
      FEED_OKX_URL: `ws://127.0.0.1:${PORT + 2000}/ws/v5/public`,
    },
  },
});

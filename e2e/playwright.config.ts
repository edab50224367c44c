import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8181);
const root = path.resolve(import.meta.dirname, "..");

/**
 * The journeys run in two halves at once, each against a server of its own on a fresh database of its
 * own, so nothing one half publishes, halts or moves (pop-ups, broadcasts, a product's maintenance, the
 * clock) is seen by the other. Within a half they run one at a time in file order. The journeys that
 * name ports of their own (passkeys, exchange feeds, Caddy) stay in the first half, whose server is on
 * E2E_PORT.
 */
const SECOND_HALF = ["admin-*.journey.ts", "cashier.journey.ts", "orders.journey.ts"];
const HALVES = [
  { name: "first", port: PORT, dataDir: "e2e/.data", testMatch: "*.journey.ts", testIgnore: SECOND_HALF },
  { name: "second", port: PORT + 10, dataDir: "e2e/.data-second", testMatch: SECOND_HALF, testIgnore: [] },
];

/** Journeys in Debian's Chromium against the built server (fresh embedded database) and the built apps. */
export default defineConfig({
  testDir: ".",
  globalSetup: "./global-setup.ts",
  outputDir: path.join(root, "test-results"),
  timeout: 120_000,
  // What a page shows after an answer can wait this long: two browsers, their servers and Caddy share
  // two cores, and a console re-rendered after a reload was seen to take over 10 s at the busiest.
  expect: { timeout: 15_000 },
  workers: HALVES.length,
  fullyParallel: false,
  retries: 0,
  projects: HALVES.map(({ name, port, testMatch, testIgnore }) => ({
    name,
    testMatch,
    testIgnore,
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${port}` },
  })),
  reporter: [
    ["list"],
    ["./failure-reporter.ts"],
    [
      "json",
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, ".vitest-results/e2e.json") },
    ],
  ],
  use: {
    viewport: { width: 375, height: 812 },
    // One device pixel per CSS pixel: screenshots are the 375×812 the journeys are read at, and a
    // denser raster costs the run about a fifth of its time.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    screenshot: "only-on-failure",
    // As a phone set to "reduce motion": no dialog zooms in under a click, no badge pulses, and the two
    // browsers on two cores spend nothing on frames nobody looks at. screens.journey.ts looks with motion.
    reducedMotion: "reduce",
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
  webServer: HALVES.map(({ port, dataDir }) => ({
    // The server as `npm start` runs it, built by `npm run build` (which `npm test` runs first).
    command: `rm -rf ${dataDir} && node --enable-source-maps apps/server/dist/main.js`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      // Every address, so network.journey.ts can open the app by the LAN address as a phone would.
      HOST: "0.0.0.0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_MINUTE: "10000",
      // yuebao.journey.ts moves the clock a day ahead and watches the savings worker confirm and pay;
      // it is last in its half by name, so no other journey on that server sees tomorrow.
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
  })),
});

#!/usr/bin/env node
// `npm test`: builds the web app and the console, runs every Vitest project (contract, web, server on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set, with a one-minute soak), then the browser journeys, and ends with one line:
// `N passed, N failed`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, ".vitest-results");
fs.mkdirSync(results, { recursive: true });

function run(command, args, env = {}) {
  const child = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return child.status ?? 1;
}

let passed = 0;
let failed = 0;
let broken = false;

if (run("npm", ["run", "build", "--silent"]) !== 0) {
  console.error("The build of the web app or the console failed.");
  broken = true;
}

const vitestJson = path.join(results, "vitest.json");
fs.rmSync(vitestJson, { force: true });
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const report = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  if (vitestStatus !== 0 && (report.numFailedTests ?? 0) === 0) {
    console.error("Vitest failed outside a test (a suite or hook error).");
    failed += Math.max(1, report.numFailedTestSuites ?? 0);
  }
} else {
  console.error("Vitest wrote no report.");
  broken = true;
}

// The soak's smoke (docs/reliability.md): a minute of the same script, counted as one test, with the other
// PostgreSQL parts (when TEST_DATABASE_URL is set, PostgreSQL's programs are there). It makes its own throwaway
// cluster, since it kills processes and restarts the server: DATABASE_URL is cleared so that a configured
// server is never used for that by accident.
if (process.env.TEST_DATABASE_URL) {
  const soakStatus = run(
    "npm",
    ["run", "soak", "--silent", "--", "--minutes", "1", "--users", "20", "--seed", "1"],
    { DATABASE_URL: "" },
  );
  if (soakStatus === 0) passed += 1;
  else {
    console.error("The soak smoke (npm run soak -- --minutes 1 --users 20 --seed 1) failed.");
    failed += 1;
  }
}

const e2eJson = path.join(results, "e2e.json");
fs.rmSync(e2eJson, { force: true });
const e2eStatus = run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});
if (fs.existsSync(e2eJson)) {
  const stats = JSON.parse(fs.readFileSync(e2eJson, "utf8")).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  if (e2eStatus !== 0 && (stats.unexpected ?? 0) === 0) {
    console.error("Playwright failed outside a test.");
    failed += 1;
  }
} else {
  console.error("Playwright wrote no report.");
  broken = true;
}

if (broken) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

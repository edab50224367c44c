import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const serverTests = ["apps/server/src/**/*.test.ts"];
// Each server test file's database starts from one migrated once per run.
const migratedDatabase = "apps/server/src/test/migrated-database.ts";
// A worker keeps the app's modules loaded from one server test file to the next: each file builds its
// own app on its own database, and loading the modules anew per file took half the suite's time.
const sharedModules = { isolate: false };
// The server suite runs on embedded PGlite always, and again on PostgreSQL when CI provides one.
const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        test: {
          name: "server-postgres",
          include: serverTests,
          env: { TEST_DB: "postgres" },
          ...sharedModules,
          globalSetup: [migratedDatabase],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

const rootPackage = (name: string) => fileURLToPath(new URL(`node_modules/${name}`, import.meta.url));

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) gives a 2-core machine one worker; the server's test files spend
    // much of their time waiting on their database, and a second worker fills it: 18 min, not 25.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: "contract", include: ["packages/contract/src/**/*.test.ts"] } },
      { test: { name: "browser", include: ["packages/browser/src/**/*.test.ts"] } },
      { test: { name: "verify", include: ["packages/verify/src/**/*.test.ts"] } },
      {
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // antd, the router and i18next load (as packages, outside Vite) the root's React: the console's
        // component tests render on that one too, since two Reacts in one tree share no hooks.
        resolve: { alias: { react: rootPackage("react"), "react-dom": rootPackage("react-dom") } },
        test: {
          name: "admin",
          include: ["apps/admin/src/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "server-pglite",
          include: serverTests,
          env: { TEST_DB: "pglite" },
          ...sharedModules,
          globalSetup: [migratedDatabase],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...onPostgres,
    ],
  },
});

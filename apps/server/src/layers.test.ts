import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

// `npm run lint` checks the same rules; here they also fail `npm test`, and so CI.
it("keeps the layers: platform imports no capability, no deep imports, no cycles, pages import no pages", () => {
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
      "apps",
      "packages",
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "err",
    ],
    { cwd: root, encoding: "utf8" },
  );
  expect(run.stdout + run.stderr).not.toMatch(/error/);
  expect(run.status).toBe(0);
}, 60_000);

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

interface RankRule {
  name: string;
  from: { path: string };
  to: { path: string };
}

it("gives every server folder a rank rule that forbids importing its rank or above", async () => {
  const { createRequire } = await import("node:module");
  const { readdirSync } = await import("node:fs");
  const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
    forbidden: RankRule[];
  };
  const rules = new Map(
    config.forbidden.filter((rule) => rule.name.startsWith("rank-")).map((rule) => [rule.from.path, rule]),
  );
  const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !["migrations", "test"].includes(entry.name))
    .map((entry) => entry.name);
  // demo, the top, may import anything; every other folder has a rule.
  for (const folder of folders.filter((name) => name !== "demo")) {
    expect(rules.has(`^apps/server/src/${folder}/`), folder).toBe(true);
  }
  const forbiddenFor = (folder: string) => rules.get(`^apps/server/src/${folder}/`)?.to.path ?? "";
  expect(forbiddenFor("audit")).toMatch(/\bconsole\b/);
  expect(forbiddenFor("ledger")).toMatch(/\bmarket\b/);
  expect(forbiddenFor("ledger")).not.toMatch(/\baudit\b/);
  expect(forbiddenFor("platform")).toMatch(/\baudit\b/);
  expect(forbiddenFor("console")).not.toMatch(/\btrading\b/);
});

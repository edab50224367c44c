import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const MAX_LINES = 400;
const SOURCE = /\.(ts|tsx|mjs|cjs|css)$/;
const FOLDERS = ["apps/", "packages/", "e2e/", "bench/", "soak/", "scripts/"];

// A file past this has more than one reason to change; split it along its seams (docs/architecture.md).
it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
  const tracked = spawnSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" });
  expect(tracked.status).toBe(0);
  const files = tracked.stdout
    .split("\0")
    .filter((file) => SOURCE.test(file) && FOLDERS.some((folder) => file.startsWith(folder)));
  expect(files.length).toBeGreaterThan(100);
  const long = files
    .map((file) => ({ file, lines: readFileSync(path.join(root, file), "utf8").split("\n").length }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});

import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { kb, readAppBuild } from "./build-budget";

/** A built app as Vite leaves it: an entry, a shared chunk, a lazy page, a stylesheet. */
const appDir = mkdtempSync(join(tmpdir(), "budget-"));
const files: Record<string, string> = {
  "static/js/index.js": "import './shared.js';".repeat(40),
  "static/js/shared.js": "export const shared = 1;".repeat(90),
  "static/js/Page.js": "export default 'page';",
  "static/css/index.css": "body { color: red }",
};
const manifest = {
  "index.html": {
    file: "static/js/index.js",
    isEntry: true,
    imports: ["_shared"],
    css: ["static/css/index.css"],
  },
  _shared: { file: "static/js/shared.js" },
  "src/Page.tsx": { file: "static/js/Page.js", isDynamicEntry: true, imports: ["_shared"] },
  "src/style.css": { file: "static/css/index.css" },
};
mkdirSync(join(appDir, "dist", ".vite"), { recursive: true });
mkdirSync(join(appDir, "dist", "static", "js"), { recursive: true });
mkdirSync(join(appDir, "dist", "static", "css"), { recursive: true });
for (const [file, text] of Object.entries(files)) writeFileSync(join(appDir, "dist", file), text);
const manifestPath = join(appDir, "dist", ".vite", "manifest.json");
writeFileSync(manifestPath, JSON.stringify(manifest));
// Newer than every source: the build is current and is not rebuilt.
const later = new Date(Date.now() + 86_400_000);
utimesSync(manifestPath, later, later);
afterAll(() => rmSync(appDir, { recursive: true, force: true }));

const gzip = (file: string) => gzipSync(files[file] as string, { level: 9 }).length;

describe("reading a build for its budgets", () => {
  const build = readAppBuild(appDir, "@tickfair/none");

  it("follows static imports, each chunk once", () => {
    expect([...build.closure(["index.html"])].sort()).toEqual(["_shared", "index.html"]);
    expect([...build.closure(["index.html", "src/Page.tsx"])].sort()).toEqual([
      "_shared",
      "index.html",
      "src/Page.tsx",
    ]);
    expect(() => build.closure(["src/Missing.tsx"])).toThrow("manifest has no src/Missing.tsx");
  });

  it("counts each script's gzip size once, and no stylesheet", () => {
    const first = build.jsSize(build.closure(["index.html", "src/Page.tsx", "src/style.css"]));
    expect(first).toBe(gzip("static/js/index.js") + gzip("static/js/shared.js") + gzip("static/js/Page.js"));
    expect(build.gzipSize("static/css/index.css")).toBe(gzip("static/css/index.css"));
    expect(kb(1536)).toBe("1.5 KB");
  });
});

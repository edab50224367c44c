import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineScriptSources } from "./inline-scripts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptSources", () => {
  it("allows each inline script of the pages by its hash, and no script that has a src", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-inline-"));
    const page = path.join(dir, "index.html");
    const shell = '\n      (function () { document.title = "x"; })();\n    ';
    fs.writeFileSync(
      page,
      `<html><head><script type="module" crossorigin src="/h5/static/js/index.js"></script></head>` +
        `<body><div id="app-shell"></div><script>${shell}</script><script>${shell}</script></body></html>`,
    );
    expect(inlineScriptSources([page, path.join(dir, "missing.html")])).toEqual([sha256(shell)]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

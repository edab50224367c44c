/**
 * The web bench's floor: the least a React page costs on this machine and this Chromium. A page
 * whose only script is React 19 (the app's own copy) drawing a heading and twenty rows, built by Vite
 * in production mode and served compressed from a bare `node:http` server, with no router, texts, UI
 * kit or API. Lighthouse measures it exactly as it measures the app's pages, in the same run, so a
 * page's distance from the floor is what the app adds, and the floor itself says what the machine
 * allows (its TBT moves with the machine's load and the browser's version as the pages' do).
 */
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";

export interface FloorSite {
  /** e.g. http://127.0.0.1:41234/ */
  url: string;
  close(): Promise<void>;
}

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Floor</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./main.js"></script>
  </body>
</html>
`;

const MAIN_JS = `import { createElement as h } from "react";
import { createRoot } from "react-dom/client";

const rows = Array.from({ length: 20 }, (_, index) =>
  h("li", { key: index }, "Row " + (index + 1) + ": a line of text the size of a product row"),
);
const root = document.getElementById("root");
createRoot(root).render(h("main", null, h("h1", null, "React and twenty rows"), h("ul", null, rows)));
`;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
};

/** Builds the floor page into a temporary folder and serves it; `close` stops and removes both. */
export async function startFloorSite(): Promise<FloorSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-web-floor-"));
  const source = path.join(dir, "source");
  const out = path.join(dir, "dist");
  fs.mkdirSync(source);
  fs.writeFileSync(path.join(source, "index.html"), INDEX_HTML);
  fs.writeFileSync(path.join(source, "main.js"), MAIN_JS);
  // The app's React, not the older one at the monorepo's root.
  const fromApp = createRequire(path.resolve(import.meta.dirname, "../apps/web/package.json"));
  await build({
    root: source,
    base: "./",
    logLevel: "warn",
    configFile: false,
    mode: "production",
    resolve: {
      alias: [
        { find: /^react$/, replacement: fromApp.resolve("react") },
        { find: /^react-dom\/client$/, replacement: fromApp.resolve("react-dom/client") },
      ],
    },
    build: { outDir: out, emptyOutDir: true, target: "es2022", modulePreload: { polyfill: false } },
  });
  const server = http.createServer((request, response) => {
    const name = new URL(request.url ?? "/", "http://floor").pathname;
    const file = path.join(out, name === "/" ? "index.html" : path.normalize(name));
    if (!file.startsWith(out) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    // Brotli, as the app's server sends its precompressed files.
    response.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "content-encoding": "br",
    });
    response.end(zlib.brotliCompressSync(fs.readFileSync(file)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

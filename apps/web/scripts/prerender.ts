/**
 * `npm run build`'s last step: the first screens prerendered (src/prerender.tsx) into
 * dist/prerendered/<page>.<locale>.html — index.html with the screen's markup in #root, its own
 * stylesheets inline, and no shell over it — and dist/prerendered/pages.json, which tells the server
 * which file answers which address in which language.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { build, type Manifest } from "vite";
import { DEFAULT_LOCALE, LOCALES } from "../../../packages/contract/src/locales";

const root = path.join(import.meta.dirname, "..");
const dist = path.join(root, "dist");
// Inside the app's folder, so that the module's imports (React 19) resolve to the app's packages.
const serverBuild = path.join(root, "node_modules", ".prerender");

await build({
  root,
  configFile: path.join(root, "vite.config.ts"),
  configLoader: "bundle",
  logLevel: "warn",
  build: {
    ssr: "src/prerender.tsx",
    outDir: serverBuild,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
    minify: false,
    rolldownOptions: {
      // Only ever imported in a browser, when the service worker is registered.
      external: ["virtual:pwa-register"],
      output: { entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
    },
  },
  // Bundled rather than imported at run time: packages import stylesheets, or React, which must be
  // the app's React 19 (imported from the app's folder), not the monorepo root's older one.
  ssr: { noExternal: true, external: ["react", "react-dom"] },
});

const prerender = (await import(
  pathToFileURL(path.join(serverBuild, "prerender.js")).href
)) as typeof import("../src/prerender");
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
const index = fs.readFileSync(path.join(dist, "index.html"), "utf8");
/** What index.html links already: the app's shared stylesheets. */
const linked = new Set([...index.matchAll(/href="\/h5\/([^"]+)"/g)].map((match) => match[1]));

/** A chunk's stylesheets, those of the chunks it imports first (the order the app applies them in). */
function stylesheetsOf(key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [
    ...(chunk.imports ?? []).flatMap((imported) => stylesheetsOf(imported, seen)),
    ...(chunk.css ?? []),
  ];
}

function pageHtml(modules: readonly string[], locale: string, markup: string, guest: boolean): string {
  const chunks = modules.map((module) => {
    const chunk = manifest[module];
    if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
    return chunk;
  });
  const seen = new Set<string>();
  const styles = [...new Set(modules.flatMap((module) => stylesheetsOf(module, seen)))].filter(
    (file) => !linked.has(file),
  );
  const texts = manifest[`src/i18n/locales/${locale}.json`];
  // The page's own stylesheets inline: linked, each would be a request the first paint waits for
  // (the app's two shared ones stay linked and cached). When its chunk loads, the app links them too.
  const css = styles.map((file) => fs.readFileSync(path.join(dist, file), "utf8")).join("\n");
  const head = [
    `<style>${css.replaceAll("</", "<\\/")}</style>`,
    ...[...chunks, ...(texts ? [texts] : [])].map(
      (chunk) => `<link rel="modulepreload" crossorigin href="/h5/${chunk.file}">`,
    ),
  ].join("");
  // The shell's markup, script and style: the page itself is there instead.
  const shell = [/<div id="app-shell"[\s\S]*?<\/script>\s*/, /<style>[\s\S]*?<\/style>\s*/];
  for (const part of shell) if (!part.test(index)) throw new Error(`prerender: index.html has no ${part}`);
  return shell
    .reduce((html, part) => html.replace(part, ""), index)
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
    .replace("</head>", `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${locale}"${guest ? " data-guest" : ""} inert>${markup}</div>`,
    );
}

const out = path.join(dist, "prerendered");
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out);
const write = (file: string, text: string) => {
  const bytes = Buffer.from(text, "utf8");
  fs.writeFileSync(path.join(out, file), bytes);
  fs.writeFileSync(path.join(out, `${file}.br`), zlib.brotliCompressSync(bytes));
  fs.writeFileSync(path.join(out, `${file}.gz`), zlib.gzipSync(bytes, { level: 9 }));
};
const pages: Record<string, string> = {};
const guestPages: string[] = [];
for (const [page, { addresses, modules, guest, served }] of Object.entries(prerender.PRERENDERED_PAGES)) {
  if (served) {
    if (guest) guestPages.push(page);
    for (const address of addresses) pages[address] = page;
  }
  for (const locale of LOCALES) {
    const markup = await prerender.renderPage(addresses[0] ?? "/", locale);
    write(`${page}.${locale}.html`, pageHtml(modules, locale, markup, guest));
  }
}
fs.writeFileSync(
  path.join(out, "pages.json"),
  `${JSON.stringify(
    {
      cookie: prerender.LANGUAGE_COOKIE,
      defaultLocale: DEFAULT_LOCALE,
      locales: LOCALES,
      pages,
      guestPages,
      signedInCookie: prerender.SIGNED_IN_COOKIE,
    },
    null,
    2,
  )}\n`,
);
fs.rmSync(serverBuild, { recursive: true, force: true });
console.log(
  `prerendered ${Object.keys(prerender.PRERENDERED_PAGES).length} pages in ${LOCALES.length} languages`,
);

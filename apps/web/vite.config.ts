import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
// By path, not by package name: Node loads the bundled config, and a package export is TypeScript.
import { appViteConfig } from "../../packages/browser/src/vite-settings";
import { DEFAULT_LOCALE } from "../../packages/contract/src/locales";
import { paths } from "./src/lib/paths";
import { pushWorkerSource } from "./src/lib/push-worker";

const root = fileURLToPath(new URL(".", import.meta.url));

/** The shell screen (index.html) of each address; any other address gets "page". */
const SHELL_SCREENS: Record<string, string> = {
  "/": "welcome",
  [paths.welcome]: "welcome",
  [paths.home]: "home",
  [paths.product]: "products",
  [paths.recordsTab]: "records",
  [paths.user]: "user",
  [paths.login]: "auth",
  [paths.detail]: "detail",
};
/** The words the shell shows, as i18n keys of the core texts (src/i18n/locales/<locale>.json). */
const SHELL_TEXT_KEYS = [
  "home.bannerBadge",
  "home.bannerTitle",
  "home.bannerText",
  "login.heading",
  "login.subheading",
  "common.riskWarning",
  "market.title",
  "market.enterName",
  "tabs.home",
  "tabs.product",
  "tabs.records",
  "tabs.user",
];

/**
 * The shell's words come from the app's own texts, so the first frame already speaks the user's
 * language and says what the screen will say.
 */
const shellConfig: Plugin = {
  name: "tickfair-shell-config",
  transformIndexHtml(html) {
    const localesDir = `${root}src/i18n/locales`;
    const texts: Record<string, Record<string, string>> = {};
    for (const file of readdirSync(localesDir).filter((name) => name.endsWith(".json"))) {
      const messages = JSON.parse(readFileSync(`${localesDir}/${file}`, "utf8")) as Record<string, unknown>;
      const words: Record<string, string> = {};
      for (const key of SHELL_TEXT_KEYS) {
        const [group = "", name = ""] = key.split(".");
        const text = (messages[group] as Record<string, unknown> | undefined)?.[name];
        if (typeof text !== "string") throw new Error(`${file} has no text ${key}`);
        words[key] = text;
      }
      texts[file.slice(0, -".json".length)] = words;
    }
    // "<" escaped: no text can close the script element it sits in.
    const config = JSON.stringify({ fallback: DEFAULT_LOCALE, screens: SHELL_SCREENS, texts }).replace(
      /</g,
      "\\u003c",
    );
    return html.replace("__SHELL_CONFIG__", config);
  },
};

/**
 * The shell in index.html needs only the HTML and its stylesheets to paint; the app's scripts are
 * asked for at low priority so that, on a slow link, they do not hold up that first paint. The entry
 * (src/main.tsx) starts the app (src/boot.tsx) only after that paint, so the app's chunks are listed
 * here to download alongside, and its stylesheets to apply from the start.
 */
const shellFirst: Plugin = {
  name: "tickfair-shell-first",
  enforce: "post",
  transformIndexHtml(html, context) {
    const bundle = context.bundle;
    const entry = context.chunk;
    if (!bundle || !entry) return html;
    const boot = entry.dynamicImports
      .map((file) => bundle[file])
      .find((chunk) => chunk?.type === "chunk" && chunk.facadeModuleId?.endsWith("/src/boot.tsx"));
    if (boot?.type !== "chunk") throw new Error("the entry does not start src/boot.tsx");
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (file: string) => {
      const chunk = bundle[file];
      if (chunk?.type !== "chunk" || scripts.has(file) || file === entry.fileName) return;
      scripts.add(file);
      // A chunk's imports' styles first, as in the stylesheet of one bundle.
      for (const imported of chunk.imports) visit(imported);
      for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    };
    visit(boot.fileName);
    // The app's stylesheets (antd-mobile's variables among them) go before the entry's, which
    // override them: the order they had when they were one file.
    const stylesheets = [...styles].map(
      (file) => `<link rel="stylesheet" crossorigin href="/h5/${file}">\n    `,
    );
    const preloads = [...scripts].map(
      (file) => `    <link rel="modulepreload" crossorigin href="/h5/${file}">\n`,
    );
    return html
      .replace('<link rel="stylesheet"', `${stylesheets.join("")}<link rel="stylesheet"`)
      .replace("  </head>", `${preloads.join("")}  </head>`)
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  },
};

/** The service worker's push handlers (src/lib/push-worker.ts), a file the generated worker imports. */
const pushWorker: Plugin = {
  name: "tickfair-push-worker",
  apply: "build",
  generateBundle() {
    this.emitFile({ type: "asset", fileName: "push-sw.js", source: pushWorkerSource() });
  },
};

// The prerendering's build (scripts/prerender.ts) makes a module for Node: none of the page's or the
// service worker's plugins apply to it.
export default defineConfig(({ isSsrBuild }) =>
  appViteConfig({
    root,
    base: "/h5/",
    port: 5173,
    plugins: isSsrBuild
      ? []
      : [
          shellConfig,
          shellFirst,
          pushWorker,
          VitePWA({
            // The app asks before reloading into a new version (UpdatePrompt): a reload mid-order would lose the form.
            registerType: "prompt",
            injectRegister: false,
            pwaAssets: { image: "public/favicon.svg", overrideManifestIcons: true },
            manifest: {
              name: "Tickfair",
              short_name: "Tickfair",
              description: "Fair rise/fall trading and savings",
              start_url: "/h5/",
              scope: "/h5/",
              display: "standalone",
              orientation: "portrait",
              theme_color: "#1748c9",
              background_color: "#f4f6fa",
            },
            workbox: {
              // The shell and every built chunk (languages included), so the app opens offline; the API is
              // never cached: a stale balance or price is worse than none.
              globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2}"],
              navigateFallback: "/h5/index.html",
              navigateFallbackDenylist: [/^\/api\//],
              runtimeCaching: [],
              cleanupOutdatedCaches: true,
              // Push notifications: shown when the app is closed, a tap opens the page they tell of.
              importScripts: ["push-sw.js"],
            },
          }),
        ],
    alias: [
      // Only React 16-18 use this renderer; React 19 goes through unstableSetRender (src/boot.tsx).
      { find: /^rc-util\/lib\/React\/render$/, replacement: `${root}src/lib/legacy-render.ts` },
      // antd-mobile's ES build imports rc-util's CommonJS build (`rc-util/lib/...`), which cannot be
      // tree-shaken and drags in @babel/runtime's regenerator; rc-util ships the same modules as ESM.
      { find: /^rc-util\/lib\/(.*)$/, replacement: "rc-util/es/$1" },
    ],
    // The entry holds React DOM and the router (~340 KB minified, ~107 KB gzip).
    chunkSizeWarningLimit: 400,
  }),
);

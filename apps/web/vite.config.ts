import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The shell in index.html needs only the HTML and its stylesheets to paint; the app's scripts are
 * asked for at low priority so that, on a slow link, they do not hold up that first paint.
 */
const shellFirst: Plugin = {
  name: "tickfair-shell-first",
  enforce: "post",
  transformIndexHtml: (html) =>
    html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
};

export default defineConfig({
  root,
  base: "/h5/",
  plugins: [
    react(),
    shellFirst,
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
      },
    }),
    // Compressed once here, served as they are (the server's preCompressed static files).
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
  ],
  resolve: {
    // The monorepo root holds an older React (a peer of another workspace); every import of react
    // (antd-mobile, react-router, react-query...) must resolve to this app's React 19.
    dedupe: ["react", "react-dom"],
    alias: [
      // Only React 16-18 use this renderer; React 19 goes through unstableSetRender (src/main.tsx).
      { find: /^rc-util\/lib\/React\/render$/, replacement: `${root}src/lib/legacy-render.ts` },
      // antd-mobile's ES build imports rc-util's CommonJS build (`rc-util/lib/...`), which cannot be
      // tree-shaken and drags in @babel/runtime's regenerator; rc-util ships the same modules as ESM.
      { find: /^rc-util\/lib\/(.*)$/, replacement: "rc-util/es/$1" },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:8080", changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: "http://localhost:8080", changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    manifest: true,
    // Browsers that run this app all support <link rel=modulepreload>; the polyfill is not needed.
    modulePreload: { polyfill: false },
    // The entry holds React DOM and the router (~340 KB minified, ~107 KB gzip); the real limits are in build-budget.test.ts.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        entryFileNames: "static/js/[name]-[hash].js",
        chunkFileNames: "static/js/[name]-[hash].js",
        assetFileNames: (asset) => {
          const name = asset.names[0] ?? "";
          const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : "assets";
          return `static/${ext}/[name]-[hash][extname]`;
        },
      },
    },
  },
});

import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "/h5/",
  plugins: [react()],
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

import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "/admin/",
  plugins: [
    react(),
    // Compressed once here, served as they are (the server's preCompressed static files).
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
  ],
  resolve: {
    // The monorepo root holds an older React (a peer of another workspace); antd, react-router and
    // react-query, hoisted there, must resolve to this app's React 19.
    dedupe: ["react", "react-dom"],
  },
  server: {
    port: 5174,
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
    // Desktop browsers all support <link rel=modulepreload>; the polyfill is not needed.
    modulePreload: { polyfill: false },
    // antd's shared core is one large chunk by design; the real limits are in build-budget.test.ts.
    chunkSizeWarningLimit: 1200,
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

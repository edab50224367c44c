import { createRequire } from "node:module";
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { Plugin, PluginOption, UserConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export interface AppViteSettings {
  /** The app's folder (where its index.html is). */
  root: string;
  /** Where the server mounts it: "/h5/", "/admin/". */
  base: string;
  /** The dev server's port. */
  port: number;
  /** Plugins of the app's own, between React and the compression. */
  plugins?: PluginOption[];
  /** Warn above this many kB (minified); the real limits are in the app's build-budget test. */
  chunkSizeWarningLimit: number;
  alias?: NonNullable<UserConfig["resolve"]>["alias"];
}

/** The API in development: the server on :8080, WebSocket included. */
const API_PROXY = { "/api": { target: "http://localhost:8080", changeOrigin: true, ws: true } };

/**
 * React Router's package points every bundler at its development build, which differs from its
 * production build only by the warnings it checks for and prints; a built app takes the production
 * one (578 B gzip less in an entry). Development and tests keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const packageJson = createRequire(import.meta.url).resolve("react-router/package.json");
  const dist = path.join(path.dirname(packageJson), "dist", "production");
  return {
    name: "tickfair-react-router-production",
    apply: "build",
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, "index.mjs") },
          { find: /^react-router\/dom$/, replacement: path.join(dist, "dom-export.mjs") },
        ],
      },
    }),
  };
}

/** What both apps build with: React, precompressed files, static/<kind>/ names and a manifest. */
export function appViteConfig(settings: AppViteSettings): UserConfig {
  return {
    root: settings.root,
    base: settings.base,
    plugins: [
      react(),
      reactRouterProduction(),
      ...(settings.plugins ?? []),
      // Compressed once here, served as they are (the server's preCompressed static files).
      compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
    ],
    resolve: {
      // The monorepo root holds an older React (a peer of another workspace); every import of react
      // (the UI kit, react-router, react-query...) must resolve to the app's React 19.
      dedupe: ["react", "react-dom"],
      ...(settings.alias ? { alias: settings.alias } : {}),
    },
    server: { port: settings.port, proxy: API_PROXY },
    preview: { proxy: API_PROXY },
    build: {
      outDir: "dist",
      emptyOutDir: true,
      target: "es2022",
      // Read by the build-budget tests.
      manifest: true,
      // Browsers that run the apps all support <link rel=modulepreload>; the polyfill is not needed.
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: settings.chunkSizeWarningLimit,
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
  };
}

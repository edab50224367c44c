import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
// By path, not by package name: Node loads the bundled config, and a package export is TypeScript.
import { appViteConfig } from "../../packages/browser/src/vite-settings";

export default defineConfig(
  appViteConfig({
    root: fileURLToPath(new URL(".", import.meta.url)),
    base: "/admin/",
    port: 5174,
    // antd's shared core is one large chunk by design.
    chunkSizeWarningLimit: 1200,
  }),
);

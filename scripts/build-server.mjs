/**
 * `npm run build:server`: compiles the server and its command-line tools to JavaScript in
 * apps/server/dist, so `npm start` and the tools run on plain node. Workspace packages are TypeScript
 * source and are bundled in; every other package stays an import resolved from node_modules at run
 * time (native modules, and files packages read beside themselves, would not survive bundling).
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.join(import.meta.dirname, "..");
export const SERVER_DIST = path.join(ROOT, "apps", "server", "dist");

/** Each output file's name and its source: the root package.json's scripts run these. */
const ENTRIES = {
  main: "apps/server/src/main.ts",
  "ledger-check": "apps/server/src/ledger-check.ts",
  "schema-dump": "apps/server/src/platform/schema-dump-cli.ts",
  "operator-create": "apps/server/src/operators/create-cli.ts",
  backup: "apps/server/src/platform/backup-cli.ts",
  restore: "apps/server/src/platform/restore-cli.ts",
  verify: "packages/verify/src/cli.ts",
};

const WORKSPACE = /^@tickfair\//;

/** Leaves every bare import outside the workspace to node at run time. */
const outsidePackagesExternal = {
  name: "outside-packages-external",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      WORKSPACE.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

// A stale chunk of an earlier build would otherwise stay beside the new ones.
await rm(SERVER_DIST, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES,
  outdir: SERVER_DIST,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  plugins: [outsidePackagesExternal],
  logLevel: "warning",
});

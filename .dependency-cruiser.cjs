/**
 * The layers of ARCHITECTURE §2, checked by `npm run lint` (docs/architecture.md):
 * platform is the bottom and imports no capability; capabilities reach each other only through
 * their index.ts; only the wiring (app.ts, main.ts) takes a capability's route plugins; nothing
 * imports in a circle; web pages do not import other pages.
 */
const CAPABILITIES =
  "(account|auth|cashier|content|files|kyc|ledger|limits|market|messages|operators|savings|support|trading|demo)";
const SERVER = "^apps/server/src/";
// Tests, test fixtures and a capability's own test helpers may reach inside anything.
const TESTS = "(\\.test\\.ts$|/testing\\.ts$|^apps/server/src/test/)";

module.exports = {
  forbidden: [
    {
      name: "platform-imports-no-capability",
      comment: "platform/ is the bottom layer: config, db, errors, transport. It knows no capability.",
      severity: "error",
      from: { path: `${SERVER}platform/`, pathNot: TESTS },
      to: { path: `${SERVER}${CAPABILITIES}/` },
    },
    {
      name: "capabilities-meet-through-index",
      comment: "Another capability is reached through its index.ts only, never a file inside it.",
      severity: "error",
      from: { path: `${SERVER}(${CAPABILITIES.slice(1, -1)})/`, pathNot: TESTS },
      to: {
        path: `${SERVER}${CAPABILITIES}/`,
        pathNot: [`${SERVER}$1/`, `${SERVER}${CAPABILITIES}/index\\.ts$`],
      },
    },
    {
      name: "only-the-wiring-takes-route-plugins",
      comment: "Route plugins are registered by app.ts; nothing else imports them.",
      severity: "error",
      from: { path: SERVER, pathNot: [`${SERVER}app\\.ts$`, TESTS] },
      to: { path: `${SERVER}${CAPABILITIES}/(routes|operator-routes)\\.ts$`, pathNot: `${SERVER}$1/` },
    },
    {
      name: "no-circular",
      comment: "Modules that import each other in a circle cannot be read, tested or moved alone.",
      severity: "error",
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: "pages-do-not-import-pages",
      comment: "What two pages share lives in components, lib or api.",
      severity: "error",
      from: { path: "^apps/(web|admin)/src/pages/([^/]+)/" },
      to: { path: "^apps/(web|admin)/src/pages/", pathNot: "^apps/$1/src/pages/$2/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(node_modules|/dist/)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};

/**
 * The ranks and layers of docs/architecture.md, checked by `npm run lint` (and layers.test.ts):
 * a server capability imports only capabilities of a lower rank (apps/server/src/ranks.json), and
 * those only through their index.ts; only a capability's own module takes its route plugins; nothing
 * imports in a circle; web pages do not import other pages.
 *
 * The capability list is the server's folders, read here: a new folder without a rank stops the lint,
 * so no capability is ever left unchecked.
 */
const fs = require("node:fs");
const path = require("node:path");

const SOURCE = path.join(__dirname, "apps/server/src");
const RANKS = require("./apps/server/src/ranks.json");
// Not capabilities: the migrations (SQL) and the tests' shared helpers.
const NOT_CAPABILITIES = new Set(["migrations", "test"]);
const FOLDERS = fs
  .readdirSync(SOURCE, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_CAPABILITIES.has(entry.name))
  .map((entry) => entry.name);
for (const folder of FOLDERS) {
  if (!(folder in RANKS)) throw new Error(`apps/server/src/${folder}: give it a rank in ranks.json`);
}
for (const name of Object.keys(RANKS)) {
  if (!FOLDERS.includes(name)) throw new Error(`ranks.json names ${name}, which is not a folder`);
}

const SERVER = "^apps/server/src/";
const any = (names) => `(${names.join("|")})`;
const CAPABILITIES = any(FOLDERS.filter((folder) => folder !== "platform"));
// Tests, test fixtures and a capability's own test helpers may reach inside anything.
const TESTS = "(\\.test\\.ts$|/testing\\.ts$|^apps/server/src/test/)";

const rankRules = FOLDERS.map((folder) => {
  const notLower = FOLDERS.filter((other) => other !== folder && RANKS[other] >= RANKS[folder]);
  return {
    name: `rank-${RANKS[folder]}-${folder}`,
    comment: `${folder} (rank ${RANKS[folder]}) imports only capabilities of a lower rank.`,
    severity: "error",
    from: { path: `${SERVER}${folder}/`, pathNot: TESTS },
    to: { path: `${SERVER}${any(notLower)}/` },
  };
}).filter((rule) => rule.to.path !== `${SERVER}()/`);

module.exports = {
  forbidden: [
    ...rankRules,
    {
      name: "capabilities-meet-through-index",
      comment: "Another capability is reached through its index.ts only, never a file inside it.",
      severity: "error",
      from: { path: `${SERVER}${CAPABILITIES}/`, pathNot: TESTS },
      to: {
        path: `${SERVER}${CAPABILITIES}/`,
        pathNot: [`${SERVER}$1/`, `${SERVER}${CAPABILITIES}/index\\.ts$`],
      },
    },
    {
      name: "wiring-meets-capabilities-through-index",
      comment: "app.ts, main.ts and capabilities.ts take a capability's face, never its internals.",
      severity: "error",
      from: { path: `${SERVER}[^/]+\\.ts$`, pathNot: TESTS },
      to: { path: `${SERVER}${CAPABILITIES}/`, pathNot: `${SERVER}${CAPABILITIES}/index\\.ts$` },
    },
    {
      name: "only-the-module-takes-route-plugins",
      comment:
        "Route plugins are handed to the wiring by their capability's module; nothing else imports them.",
      severity: "error",
      from: { path: `${SERVER}([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SERVER}${CAPABILITIES}/[^/]*routes\\.ts$`,
        pathNot: `${SERVER}$1/`,
      },
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

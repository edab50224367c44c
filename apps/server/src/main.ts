import os from "node:os";
import { buildApp } from "./app";
import { DEMO, seedDemo } from "./demo";
import { totpUri } from "./operators";
import { ShiftedClock, systemClock } from "./platform/clock";
import type { Config } from "./platform/config";
import { loadConfig } from "./platform/config";
import { holdDataDir, localUrl } from "./platform/data-dir-hold";
import { createDb } from "./platform/db";
import { migrateToLatest } from "./platform/migrations";
import { endHttp2SessionsOnClose, readTlsFiles } from "./platform/tls";

const config = loadConfig();
// Read before the database is touched, so a wrong certificate path stops the start at once.
const tls = readTlsFiles(config);
const clock = config.CLOCK_CONTROL ? new ShiftedClock() : systemClock;
// Until the app's logger exists, a connection the database ends (a restart) is told on stderr.
let connectionLost = (error: Error) => console.error(`database: a connection was lost (${error.message})`);
const db = createDb({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  onConnectionError: (error) => connectionLost(error),
});
await migrateToLatest(db);
if (config.DEMO_MODE) await seedDemo(db, clock, { shared: config.DATABASE_URL !== undefined });

const app = await buildApp({ config, db, clock, tls });
if (tls) endHttp2SessionsOnClose(app);
connectionLost = (error) => app.log.warn({ err: error }, "database: a connection was lost");
let releaseDataDir = () => {};
app.addHook("onClose", async () => {
  await db.destroy();
  // Only now is everything written back, so another process may open the folder.
  releaseDataDir();
});

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing the database`);
    // Fastify stops accepting, lets in-flight requests finish, then runs onClose (database last).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
// Tells `npm run ledger:check` (and any other tool) that this process owns the embedded database.
const scheme = tls ? "https" : "http";
if (!config.DATABASE_URL)
  releaseDataDir = holdDataDir(
    config.DATA_DIR,
    localUrl(app.server.address()).replace(/^http:/, `${scheme}:`),
  );
const base = `${scheme}://localhost:${config.PORT}`;
const lines = [
  "",
  "Tickfair is running",
  `  App (H5):       ${base}/h5/`,
  ...otherAddresses(config, scheme).map((address) => `  On a phone:     ${address}/h5/`),
  `  Console:        ${base}/admin/`,
  `  API docs:       ${base}/api/docs`,
  `  Health:         ${base}/api/v1/health`,
  `  Database:       ${config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.DATA_DIR}`}`,
];
if (config.DEMO_MODE) {
  lines.push(
    "",
    "Demo mode (virtual money)",
    `  User login:           ${DEMO.user.account} / ${DEMO.user.password}  (transaction password ${DEMO.user.payPassword})`,
    `  Account-opening code: ${DEMO.inviteCode}`,
    "  Operators (password, then the six-digit code of the TOTP secret; add the otpauth URI to an authenticator app):",
    ...DEMO.operators.flatMap((operator) => [
      `    ${operator.role.padEnd(8)} ${operator.username} / ${operator.password}  TOTP secret ${operator.totpSecret}`,
      `             ${totpUri(operator.username, operator.totpSecret)}`,
    ]),
  );
}
console.log(`${lines.join("\n")}\n`);

/** Where a phone on the same network (or anyone, through the public address) opens the app. */
function otherAddresses(config: Config, scheme: string): string[] {
  if (config.PUBLIC_URL) return [config.PUBLIC_URL.replace(/\/$/, "")];
  if (config.HOST !== "0.0.0.0" && config.HOST !== "::") return [];
  return Object.values(os.networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => address.family === "IPv4" && !address.internal)
    .map((address) => `${scheme}://${address.address}:${config.PORT}`);
}

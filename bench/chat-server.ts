/**
 * One server process of `npm run bench -- chat`: the real app on the bench database, listening on a free
 * loopback port, as production runs it (relaying events to the other processes through PostgreSQL).
 * Prints {"port": n} once listening and runs until its standard input closes.
 */
import { buildApp } from "../apps/server/src/app";
import { systemClock } from "../apps/server/src/platform/clock";
import { createDb } from "../apps/server/src/platform/db";
import { quietConfig } from "./quiet-config";

const url = process.argv[2] ?? "";
const config = quietConfig(url, {
  HOST: "127.0.0.1",
  PORT: "0",
  // One message a second per user for the whole run: the per-user limit is not what is measured.
  CHAT_MESSAGES_PER_MINUTE: "600",
  CONTENT_PUBLISHER_ENABLED: "false",
});
const db = createDb({ databaseUrl: url, dataDir: null });
const app = await buildApp({ config, db, clock: systemClock, logger: false });
app.addHook("onClose", async () => {
  await db.destroy();
});
await app.listen({ host: config.HOST, port: 0 });
const address = app.server.address();
if (!address || typeof address === "string") throw new Error("the server has no TCP address");
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.stdin.resume();
process.stdin.on("end", () => {
  void app.close().then(() => process.exit(0));
});

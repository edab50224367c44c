import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { RouteContext } from "./context";
import { type Db, embeddedDatabase } from "./db";

/**
 * The secret `npm run backup` shows the server holding the embedded database, kept in its data folder
 * (mode 0600): whoever can read it can read the database files anyway, so it grants nothing more, and a
 * scheduled backup needs no operator's authenticator code.
 */
export const BACKUP_TOKEN_FILE = "backup-token";
export const SCHEMA_VERSION_HEADER = "x-tickfair-schema-version";

export function backupTokenPath(dataDir: string): string {
  return path.resolve(dataDir, BACKUP_TOKEN_FILE);
}

/** The data folder's backup token, made the first time. */
export function ensureBackupToken(dataDir: string): string {
  const file = backupTokenPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

/** The last migration `db` has applied. */
export async function schemaVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(
    db,
  );
  const name = rows[0]?.name;
  if (!name) throw new Error("the database has no migration applied");
  return name;
}

/**
 * The embedded database's folder as one tar, with the schema version it holds. It is taken holding the
 * only connection, after a checkpoint, so no transaction is open in it: one consistent snapshot, which
 * other requests wait for (a second or so per hundred megabytes).
 */
export async function dumpEmbedded(db: Db): Promise<{ tar: Buffer; schemaVersion: string }> {
  const pglite = embeddedDatabase(db);
  if (!pglite) throw new Error("not an embedded database");
  return db.connection().execute(async (connection) => {
    const version = await schemaVersion(connection);
    await sql`checkpoint`.execute(connection);
    const dump = await pglite.dumpDataDir("none");
    return { tar: Buffer.from(await dump.arrayBuffer()), schemaVersion: version };
  });
}

function loopback(address: string | undefined): boolean {
  return address === "::1" || /^(::ffff:)?127\./.test(address ?? "");
}

/**
 * `POST /api/v1/system/backup` on a server holding an embedded database: its snapshot for
 * `npm run backup`, to a caller on this host showing the data folder's token. PostgreSQL has pg_dump; memory has nothing.
 */
export function backupRoutes(context: RouteContext): FastifyPluginAsync {
  return async (app) => {
    // In memory (tests) there is no folder to keep a token in, nor anything to back up.
    if (!embeddedDatabase(context.db)?.dataDir) return;
    const token = Buffer.from(ensureBackupToken(context.config.DATA_DIR));
    app.post("/system/backup", { schema: { hide: true } }, async (request, reply) => {
      const offered = Buffer.from(request.headers.authorization?.replace(/^Bearer /, "") ?? "");
      const shown = offered.length === token.length && timingSafeEqual(offered, token);
      if (!loopback(request.socket.remoteAddress) || !shown) return reply.code(404).send();
      const { tar, schemaVersion: version } = await dumpEmbedded(context.db);
      return reply.header(SCHEMA_VERSION_HEADER, version).type("application/x-tar").send(tar);
    });
  };
}

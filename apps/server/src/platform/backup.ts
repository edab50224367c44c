import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import {
  type BackupFile,
  type BackupManifest,
  BackupRefusal,
  BLOBS_FOLDER,
  copyTree,
  describe,
  folderEmpty,
  MANIFEST_FILE,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  readVerifiedManifest,
  SECRETS_FOLDER,
} from "./backup-files";
import { backupTokenPath, dumpEmbedded, SCHEMA_VERSION_HEADER, schemaVersion } from "./backup-route";
import type { Config } from "./config";
import { readHold } from "./data-dir-hold";
import { createDb } from "./db";
import { readMigrations } from "./migrations";

const run = promisify(execFile);

type BackupConfig = Pick<Config, "DATABASE_URL" | "DATA_DIR" | "BLOB_DIR" | "BLOB_S3_BUCKET">;

function blobFolder(config: BackupConfig): string {
  return config.BLOB_DIR ?? path.join(config.DATA_DIR, "blobs");
}

/** How the database was reached, for the person at the terminal. */
export interface BackupResult {
  manifest: BackupManifest;
  via: string;
}

/**
 * Backs up the configured database, then the private blobs and the data folder's secrets, into `out`
 * (missing or empty). The database first: a blob is written before the row naming it and never
 * changed, so copying the blobs after the snapshot finds every blob it refers to.
 */
export async function takeBackup(
  config: BackupConfig,
  out: string,
  now: Date = new Date(),
): Promise<BackupResult> {
  if (!(await folderEmpty(out))) throw new BackupRefusal(`${out} is not empty: back up into a new folder.`);
  await fs.mkdir(path.join(out, "database"), { recursive: true, mode: 0o700 });
  const files: BackupFile[] = [];
  let version: string;
  let via: string;
  if (config.DATABASE_URL) {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${path.join(out, POSTGRES_DUMP)}`,
      `--dbname=${config.DATABASE_URL}`,
    ]);
    // Read after the dump: a migration run in between makes the manifest claim newer, never older.
    version = await withDb(config, schemaVersion);
    files.push(await describe(out, POSTGRES_DUMP));
    via = "PostgreSQL, with pg_dump";
  } else {
    const hold = readHold(config.DATA_DIR);
    const dump = hold
      ? await dumpThroughServer(hold.url, config.DATA_DIR)
      : await withDb(config, dumpEmbedded);
    await fs.writeFile(path.join(out, PGLITE_DUMP), dump.tar, { mode: 0o600 });
    version = dump.schemaVersion;
    files.push(await describe(out, PGLITE_DUMP));
    via = hold
      ? `PGlite in ${config.DATA_DIR}, through the server at ${hold.url} (pid ${hold.pid})`
      : `PGlite in ${config.DATA_DIR}, opened directly (no server holds it)`;
  }
  if (!config.BLOB_S3_BUCKET)
    files.push(
      ...(await copyTree(blobFolder(config), path.join(out, BLOBS_FOLDER), BLOBS_FOLDER, (file) =>
        file.endsWith(".part"),
      )),
    );
  files.push(
    ...(await copyTree(
      path.join(config.DATA_DIR, SECRETS_FOLDER),
      path.join(out, SECRETS_FOLDER),
      SECRETS_FOLDER,
    )),
  );
  const manifest: BackupManifest = {
    format: 1,
    createdAt: now.toISOString(),
    database: config.DATABASE_URL ? "postgresql" : "pglite",
    schemaVersion: version,
    blobs: config.BLOB_S3_BUCKET ? "s3" : "folder",
    files,
  };
  await fs.writeFile(path.join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return { manifest, via };
}

async function withDb<T>(
  config: BackupConfig,
  use: (db: ReturnType<typeof createDb>) => Promise<T>,
): Promise<T> {
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

async function dumpThroughServer(
  url: string,
  dataDir: string,
): Promise<{ tar: Buffer; schemaVersion: string }> {
  let token: string;
  try {
    token = (await fs.readFile(backupTokenPath(dataDir), "utf8")).trim();
  } catch {
    throw new BackupRefusal(
      `The server at ${url} holds ${dataDir}, but ${backupTokenPath(dataDir)} cannot be read: run this as the server's user.`,
    );
  }
  const response = await fetch(`${url.replace(/\/+$/, "")}/api/v1/system/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(600_000),
  });
  const version = response.headers.get(SCHEMA_VERSION_HEADER);
  if (!response.ok || !version)
    throw new Error(`The server at ${url} did not give its snapshot (HTTP ${response.status}).`);
  return { tar: Buffer.from(await response.arrayBuffer()), schemaVersion: version };
}

/**
 * Restores the backup in `from` into the configured, empty database and folders, after checking every
 * file against its hash and that this code knows the backup's schema (it migrates an older one at start).
 */
export async function restoreBackup(config: BackupConfig, from: string): Promise<BackupManifest> {
  const manifest = await readVerifiedManifest(from);
  const known = Object.keys(await readMigrations());
  if (!known.includes(manifest.schemaVersion))
    throw new BackupRefusal(
      `The backup's schema is ${manifest.schemaVersion}, which this code does not know (its newest is ${known.at(-1)}): restore it with the release that made it, or a newer one.`,
    );
  const kind = config.DATABASE_URL ? "postgresql" : "pglite";
  if (manifest.database !== kind)
    throw new BackupRefusal(`The backup is of ${manifest.database}, but this configuration uses ${kind}.`);
  const holder = config.DATABASE_URL ? null : readHold(config.DATA_DIR);
  if (holder)
    throw new BackupRefusal(`A running server (pid ${holder.pid}) holds ${config.DATA_DIR}: stop it first.`);
  const blobs = blobFolder(config);
  const secrets = path.join(config.DATA_DIR, SECRETS_FOLDER);
  const restoresSecrets = manifest.files.some((file) => file.path.startsWith(`${SECRETS_FOLDER}/`));
  if (manifest.blobs === "folder" && !config.BLOB_S3_BUCKET && !(await folderEmpty(blobs)))
    throw new BackupRefusal(`The blob folder ${blobs} is not empty: restore into an empty one.`);
  if (restoresSecrets && !(await folderEmpty(secrets)))
    throw new BackupRefusal(`${secrets} is not empty: restore into an empty data folder.`);
  if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, path.join(from, POSTGRES_DUMP));
  else await restorePglite(config.DATA_DIR, path.join(from, PGLITE_DUMP));
  if (manifest.blobs === "folder" && !config.BLOB_S3_BUCKET)
    await copyTree(path.join(from, BLOBS_FOLDER), blobs, BLOBS_FOLDER);
  if (restoresSecrets) await copyTree(path.join(from, SECRETS_FOLDER), secrets, SECRETS_FOLDER);
  return manifest;
}

async function restorePglite(dataDir: string, dump: string): Promise<void> {
  if (!(await folderEmpty(path.join(dataDir, "pglite"))))
    throw new BackupRefusal(`${dataDir} already holds a database: restore into an empty data folder.`);
  const db = createDb({ dataDir, pgliteDump: new Blob([await fs.readFile(dump)]) });
  try {
    await schemaVersion(db);
  } finally {
    await db.destroy();
  }
}

async function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  const db = createDb({ databaseUrl, dataDir: null, poolSize: 1 });
  try {
    const { rows } = await sql<{ tables: string }>`
      select count(*)::text as tables from pg_catalog.pg_tables
      where schemaname not in ('pg_catalog', 'information_schema')`.execute(db);
    if (rows[0]?.tables !== "0")
      throw new BackupRefusal("The target database is not empty: restore into a new, empty database.");
  } finally {
    await db.destroy();
  }
  await run("pg_restore", [
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    `--dbname=${databaseUrl}`,
    dump,
  ]);
}

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, describe as group, inject, it } from "vitest";
import { buildApp } from "../app";
import { seedDemo } from "../demo";
import { checkLedgerInvariants } from "../ledger/invariants";
import { askDeposit, bankMethod, demoTopUp } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import type { TestContext } from "../test/harness";
import { testConfig } from "../test/harness";
import { conversationWith } from "../test/message-fixtures";
import { placeAndSettle } from "../test/trading-fixtures";
import { submitVerificationThroughApi } from "../test/verification-fixtures";
import { restoreBackup, takeBackup } from "./backup";
import {
  BackupRefusal,
  backupManifest,
  listFiles,
  MANIFEST_FILE,
  PGLITE_DUMP,
  POSTGRES_DUMP,
} from "./backup-files";
import { ManualClock } from "./clock";
import { holdDataDir, localUrl } from "./data-dir-hold";
import { createDb, type Db } from "./db";
import { migrateToLatest } from "./migrations";

const onPostgres = process.env.TEST_DB === "postgres";
const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const dropped: string[] = [];

/** A new PostgreSQL database on the test server, from `template` or empty, by its URL. */
async function newDatabase(template?: string): Promise<string> {
  const name = `tickfair_backup_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  dropped.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every row of every table, each table's rows in one order, as comparable text. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_catalog.pg_tables where schemaname = 'public' order by tablename`.execute(
    db,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(db);
    all[name] = rows.map((row) => row.row).sort();
  }
  return all;
}

async function filesOf(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const file of await listFiles(folder))
    files[file] = fs.readFileSync(path.join(folder, file)).toString("base64");
  return files;
}

group("backup and restore", () => {
  const folders: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-backup-"));
    folders.push(dir);
    return dir;
  };
  const source = { dir: "", url: undefined as string | undefined };
  const t = {} as TestContext;
  let release = () => {};
  let out = "";
  let target: Awaited<ReturnType<typeof freshTarget>>;

  beforeAll(async () => {
    source.dir = tempDir();
    if (onPostgres) {
      source.url = await newDatabase(inject("migratedDatabase"));
      t.db = createDb({ databaseUrl: source.url, dataDir: null });
    } else {
      const pgliteDump = new Blob([fs.readFileSync(inject("migratedDatabase"))]);
      t.db = createDb({ dataDir: source.dir, pgliteDump });
    }
    await migrateToLatest(t.db);
    t.clock = new ManualClock();
    t.config = testConfig({
      DATA_DIR: source.dir,
      BLOB_DIR: path.join(source.dir, "blobs"),
      DATABASE_URL: source.url,
    });
    await seedDemo(t.db, t.clock, { shared: false });
    t.app = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    if (!onPostgres) release = holdDataDir(source.dir, localUrl(t.app.server.address()));

    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "500.00");
    await placeAndSettle(t, user.auth, 101_000_000n);
    const method = await bankMethod(t);
    await askDeposit(t.app, user.auth, {
      methodId: String(method.id),
      amount: "100.00",
      reference: "backup",
    });
    const verification = await submitVerificationThroughApi(t.app, user.auth);
    expect(verification.statusCode, verification.body).toBe(201);
    await conversationWith(t, user.auth);
    fs.mkdirSync(path.join(source.dir, "secrets"));
    fs.writeFileSync(path.join(source.dir, "secrets", "id-number-keys.json"), "{}");
    out = path.join(tempDir(), "backup");
  });

  afterAll(async () => {
    await t.app?.close();
    await t.db?.destroy();
    release();
    for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    for (const name of dropped.splice(0)) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  /** A configuration for restoring into a fresh folder (and, on PostgreSQL, a fresh database). */
  async function freshTarget() {
    const dir = tempDir();
    return {
      DATA_DIR: dir,
      BLOB_DIR: undefined,
      BLOB_S3_BUCKET: undefined,
      DATABASE_URL: onPostgres ? await newDatabase() : undefined,
    };
  }

  it("restores a backup taken while the server runs to the same rows, ledger and files", async () => {
    const { manifest, via } = await takeBackup(t.config, out);
    expect(via).toMatch(onPostgres ? /pg_dump/ : /through the server/);
    expect(manifest.database).toBe(onPostgres ? "postgresql" : "pglite");
    expect(manifest.files.map((file) => file.path)).toContain(onPostgres ? POSTGRES_DUMP : PGLITE_DUMP);
    const blobs = await listFiles(path.join(source.dir, "blobs"));
    expect(blobs.length).toBeGreaterThanOrEqual(2);
    expect(manifest.files.filter((file) => file.path.startsWith("blobs/"))).toHaveLength(blobs.length);

    target = await freshTarget();
    await restoreBackup(target, out);
    const restored = createDb({ databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
    try {
      expect(manifest.schemaVersion).toBe(
        (await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(restored))
          .rows[0]?.name,
      );
      expect((await checkLedgerInvariants(restored)).violations).toEqual([]);
      expect(await everyRow(restored)).toEqual(await everyRow(t.db));
    } finally {
      await restored.destroy();
    }
    expect(await filesOf(path.join(target.DATA_DIR, "blobs"))).toEqual(
      await filesOf(path.join(source.dir, "blobs")),
    );
    expect(await filesOf(path.join(target.DATA_DIR, "secrets"))).toEqual(
      await filesOf(path.join(source.dir, "secrets")),
    );
  });

  it("refuses a backup from a newer schema, a damaged file and a target that is not empty", async () => {
    const again = restoreBackup(target, out);
    await expect(again).rejects.toBeInstanceOf(BackupRefusal);
    await expect(again).rejects.toThrow(/not empty/);
    await expect(takeBackup(t.config, out)).rejects.toThrow(/not empty/);

    const copy = path.join(tempDir(), "backup");
    fs.cpSync(out, copy, { recursive: true });
    const manifest = backupManifest.parse(
      JSON.parse(fs.readFileSync(path.join(copy, MANIFEST_FILE), "utf8")),
    );
    const manifestFile = path.join(copy, MANIFEST_FILE);
    const original = fs.readFileSync(manifestFile, "utf8");

    fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, schemaVersion: "9999_from_the_future" }));
    await expect(restoreBackup(await freshTarget(), copy)).rejects.toThrow(
      /9999_from_the_future.*does not know/,
    );

    const blob = manifest.files.find((file) => file.path.startsWith("blobs/"));
    if (!blob) throw new Error("no blob in the backup");
    fs.writeFileSync(manifestFile, original);
    const blobFile = path.join(copy, blob.path);
    const bytes = fs.readFileSync(blobFile);
    fs.writeFileSync(
      blobFile,
      Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes.at(-1) === 0 ? 1 : 0])]),
    );
    await expect(restoreBackup(await freshTarget(), copy)).rejects.toThrow(/does not match its hash/);
  });
});

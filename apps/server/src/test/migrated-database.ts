import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb, type Db, PGLITE_EXTENSIONS } from "../platform/db";
import { migrateToLatest } from "../platform/migrations";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite folder as a dump file, or the name of a migrated PostgreSQL template database. */
    migratedDatabase: string;
  }
}

/**
 * Vitest's global setup for the server projects: migrates one database once per run, which every test
 * file's database then starts from (PGlite loads its dump, PostgreSQL copies its template). Migrating
 * from empty took 8–12 s per file on PGlite, most of the server suite's time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (project.name === "server-postgres" && adminUrl) return postgresTemplate(project, adminUrl);
  return pgliteDump(project);
}

async function pgliteDump(project: TestProject): Promise<() => Promise<void>> {
  const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely({ dialect: new PGliteDialect(pglite) }) as unknown as Db;
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir("none");
  await db.destroy();
  const file = path.join(
    os.tmpdir(),
    `tickfair-migrated-${process.pid}-${randomBytes(4).toString("hex")}.tar`,
  );
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("migratedDatabase", file);
  return async () => fs.rmSync(file, { force: true });
}

async function postgresTemplate(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const name = `tickfair_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), dataDir: null, poolSize: 1 });
  await migrateToLatest(db);
  // No session may stay connected to a template while databases are copied from it.
  await db.destroy();
  project.provide("migratedDatabase", name);
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

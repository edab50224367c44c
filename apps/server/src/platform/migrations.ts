import fs from "node:fs/promises";
import path from "node:path";
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Db } from "./db";
import { SERVER_ROOT } from "./server-root";

/**
 * The one migration timeline: `apps/server/src/migrations/NNNN_name.sql`, applied in name order, each
 * recorded under its file name in Kysely's migration table. A migration is never edited or renamed once
 * released (a database that ran it would not run it again); a change is a new file. Every rule the
 * ledger depends on is enforced there, in the database, not only in services.
 *
 * Found from the server package's folder, so the same folder is read when the server runs from source
 * (tsx), compiled, in tests (vitest) and from the bench, whatever the working directory.
 */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, "src", "migrations");

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** The timeline's migrations by name, each running its file's statements one at a time. */
export async function readMigrations(folder: string = MIGRATIONS_FOLDER): Promise<Record<string, Migration>> {
  const files = (await fs.readdir(folder)).filter((file) => file.endsWith(".sql")).sort();
  const migrations: Record<string, Migration> = {};
  const numbers = new Set<string>();
  for (const file of files) {
    const number = MIGRATION_FILE.exec(file)?.[1];
    // A misnamed file would otherwise sort somewhere unexpected, or be applied under a name nobody meant.
    if (number === undefined) throw new Error(`Migration ${file} is not named NNNN_name.sql (lower case)`);
    if (numbers.has(number)) throw new Error(`Two migrations are numbered ${number}`);
    numbers.add(number);
    // Split on reading, so a file that does not parse stops the upgrade before anything runs.
    const statements = splitStatements(await fs.readFile(path.join(folder, file), "utf8"));
    migrations[file.slice(0, -".sql".length)] = { up: (db) => runStatements(db, file, statements) };
  }
  return migrations;
}

/**
 * PGlite's dialect sends every statement through the extended protocol, which takes one command at a
 * time (node-postgres would take the file whole), so a file runs statement by statement on both, inside
 * the transaction the migrator opens around the whole upgrade; a failure names its statement.
 */
async function runStatements(
  db: Kysely<unknown>,
  file: string,
  statements: readonly string[],
): Promise<void> {
  for (const [index, statement] of statements.entries()) {
    try {
      await sql.raw(statement).execute(db);
    } catch (error) {
      const firstLine = statement.split("\n", 1)[0];
      throw new Error(`${file}, statement ${index + 1} (${firstLine}): ${String(error)}`, { cause: error });
    }
  }
}

/**
 * Splits a script at the semicolons that end statements: not those inside quoted strings or
 * identifiers, dollar-quoted bodies (`$$ … $$`, `$tag$ … $tag$`) or comments. Comments between
 * statements are dropped; a function body is kept byte for byte, since it is stored as written.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = "";
  let at = 0;
  const push = () => {
    const statement = current.trim();
    if (statement) statements.push(statement);
    current = "";
  };
  while (at < script.length) {
    const char = script[at] as string;
    const next = script[at + 1];
    if (char === "-" && next === "-") {
      const end = script.indexOf("\n", at);
      at = end === -1 ? script.length : end;
    } else if (char === "/" && next === "*") {
      at = blockCommentEnd(script, at);
      current += " ";
    } else if (char === "'" || char === '"') {
      const end = quotedEnd(script, at, char, char === "'" && isEscapeStringPrefix(script, at));
      current += script.slice(at, end);
      at = end;
    } else if (char === "$" && !isIdentifierChar(script[at - 1])) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(script.slice(at))?.[0];
      if (tag === undefined) {
        current += char;
        at += 1;
        continue;
      }
      const close = script.indexOf(tag, at + tag.length);
      if (close === -1) throw new Error(`Unterminated ${tag} body at offset ${at}`);
      current += script.slice(at, close + tag.length);
      at = close + tag.length;
    } else if (char === ";") {
      push();
      at += 1;
    } else {
      current += char;
      at += 1;
    }
  }
  push();
  return statements;
}

function isIdentifierChar(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9_$]/.test(char);
}

/** `E'…'` strings take backslash escapes, so `\'` does not end them. */
function isEscapeStringPrefix(script: string, quoteAt: number): boolean {
  const prefix = script[quoteAt - 1];
  return (prefix === "E" || prefix === "e") && !isIdentifierChar(script[quoteAt - 2]);
}

/** The offset just past the closing quote; a doubled quote is part of the text. */
function quotedEnd(script: string, at: number, quote: string, backslashEscapes: boolean): number {
  let index = at + 1;
  while (index < script.length) {
    const char = script[index];
    if (backslashEscapes && char === "\\") index += 2;
    else if (char === quote && script[index + 1] === quote) index += 2;
    else if (char === quote) return index + 1;
    else index += 1;
  }
  throw new Error(`Unterminated ${quote} quote at offset ${at}`);
}

/** The offset just past a block comment; PostgreSQL's nest. */
function blockCommentEnd(script: string, at: number): number {
  let depth = 0;
  let index = at;
  while (index < script.length) {
    if (script.startsWith("/*", index)) {
      depth += 1;
      index += 2;
    } else if (script.startsWith("*/", index)) {
      depth -= 1;
      index += 2;
      if (depth === 0) return index;
    } else index += 1;
  }
  throw new Error(`Unterminated comment at offset ${at}`);
}

const provider: MigrationProvider = { getMigrations: () => readMigrations() };

export function createMigrator(db: Db): Migrator {
  return new Migrator({ db, provider });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}

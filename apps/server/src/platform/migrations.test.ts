import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, readMigrations, splitStatements } from "./migrations";

/**
 * The names the previous release (migrations in TypeScript) recorded in kysely_migration. A database it
 * created must find them all, unchanged and first, or the migrator refuses it (a recorded name gone) or
 * runs a migration twice (a name changed).
 */
const PREVIOUS_RELEASE = [
  "0001_foundation",
  "0002_cashier",
  "0003_market",
  "0004_trading",
  "0005_ledger_journals",
  "0006_settlement_indexes",
  "0007_ledger_statement_checks",
  "0008_contract_statement_checks",
  "0009_due_contracts_order",
  "0010_ledger_lighter_checks",
  "0011_contract_guard_when",
  "0012_contract_order_number",
  "0013_hardening",
];

describe("the migration timeline", () => {
  it("starts with the previous release's migrations, under the same names", async () => {
    const names = Object.keys(await readMigrations());
    expect(names.slice(0, PREVIOUS_RELEASE.length)).toEqual(PREVIOUS_RELEASE);
    expect(names).toEqual([...names].sort());
  });

  it("is read from apps/server/src/migrations, beside this module's folder", async () => {
    expect(MIGRATIONS_FOLDER.endsWith(path.join("src", "migrations"))).toBe(true);
    const files = await fs.readdir(MIGRATIONS_FOLDER);
    expect(files.filter((file) => file.endsWith(".sql"))).toHaveLength(
      Object.keys(await readMigrations()).length,
    );
  });

  describe("refuses a folder it cannot order", () => {
    let folder: string;
    afterEach(async () => {
      await fs.rm(folder, { recursive: true, force: true });
    });
    const folderWith = async (files: Record<string, string>) => {
      folder = await fs.mkdtemp(path.join(os.tmpdir(), "tickfair-migrations-"));
      for (const [name, text] of Object.entries(files)) await fs.writeFile(path.join(folder, name), text);
      return folder;
    };

    it("a misnamed file", async () => {
      await expect(readMigrations(await folderWith({ "14_more.sql": "select 1;" }))).rejects.toThrow(
        /NNNN_name/,
      );
      await expect(readMigrations(await folderWith({ "0014_More.sql": "select 1;" }))).rejects.toThrow(
        /NNNN_name/,
      );
    });

    it("two files with one number", async () => {
      const files = { "0014_one.sql": "select 1;", "0014_two.sql": "select 2;" };
      await expect(readMigrations(await folderWith(files))).rejects.toThrow(/numbered 0014/);
    });

    it("a file that does not parse, before anything runs", async () => {
      await expect(
        readMigrations(await folderWith({ "0014_open.sql": "select 'unclosed;" })),
      ).rejects.toThrow(/Unterminated/);
    });
  });
});

describe("splitStatements", () => {
  it("splits at the semicolons that end statements, dropping comments between them", () => {
    expect(
      splitStatements("-- heading; not a statement\ncreate table a (x int);\n\n/* b; */ drop table a;\n"),
    ).toEqual(["create table a (x int)", "drop table a"]);
  });

  it("keeps a dollar-quoted body whole, byte for byte", () => {
    const body = `
    begin
      -- a comment inside the body stays; it is part of the function
      raise exception 'a; b' using errcode = 'P0001';
    end `;
    const script = `create function f() returns trigger language plpgsql as $$${body}$$;\nselect 1;`;
    expect(splitStatements(script)).toEqual([
      `create function f() returns trigger language plpgsql as $$${body}$$`,
      "select 1",
    ]);
    expect(splitStatements("do $body$ begin perform ';'; end $body$; select $1")).toEqual([
      "do $body$ begin perform ';'; end $body$",
      "select $1",
    ]);
  });

  it("does not split inside quoted text or identifiers", () => {
    expect(splitStatements(`select 'it''s; fine', E'\\'; still', "odd;name" from t; select 2`)).toEqual([
      `select 'it''s; fine', E'\\'; still', "odd;name" from t`,
      "select 2",
    ]);
    expect(splitStatements("select 1 /* outer /* inner; */ still; */ ; select a$$b from t;")).toEqual([
      "select 1",
      "select a$$b from t",
    ]);
  });

  it("keeps a last statement without a semicolon, and nothing from an empty script", () => {
    expect(splitStatements("select 1;\nselect 2\n")).toEqual(["select 1", "select 2"]);
    expect(splitStatements("  \n-- only a comment\n")).toEqual([]);
  });
});

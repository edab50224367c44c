import path from "node:path";
import { sql } from "kysely";
import { createDb, type Executor } from "./db";
import { migrateToLatest } from "./migrations";
import { SERVER_ROOT } from "./server-root";

/** docs/schema.sql, found from this module's place like the migrations, whatever the working directory. */
export const SCHEMA_FILE = path.join(SERVER_ROOT, "..", "..", "docs", "schema.sql");

/** The schema of a fresh in-memory PGlite migrated to the latest migration: what docs/schema.sql holds. */
export async function generateSchema(): Promise<string> {
  const db = createDb({ dataDir: null });
  try {
    await migrateToLatest(db);
    return await dumpSchema(db);
  } finally {
    await db.destroy();
  }
}

/**
 * The schema as the database's catalogue holds it, as readable SQL: each table with its columns,
 * constraints, indexes and triggers, then sequences and functions, everything in name order. Written
 * from the catalogue rather than from the migrations, so it shows what they add up to (docs/schema.sql,
 * kept current by a test). PGlite has no pg_dump, hence the queries; Kysely's own bookkeeping tables
 * are left out, since they are not the application's schema.
 */
export async function dumpSchema(db: Executor): Promise<string> {
  // A partitioned table is shown with its partition key; its partitions are made at run time (by product
  // and month), so they are not part of the schema the migrations build.
  const tables = await sql<{ name: string; partition_key: string | null }>`
    select c.relname as name, case when c.relkind = 'p' then pg_get_partkeydef(c.oid) end as partition_key
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname not like 'kysely\_%'
    order by c.relname`.execute(db);

  const columns = await sql<CatalogueColumn & { table_name: string }>`
    select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as expression,
      a.attgenerated::text as generated, a.attidentity::text as identity
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0
      and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);

  // Not-null is shown on its column; newer servers also list it here (contype 'n').
  const constraints = await sql<{ table_name: string; name: string; definition: string }>`
    select c.relname as table_name, k.conname as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid
    where c.relnamespace = 'public'::regnamespace and k.contype in ('p', 'u', 'f', 'c', 'x')
    order by c.relname, position(k.contype in 'pufcx'), k.conname`.execute(db);

  // An index that backs a primary key, unique or exclusion constraint is shown as that constraint.
  const indexes = await sql<{ table_name: string; definition: string }>`
    select t.relname as table_name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_class x on x.oid = i.indexrelid
    where t.relnamespace = 'public'::regnamespace
      and not exists (select 1 from pg_constraint k where k.conrelid = i.indrelid and k.conindid = i.indexrelid
        and k.contype in ('p', 'u', 'x'))
    order by t.relname, x.relname`.execute(db);

  const triggers = await sql<{ table_name: string; definition: string }>`
    select c.relname as table_name, pg_get_triggerdef(g.oid) as definition
    from pg_trigger g join pg_class c on c.oid = g.tgrelid
    where c.relnamespace = 'public'::regnamespace and not g.tgisinternal
    order by c.relname, g.tgname`.execute(db);

  const sequences = await sql<{ name: string; type: string; owned_by: string | null }>`
    select c.relname as name, format_type(s.seqtypid, null) as type,
      (select o.relname || '.' || a.attname from pg_depend d
        join pg_class o on o.oid = d.refobjid
        join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')
          and d.refclassid = 'pg_class'::regclass) as owned_by
    from pg_class c join pg_sequence s on s.seqrelid = c.oid
    where c.relnamespace = 'public'::regnamespace
    order by c.relname`.execute(db);

  const functions = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition from pg_proc p
    where p.pronamespace = 'public'::regnamespace
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
        and d.deptype = 'e')
    order by p.proname, pg_get_function_identity_arguments(p.oid)`.execute(db);

  // An extension's own functions and operators are its, not the application's: named, not listed.
  const extensions = await sql<{ name: string }>`
    select extname as name from pg_extension where extname <> 'plpgsql' order by extname`.execute(db);

  const migrations = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db);

  const blocks: string[] = [
    [
      "-- The schema the migrations in apps/server/src/migrations/ build, read back from the catalogue of a",
      "-- freshly migrated database. Generated by `npm run schema:dump`: do not edit; a test keeps it current.",
      "-- Migrations:",
      ...migrations.rows.map((row) => `--   ${row.name}`),
    ].join("\n"),
  ];

  for (const extension of extensions.rows) blocks.push(`create extension ${extension.name};`);

  for (const table of tables.rows) {
    const lines = columns.rows
      .filter((column) => column.table_name === table.name)
      .map((column) => `  ${describeColumn(column)}`);
    for (const constraint of constraints.rows) {
      if (constraint.table_name === table.name)
        lines.push(`  constraint ${constraint.name} ${constraint.definition}`);
    }
    const partitioned = table.partition_key ? ` partition by ${table.partition_key.toLowerCase()}` : "";
    const block = [`create table ${table.name} (\n${lines.join(",\n")}\n)${partitioned};`];
    for (const index of indexes.rows) if (index.table_name === table.name) block.push(`${index.definition};`);
    for (const trigger of triggers.rows)
      if (trigger.table_name === table.name) block.push(`${trigger.definition};`);
    blocks.push(block.join("\n"));
  }

  if (sequences.rows.length > 0) {
    blocks.push(
      sequences.rows
        .map(
          (sequence) =>
            `create sequence ${sequence.name} as ${sequence.type}${sequence.owned_by ? ` owned by ${sequence.owned_by}` : ""};`,
        )
        .join("\n"),
    );
  }

  for (const fn of functions.rows) blocks.push(`${fn.definition.trim()};`);

  return `${blocks.join("\n\n")}\n`;
}

/** A column as pg_attribute and pg_attrdef describe it. */
interface CatalogueColumn {
  name: string;
  type: string;
  not_null: boolean;
  expression: string | null;
  generated: string;
  identity: string;
}

function describeColumn(column: CatalogueColumn): string {
  const parts = [column.name, column.type];
  if (column.generated === "s") parts.push(`generated always as (${column.expression}) stored`);
  else if (column.expression !== null) parts.push(`default ${column.expression}`);
  if (column.identity === "a") parts.push("generated always as identity");
  if (column.identity === "d") parts.push("generated by default as identity");
  if (column.not_null) parts.push("not null");
  return parts.join(" ");
}

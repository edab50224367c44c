import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** A time column: the database sets it on insert unless given, and it is never updated. */
export type Timestamp = ColumnType<Date, Date | string | undefined, never>;
export type Id = Generated<bigint>;

export interface IdempotencyKeysTable {
  user_id: bigint;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: unknown;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Date;
}

/**
 * The database's tables. Each capability declares the tables it owns in its own schema.ts, adding
 * them to this interface (declaration merging); platform declares only its own.
 */
export interface Database {
  idempotency_keys: IdempotencyKeysTable;
  settings: SettingsTable;
}

// The two who sign requests, as the sign-in scopes hand them to routes (their tables are auth's and operators').
export type User = Selectable<Database["users"]>;
export type NewUser = Insertable<Database["users"]>;
export type Operator = Selectable<Database["operators"]>;

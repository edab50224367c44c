import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import { ledgerJournalMigration } from "../ledger/journal-migration";
import { ledgerLighterChecksMigration } from "../ledger/lighter-checks-migration";
import { ledgerStatementChecksMigration } from "../ledger/statement-checks-migration";
import { marketMigration } from "../market/migration";
import { tradingDueIndexMigration } from "../trading/due-index-migration";
import { tradingGuardMigration } from "../trading/guard-migration";
import { tradingIndexMigration } from "../trading/index-migration";
import { tradingMigration } from "../trading/migration";
import { tradingOrderNumberMigration } from "../trading/order-number-migration";
import { tradingStatementChecksMigration } from "../trading/statement-checks-migration";
import type { Db } from "./db";

/**
 * Migrations live in code, in order. A migration is never edited once released; a change is a new one.
 * Every rule the ledger depends on is enforced here, in the database, not only in services.
 */
const foundation: Migration = {
  up: (db) =>
    runScript(
      db,
      `
      create table users (
        id bigserial primary key,
        account text not null,
        phone text not null,
        phone_country text not null,
        nickname text not null,
        password_hash text not null,
        pay_password_hash text not null,
        invite_code text not null unique,
        invited_by text,
        credit_score integer not null default 100,
        verified boolean not null default false,
        failed_logins integer not null default 0,
        throttled_until timestamptz,
        created_at timestamptz not null default now()
      );
      create unique index users_account_unique on users (lower(account));
      create unique index users_phone_unique on users (phone);

      create table invite_codes (
        code text primary key,
        owner_user_id bigint references users(id),
        created_by_operator bigint,
        max_uses integer check (max_uses is null or max_uses > 0),
        uses integer not null default 0,
        note text not null default '',
        created_at timestamptz not null default now(),
        constraint invite_code_within_uses check (max_uses is null or uses <= max_uses)
      );

      create table sessions (
        token_hash text primary key,
        user_id bigint not null references users(id),
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index sessions_user on sessions (user_id) where revoked_at is null;

      create table accounts (
        id bigserial primary key,
        user_id bigint references users(id),
        kind text not null,
        balance bigint,
        created_at timestamptz not null default now(),
        constraint account_kind_known check (kind in ('cash', 'frozen_trade', 'frozen_withdrawal',
          'savings_pending', 'savings_confirmed', 'house', 'deposits', 'withdrawals', 'savings_income', 'demo_grants')),
        constraint account_owner_matches_kind check ((user_id is null) = (kind in ('house', 'deposits',
          'withdrawals', 'savings_income', 'demo_grants'))),
        constraint user_accounts_keep_balance check ((user_id is null) = (balance is null)),
        constraint user_accounts_never_negative check (balance >= 0)
      );
      create unique index accounts_user_kind on accounts (user_id, kind) where user_id is not null;
      create unique index accounts_system_kind on accounts (kind) where user_id is null;

      create table postings (
        id bigserial primary key,
        kind text not null,
        user_id bigint references users(id),
        reference text,
        created_at timestamptz not null default now()
      );
      create index postings_user_time on postings (user_id, created_at) where user_id is not null;

      create table ledger_entries (
        id bigserial primary key,
        posting_id bigint not null references postings(id),
        account_id bigint not null references accounts(id),
        amount bigint not null check (amount <> 0),
        balance_after bigint,
        created_at timestamptz not null default now()
      );
      create index ledger_entries_account on ledger_entries (account_id, id);
      create index ledger_entries_posting on ledger_entries (posting_id);

      create table idempotency_keys (
        user_id bigint not null references users(id),
        key text not null,
        request_hash text not null,
        status_code integer,
        response jsonb,
        created_at timestamptz not null default now(),
        primary key (user_id, key)
      );

      create table operators (
        id bigserial primary key,
        username text not null,
        password_hash text not null,
        role text not null check (role in ('support', 'finance', 'admin')),
        failed_logins integer not null default 0,
        throttled_until timestamptz,
        created_at timestamptz not null default now()
      );
      create unique index operators_username_unique on operators (lower(username));

      create table operator_sessions (
        token_hash text primary key,
        operator_id bigint not null references operators(id),
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        revoked_at timestamptz
      );

      create table audit_log (
        id bigserial primary key,
        operator_id bigint references operators(id),
        action text not null,
        target_type text not null,
        target_id text not null,
        reason text,
        detail jsonb not null default '{}',
        created_at timestamptz not null default now()
      );

      -- Append-only: entries, postings and the audit log can be inserted, never changed or removed.
      create function forbid_change() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only', tg_table_name using errcode = 'P0001';
      end $$;
      create trigger ledger_entries_append_only before update or delete on ledger_entries
        for each row execute function forbid_change();
      create trigger ledger_entries_no_truncate before truncate on ledger_entries
        for each statement execute function forbid_change();
      create trigger postings_append_only before update or delete on postings
        for each row execute function forbid_change();
      create trigger postings_no_truncate before truncate on postings
        for each statement execute function forbid_change();
      create trigger audit_log_append_only before update or delete on audit_log
        for each row execute function forbid_change();
      create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function forbid_change();

      -- A user account's balance moves only with its entries: each entry adds its amount and records
      -- the balance after it; the CHECK above refuses any entry that would take it below zero.
      create function apply_entry_to_balance() returns trigger language plpgsql as $$
      begin
        update accounts set balance = balance + new.amount
          where id = new.account_id and balance is not null
          returning balance into new.balance_after;
        if found then
          -- Numbered only once the account row is locked, so an account's entries in id order are
          -- the order its balance moved in, and the last one's balance_after is its balance.
          new.id := nextval(pg_get_serial_sequence('ledger_entries', 'id'));
        end if;
        return new;
      end $$;
      create trigger ledger_entries_apply before insert on ledger_entries
        for each row execute function apply_entry_to_balance();

      create function guard_account_change() returns trigger language plpgsql as $$
      begin
        if new.user_id is distinct from old.user_id or new.kind is distinct from old.kind then
          raise exception 'an account keeps its owner and kind' using errcode = 'P0001';
        end if;
        if new.balance is distinct from old.balance and pg_trigger_depth() < 2 then
          raise exception 'a balance changes only through ledger entries' using errcode = 'P0001';
        end if;
        return new;
      end $$;
      create trigger accounts_guard before update on accounts
        for each row execute function guard_account_change();
      create trigger accounts_no_delete before delete on accounts
        for each row execute function forbid_change();

      -- Each statement that inserts entries leaves every posting it touches balanced, with two or more entries.
      create function check_postings_balanced() returns trigger language plpgsql as $$
      declare unbalanced bigint;
      begin
        -- Looks each touched posting up through its index, so the cost stays per posting, not per ledger.
        select touched.posting_id into unbalanced
          from (select distinct posting_id from inserted) touched
          cross join lateral (
            select sum(e.amount) as total, count(*) as entries
            from ledger_entries e where e.posting_id = touched.posting_id
          ) posting
          where posting.total <> 0 or posting.entries < 2
          limit 1;
        if unbalanced is not null then
          raise exception 'posting % does not balance', unbalanced using errcode = '23514';
        end if;
        return null;
      end $$;
      create trigger ledger_entries_balanced after insert on ledger_entries
        referencing new table as inserted
        for each statement execute function check_postings_balanced();

      insert into accounts (kind) values ('house'), ('deposits'), ('withdrawals'), ('savings_income'), ('demo_grants');
    `,
    ),
};

/**
 * Splits a script at the semicolons that end statements (not those inside $$-quoted function bodies);
 * a prepared statement, which both drivers use, takes one command at a time.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = "";
  let inBody = false;
  for (const line of script.split("\n")) {
    if (line.trim().startsWith("--")) continue;
    current += `${line}\n`;
    inBody = (line.match(/\$\$/g)?.length ?? 0) % 2 === 1 ? !inBody : inBody;
    if (!inBody && line.trimEnd().endsWith(";")) {
      statements.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of splitStatements(script)) await sql.raw(statement).execute(db);
}

/** Deposits, withdrawals, withdrawal accounts, private files and the cashier's settings. */
const cashier: Migration = {
  up: (db) =>
    runScript(
      db,
      `
      alter table accounts drop constraint account_kind_known;
      alter table accounts add constraint account_kind_known check (kind in ('cash', 'frozen_trade',
        'frozen_withdrawal', 'savings_pending', 'savings_confirmed', 'house', 'deposits', 'withdrawals',
        'savings_income', 'demo_grants', 'fees'));
      alter table accounts drop constraint account_owner_matches_kind;
      alter table accounts add constraint account_owner_matches_kind check ((user_id is null) = (kind in ('house',
        'deposits', 'withdrawals', 'savings_income', 'demo_grants', 'fees')));
      insert into accounts (kind) values ('fees');

      alter table users add column pay_failures integer not null default 0;
      alter table users add column pay_locked_until timestamptz;

      create table settings (
        key text primary key,
        value jsonb not null,
        updated_at timestamptz not null default now()
      );

      create table files (
        id uuid primary key,
        owner_user_id bigint not null references users(id),
        content_type text not null,
        size integer not null check (size > 0),
        data bytea not null,
        created_at timestamptz not null default now()
      );

      create table deposit_methods (
        id bigserial primary key,
        kind text not null check (kind in ('bank', 'crypto')),
        name text not null,
        bank_name text,
        account_name text,
        account_number text,
        network text,
        address text,
        instructions text not null default '',
        min_amount bigint not null check (min_amount > 0),
        max_amount bigint not null,
        active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint deposit_method_range check (max_amount >= min_amount)
      );

      create table deposits (
        id bigserial primary key,
        order_no text generated always as ('D' || lpad(id::text, 10, '0')) stored unique,
        user_id bigint not null references users(id),
        method_id bigint not null references deposit_methods(id),
        amount bigint not null check (amount > 0),
        reference text not null,
        proof_file_id uuid references files(id),
        status text not null default 'under_review' check (status in ('under_review', 'success', 'failed')),
        reason text,
        posting_id bigint references postings(id),
        created_at timestamptz not null default now(),
        reviewed_at timestamptz,
        reviewed_by bigint references operators(id),
        constraint deposit_success_is_posted check ((status = 'success') = (posting_id is not null))
      );
      create index deposits_user on deposits (user_id, id);
      create index deposits_status on deposits (status, id);

      create table deposit_approvals (
        deposit_id bigint not null references deposits(id),
        operator_id bigint not null references operators(id),
        created_at timestamptz not null default now(),
        primary key (deposit_id, operator_id)
      );

      create table withdrawal_accounts (
        id bigserial primary key,
        user_id bigint not null references users(id),
        type text not null check (type in ('bank', 'crypto')),
        account_name text,
        nationality text,
        bank_name text,
        card_number text,
        bank_address text,
        network text,
        address text,
        bound_at timestamptz not null,
        unbound_at timestamptz,
        unbound_by bigint references operators(id)
      );
      create unique index withdrawal_accounts_one_bound on withdrawal_accounts (user_id) where unbound_at is null;

      create table withdrawals (
        id bigserial primary key,
        order_no text generated always as ('W' || lpad(id::text, 10, '0')) stored unique,
        user_id bigint not null references users(id),
        withdrawal_account_id bigint not null references withdrawal_accounts(id),
        amount bigint not null check (amount > 0),
        fee bigint not null check (fee >= 0),
        status text not null default 'under_review'
          check (status in ('under_review', 'success', 'failed', 'cancelled')),
        reason text,
        created_at timestamptz not null default now(),
        reviewed_at timestamptz,
        reviewed_by bigint references operators(id),
        constraint withdrawal_fee_below_amount check (fee < amount)
      );
      create index withdrawals_user on withdrawals (user_id, id);
      create index withdrawals_status on withdrawals (status, id);
    `,
    ),
};

/**
 * Hardening: sign-in failures counted per account name (known or not, so both answers cost the same
 * write), the review threshold a deposit was created under, and changes of a control that wait for a
 * second admin.
 */
const hardening: Migration = {
  up: (db) =>
    runScript(
      db,
      `
      create table sign_in_failures (
        realm text not null check (realm in ('user', 'operator')),
        name text not null,
        failures integer not null check (failures > 0),
        throttled_until timestamptz,
        updated_at timestamptz not null,
        primary key (realm, name)
      );
      insert into sign_in_failures (realm, name, failures, throttled_until, updated_at)
        select 'user', lower(account), failed_logins, throttled_until, now() from users where failed_logins > 0;
      insert into sign_in_failures (realm, name, failures, throttled_until, updated_at)
        select 'operator', lower(username), failed_logins, throttled_until, now() from operators where failed_logins > 0;
      alter table users drop column failed_logins, drop column throttled_until;
      alter table operators drop column failed_logins, drop column throttled_until;

      alter table deposits add column second_approval_above bigint;
      update deposits set second_approval_above = coalesce(
        (select round((value->>'depositSecondApprovalAbove')::numeric * 100)::bigint
           from settings where key = 'cashier'),
        1000000);
      alter table deposits alter column second_approval_above set not null;
      alter table deposits add constraint deposit_threshold_not_negative check (second_approval_above >= 0);

      create table control_changes (
        id bigserial primary key,
        subject text not null,
        base jsonb not null,
        proposed jsonb not null,
        weakens text[] not null,
        proposed_by bigint not null references operators(id),
        proposed_at timestamptz not null,
        status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
        decided_by bigint references operators(id),
        decided_at timestamptz,
        reason text,
        constraint control_change_needs_another_operator check (decided_by is null or decided_by <> proposed_by),
        constraint control_change_decided check ((status = 'pending') = (decided_at is null))
      );
      create index control_changes_pending on control_changes (subject, id) where status = 'pending';
    `,
    ),
};

export const MIGRATIONS: Record<string, Migration> = {
  "0001_foundation": foundation,
  "0002_cashier": cashier,
  "0003_market": marketMigration,
  "0004_trading": tradingMigration,
  "0005_ledger_journals": ledgerJournalMigration,
  "0006_settlement_indexes": tradingIndexMigration,
  "0007_ledger_statement_checks": ledgerStatementChecksMigration,
  "0008_contract_statement_checks": tradingStatementChecksMigration,
  "0009_due_contracts_order": tradingDueIndexMigration,
  "0010_ledger_lighter_checks": ledgerLighterChecksMigration,
  "0011_contract_guard_when": tradingGuardMigration,
  "0012_contract_order_number": tradingOrderNumberMigration,
  "0013_hardening": hardening,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
}

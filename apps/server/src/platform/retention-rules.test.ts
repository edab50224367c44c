import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_FAILURES_WINDOW_MS } from "../auth/retention";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { createEnrolledOperator } from "../test/operator-fixtures";
import { applyRetention, type RetentionRule } from "./retention";
import { LOCK_AFTER, LOCK_MS } from "./sign-in-throttle";
import { hashToken } from "./tokens";

/**
 * Every retention rule the server runs: a row just inside its window stays, one just past it goes, a
 * live one stays; and the tables that are money, an audit record or a user's own history have none.
 */

const t = useTestApp();
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

let userId: bigint;
let sessionHash: string;
let operatorId: bigint;
let photoId: string;
let subscriptionId: bigint;

beforeAll(async () => {
  const user = await registerAndLogin(t);
  userId = user.userId;
  sessionHash = hashToken(user.token);
  operatorId = (await createEnrolledOperator(t.db, t.clock, { username: "retention_admin", role: "admin" }))
    .id;
  photoId = randomUUID();
  await t.db
    .insertInto("verification_photos")
    .values({
      id: photoId,
      user_id: userId,
      blob_key: "k",
      thumbnail_key: "k-thumb",
      width: 1,
      height: 1,
      size: 1,
      created_at: t.clock.now(),
    })
    .execute();
  const subscription = await t.db
    .insertInto("push_subscriptions")
    .values({
      user_id: userId,
      session_token_hash: sessionHash,
      endpoint: "https://push.example/1",
      p256dh: "p",
      auth: "a",
      locale: "en",
      server_key: "k",
      created_at: t.clock.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  subscriptionId = subscription.id;
});

const rules = (): readonly RetentionRule[] => t.app.tickfair.retention.rules;
const ruleOf = (table: string): RetentionRule => {
  const rule = rules().find((candidate) => candidate.table === table);
  if (!rule) throw new Error(`no retention rule for ${table}`);
  return rule;
};

const ms = (at: Date, delta: number) => new Date(at.getTime() + delta);

/**
 * A row of `table` whose moment (what the rule measures from) is `at`, named `name` in the column
 * `column`; `live` says whether a row made at that moment is still in use.
 */
interface Case {
  table: string;
  column: string;
  insert: (name: string, at: Date) => Promise<unknown>;
  /** A row still in use now: it must survive whatever the window. */
  live: (name: string, now: Date) => Promise<unknown>;
}

const cases: Case[] = [
  {
    table: "idempotency_keys",
    column: "key",
    insert: (key, at) =>
      t.db
        .insertInto("idempotency_keys")
        .values({ user_id: userId, key, request_hash: "h", status_code: 201, response: "{}", created_at: at })
        .execute(),
    // Used a minute ago: a retry would replay its answer.
    live: (key, now) =>
      t.db
        .insertInto("idempotency_keys")
        .values({
          user_id: userId,
          key,
          request_hash: "h",
          status_code: 201,
          response: "{}",
          created_at: ms(now, -60 * SECOND),
        })
        .execute(),
  },
  ...(["user_sign_in_challenges", "operator_sign_in_challenges"] as const).map(
    (table): Case => ({
      table,
      column: "challenge_hash",
      insert: (name, at) => insertChallenge(table, name, at),
      live: (name, now) => insertChallenge(table, name, ms(now, 60 * SECOND)),
    }),
  ),
  {
    table: "passkey_challenges",
    column: "challenge",
    insert: (name, at) => insertPasskeyChallenge(name, at),
    live: (name, now) => insertPasskeyChallenge(name, ms(now, 60 * SECOND)),
  },
  {
    table: "photo_view_tickets",
    column: "ticket_hash",
    insert: (name, at) => insertTicket(name, at),
    live: (name, now) => insertTicket(name, ms(now, 60 * SECOND)),
  },
  {
    table: "step_up_grants",
    column: "token_hash",
    insert: (name, at) => insertGrant(name, at),
    live: (name, now) => insertGrant(name, ms(now, 60 * SECOND)),
  },
  {
    table: "sign_in_failures",
    column: "name",
    insert: (name, at) => insertFailures(name, at, null),
    // Quiet for long, but still holding the name back.
    live: (name, now) => insertFailures(name, ms(now, -10 * DAY), ms(now, 60 * SECOND)),
  },
  {
    table: "operator_sessions",
    column: "token_hash",
    insert: (name, at) => insertOperatorSession(name, ms(at, -DAY), at, null),
    live: (name, now) => insertOperatorSession(name, ms(now, -400 * DAY), ms(now, DAY), null),
  },
  {
    table: "push_outbox",
    column: "event",
    insert: (name, at) => insertPush(name, at),
    // Due now: the next delivery round sends it.
    live: (name, now) => insertPush(name, now),
  },
];

function insertChallenge(
  table: "user_sign_in_challenges" | "operator_sign_in_challenges",
  name: string,
  expiresAt: Date,
) {
  const row = {
    challenge_hash: name,
    created_at: ms(expiresAt, -300 * SECOND),
    expires_at: expiresAt,
    used_at: null,
  };
  return table === "user_sign_in_challenges"
    ? t.db
        .insertInto(table)
        .values({ ...row, user_id: userId, device: null, address: null })
        .execute()
    : t.db
        .insertInto(table)
        .values({ ...row, operator_id: operatorId, pending_secret: null })
        .execute();
}

function insertPasskeyChallenge(name: string, expiresAt: Date) {
  return t.db
    .insertInto("passkey_challenges")
    .values({
      challenge: name,
      purpose: "sign_in",
      session_token_hash: null,
      attempt_hash: "attempt",
      action_digest: null,
      created_at: ms(expiresAt, -180 * SECOND),
      expires_at: expiresAt,
    })
    .execute();
}

function insertTicket(name: string, expiresAt: Date) {
  return t.db
    .insertInto("photo_view_tickets")
    .values({
      ticket_hash: name,
      photo_id: photoId,
      variant: "full",
      realm: "user",
      session_token_hash: sessionHash,
      expires_at: expiresAt,
    })
    .execute();
}

function insertGrant(name: string, expiresAt: Date) {
  return t.db
    .insertInto("step_up_grants")
    .values({
      token_hash: name,
      user_id: userId,
      session_token_hash: sessionHash,
      kind: "withdrawal",
      action_digest: "d",
      method: "payPassword",
      created_at: ms(expiresAt, -300 * SECOND),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
}

function insertFailures(name: string, updatedAt: Date, throttledUntil: Date | null) {
  return t.db
    .insertInto("sign_in_failures")
    .values({ realm: "user", name, failures: 12, throttled_until: throttledUntil, updated_at: updatedAt })
    .execute();
}

function insertOperatorSession(name: string, createdAt: Date, expiresAt: Date, revokedAt: Date | null) {
  return t.db
    .insertInto("operator_sessions")
    .values({
      token_hash: name,
      operator_id: operatorId,
      created_at: createdAt,
      last_seen_at: createdAt,
      expires_at: expiresAt,
      revoked_at: revokedAt,
    })
    .execute();
}

function insertPush(name: string, due: Date) {
  return t.db
    .insertInto("push_outbox")
    .values({
      subscription_id: subscriptionId,
      event: JSON.stringify({ name }),
      attempts: 0,
      next_attempt_at: due,
      created_at: due,
    })
    .execute();
}

async function survivors(table: string, column: string, names: string[]): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select ${sql.ref(column)}::text as name from ${sql.table(table)}`.execute(t.db);
  return names.filter((name) => rows.some((row) => row.name.includes(name))).sort();
}

describe("each retention rule", () => {
  it.each(cases.map((c) => [c.table, c] as const))(
    "%s: keeps its window and what is live",
    async (table, c) => {
      const rule = ruleOf(table);
      const now = t.clock.now();
      const cutoff = ms(now, -rule.windowMs);
      const tag = (what: string) => `${table}-${what}-${randomUUID().slice(0, 8)}`;
      const inside = tag("inside");
      const past = tag("past");
      const live = tag("live");
      await c.insert(inside, ms(cutoff, SECOND));
      await c.insert(past, ms(cutoff, -SECOND));
      await c.live(live, now);

      await applyRetention({ db: t.db, clock: t.clock, rules: [rule], pauseMs: 0 });

      expect(await survivors(table, c.column, [inside, past, live])).toEqual([inside, live].sort());
    },
  );

  it("operator_sessions: a session signed out long ago goes, whatever its planned end", async () => {
    const now = t.clock.now();
    const cutoff = ms(now, -ruleOf("operator_sessions").windowMs);
    const [out, stillIn] = [`out-${randomUUID()}`, `in-${randomUUID()}`];
    await insertOperatorSession(out, ms(cutoff, -DAY), ms(now, DAY), ms(cutoff, -SECOND));
    await insertOperatorSession(stillIn, ms(cutoff, -DAY), ms(now, DAY), ms(cutoff, SECOND));
    await applyRetention({ db: t.db, clock: t.clock, rules: [ruleOf("operator_sessions")], pauseMs: 0 });
    expect(await survivors("operator_sessions", "token_hash", [out, stillIn])).toEqual([stillIn]);
  });

  it("sign_in_failures: a count is forgotten only after more quiet time than the lock would allow its guesses", () => {
    expect(SIGN_IN_FAILURES_WINDOW_MS).toBeGreaterThanOrEqual(LOCK_AFTER * LOCK_MS);
  });
});

/**
 * Money, audit records and a user's own history never expire: a rule for one of these tables fails
 * here, so it cannot be added without changing this list and saying why.
 */
const NEVER_EXPIRES = [
  "accounts",
  "postings",
  "ledger_entries",
  "ledger_checkpoints",
  "contracts",
  "ticks",
  "tick_citations",
  "fairness_chains",
  "fairness_epochs",
  "feed_anomalies",
  "product_terms",
  "deposits",
  "deposit_approvals",
  "withdrawals",
  "withdrawal_steps",
  "withdrawal_accounts",
  "savers",
  "savings_lots",
  "savings_accruals",
  "savings_accrual_batches",
  "audit_log",
  "control_changes",
  "limit_changes",
  "limit_values",
  "trading_limits",
  "conversations",
  "chat_messages",
  "inboxes",
  "inbox_messages",
  "inbox_reads",
  "broadcasts",
  "content_notices_seen",
  "content_versions",
  "verifications",
  "verification_photos",
  "files",
  "public_documents",
  "solvency_snapshots",
  "solvency_leaves",
  "solvency_nodes",
  "solvency_attestations",
  "risk_figures",
  "realized_returns",
  "realized_return_days",
  "users",
  "user_passkeys",
  "user_totp",
  "user_recovery_codes",
  "operators",
  "operator_recovery_codes",
];

describe("what never expires", () => {
  it("has no rule; the tables that do are these, in this order", () => {
    const tables = rules().map((rule) => rule.table);
    expect(tables.filter((table) => NEVER_EXPIRES.includes(table))).toEqual([]);
    expect(tables).toEqual([
      "idempotency_keys",
      "push_outbox",
      "photo_view_tickets",
      "step_up_grants",
      "passkey_challenges",
      "user_sign_in_challenges",
      "sessions",
      "sign_in_failures",
      "operator_sign_in_challenges",
      "operator_sessions",
    ]);
  });

  it("names only tables that exist", async () => {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public'`.execute(t.db);
    const existing = rows.map((row) => row.name);
    for (const table of [...NEVER_EXPIRES, ...rules().map((rule) => rule.table)])
      expect(existing).toContain(table);
  });
});

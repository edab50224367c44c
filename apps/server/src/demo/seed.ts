import { toMinor } from "@tickfair/contract";
import { sql } from "kysely";
import { ensureFixedInviteCode, register } from "../auth";
import { createDepositMethod, demoTopUp } from "../cashier";
import { createOperator } from "../operators";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";

export const DEMO = {
  inviteCode: "TICKFAIR",
  user: {
    account: "demo001",
    password: "demo123456",
    payPassword: "123456",
    phoneCountry: "CN" as const,
    phone: "13800138000",
  },
  balance: "10000.00",
  operator: { username: "admin", password: "admin-demo-123", role: "admin" as const },
  depositMethods: [
    {
      kind: "bank" as const,
      name: "Bank transfer (demo)",
      bankName: "Demo Bank",
      accountName: "Tickfair Demo Ltd",
      accountNumber: "6222 0000 1234 5678",
      network: null,
      address: null,
      instructions: "Put your account id in the transfer reference. Demo details: no real money is received.",
      minAmount: "10.00",
      maxAmount: "50000.00",
      active: true,
    },
    {
      kind: "crypto" as const,
      name: "USDT (TRC20, demo)",
      bankName: null,
      accountName: null,
      accountNumber: null,
      network: "TRC20",
      address: "TDemoAddressTickfair1111111111111",
      instructions: "Send only USDT on TRC20. Demo address: do not send real funds.",
      minAmount: "10.00",
      maxAmount: "100000.00",
      active: true,
    },
  ],
};

/** pg_advisory_lock key of the demo seed: ASCII "demoseed". */
const DEMO_SEED_LOCK_KEY = "7234308701885392228";

/**
 * Seeds the demo data once. Server processes that start together on one PostgreSQL (`shared`) would
 * race through the steps below — both create the demo operator, the unique index refuses one, and that
 * process fails to start — so there the seed runs while one connection holds an advisory lock, and each
 * process finds what the one before it made. PGlite has one process and one connection: no lock.
 */
export async function seedDemo(db: Db, clock: Clock, options: { shared: boolean }): Promise<void> {
  if (!options.shared) {
    await seedDemoData(db, clock);
    return;
  }
  await db.connection().execute(async (holder) => {
    await sql`select pg_advisory_lock(${DEMO_SEED_LOCK_KEY}::bigint)`.execute(holder);
    try {
      await seedDemoData(db, clock);
    } finally {
      await sql`select pg_advisory_unlock(${DEMO_SEED_LOCK_KEY}::bigint)`.execute(holder);
    }
  });
}

/**
 * Demo data for the embedded setup: an account-opening code, a demo user whose balance is posted
 * through the ledger like any other money, a demo operator and two demo deposit methods. Safe to run at every start.
 */
async function seedDemoData(db: Db, clock: Clock): Promise<void> {
  await ensureFixedInviteCode(db, { code: DEMO.inviteCode, note: "demo", at: clock.now() });

  const existing = await db
    .selectFrom("users")
    .select("id")
    .where("account", "=", DEMO.user.account)
    .executeTakeFirst();
  if (!existing) {
    const user = await register(db, clock, {
      ...DEMO.user,
      inviteCode: DEMO.inviteCode,
      passwordConfirm: DEMO.user.password,
      payPasswordConfirm: DEMO.user.payPassword,
    });
    await db.transaction().execute((tx) => demoTopUp(tx, user.id, toMinor(DEMO.balance), clock.now()));
  }

  const methods = await db.selectFrom("deposit_methods").select("id").limit(1).execute();
  if (methods.length === 0) {
    for (const method of DEMO.depositMethods) await createDepositMethod(db, method, clock.now());
  }

  const operator = await db
    .selectFrom("operators")
    .select("id")
    .where("username", "=", DEMO.operator.username)
    .executeTakeFirst();
  if (!operator) await createOperator(db, clock, DEMO.operator);
}

import { LOCALES, toMinor } from "@tickfair/contract";
import { verifyLiabilityProof } from "@tickfair/verify";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listDepositMethods } from "../cashier/deposit-methods";
import { onPostgres } from "../market/testing";
import { createOperator } from "../operators/service";
import { ManualClock } from "../platform/clock";
import { snapshotClosedDay } from "../solvency";
import { proofFor } from "../solvency/published";
import { createTestDb, type TestDb } from "../test/harness";
import { signInOperatorThroughService } from "../test/operator-fixtures";
import { DEMO, seedDemo } from "./seed";

let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(async () => {
  await testDb.destroy();
});

async function seeded() {
  const count = async (query: string) =>
    Number((await sql<{ n: string }>`${sql.raw(query)}`.execute(testDb.db)).rows[0]?.n);
  return {
    users: await count(`select count(*)::text as n from users where account = '${DEMO.user.account}'`),
    operators: await count(
      `select count(*)::text as n from operators where username in (${DEMO.operators.map((o) => `'${o.username}'`).join(", ")})`,
    ),
    depositMethods: await count("select count(*)::text as n from deposit_methods"),
  };
}

const once = { users: 1, operators: DEMO.operators.length, depositMethods: DEMO.depositMethods.length };

describe("demo seed", () => {
  it("seeds once however often it runs", async () => {
    const clock = new ManualClock();
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    expect(await seeded()).toEqual(once);
  });

  it("counts the demo user in the snapshot a fresh demo takes of yesterday at its first start", async () => {
    const clock = new ManualClock("2026-03-04T09:00:00+08:00");
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    // What the solvency worker does at the server's start, right after the seed.
    const taken = await snapshotClosedDay({ db: testDb.db, clock, timeZone: "Asia/Shanghai" });
    expect(taken).toMatchObject({ taken: true, day: "2026-03-03" });
    const user = await testDb.db
      .selectFrom("users")
      .select("id")
      .where("account", "=", DEMO.user.account)
      .executeTakeFirstOrThrow();
    const proof = await proofFor(testDb.db, user.id);
    expect(proof).toMatchObject({ day: "2026-03-03", balanceMinor: toMinor(DEMO.balance).toString() });
    expect(verifyLiabilityProof(proof)).toEqual({ ok: true });
  });

  it("creates each demo operator enrolled with the printed secret, a second admin among them", async () => {
    const clock = new ManualClock();
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    expect(DEMO.operators.map((operator) => operator.role).sort()).toEqual([
      "admin",
      "admin",
      "finance",
      "support",
    ]);
    for (const operator of DEMO.operators) {
      const token = await signInOperatorThroughService(testDb.db, clock, {
        username: operator.username,
        password: operator.password,
        secret: operator.totpSecret,
      });
      expect(token).toEqual(expect.any(String));
    }
  });

  it("gives a demo operator seeded before the second factor the printed secret", async () => {
    const clock = new ManualClock();
    await createOperator(testDb.db, clock, { ...DEMO.operator, totpSecret: undefined });
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    const admin = await testDb.db
      .selectFrom("operators")
      .select("totp_secret")
      .where("username", "=", DEMO.operator.username)
      .executeTakeFirstOrThrow();
    expect(admin.totp_secret).toBe(DEMO.operator.totpSecret);
  });

  it("enters each demo method's name and instructions in every locale, so each user reads their own", async () => {
    await seedDemo(testDb.db, new ManualClock(), { shared: onPostgres() });
    const methods = await listDepositMethods(testDb.db, { activeOnly: true, locale: "zh-CN" });
    expect(methods.map((method) => method.name)).toEqual(["银行转账（演示）", "USDT（TRC20，演示）"]);
    for (const method of methods) {
      expect(Object.keys(method.names).sort()).toEqual([...LOCALES].sort());
      expect(Object.keys(method.instructionsByLocale).sort()).toEqual([...LOCALES].sort());
    }
  });

  it.skipIf(!onPostgres())("seeds once when server processes start together on one PostgreSQL", async () => {
    const clock = new ManualClock();
    await Promise.all([1, 2, 3].map(() => seedDemo(testDb.db, clock, { shared: true })));
    expect(await seeded()).toEqual(once);
  });
});

import type { OperatorWithdrawal, Withdrawal } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { bindBankCard, demoTopUp, key, operatorAuth, postWithdrawal } from "../test/cashier-fixtures";
import { auditEntry, registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();
const MINUTE = 60_000;

async function requested(amount = "100.00") {
  const user = await registerAndLogin(t);
  await demoTopUp(t.app, user.auth, "1000.00");
  await bindBankCard(t.app, user.auth);
  const response = await postWithdrawal(t.app, user.auth, {
    amount,
    payPassword: user.registration.payPassword,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { user, withdrawal: response.json<Withdrawal>() };
}

const operatorPost = (headers: Record<string, string>, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url: `/api/v1/operator/withdrawals/${url}`, headers, payload });

/** The withdrawal as its owner reads it in their list. */
async function asOwnerSees(auth: Record<string, string>, id: string): Promise<Withdrawal> {
  const list = await t.app.inject({ method: "GET", url: "/api/v1/cashier/withdrawals", headers: auth });
  const found = list.json<{ items: Withdrawal[] }>().items.find((item) => item.id === id);
  if (!found) throw new Error(`withdrawal ${id} not in its owner's list`);
  return found;
}

const kinds = (withdrawal: { steps: { kind: string }[] }) => withdrawal.steps.map((step) => step.kind);

describe("a withdrawal's timeline", () => {
  it("records each step with its time: requested, picked up, approved, paid with the reference", async () => {
    t.clock.set("2026-03-02T08:00:00Z");
    const { user, withdrawal } = await requested();
    expect(withdrawal.steps).toEqual([
      { kind: "requested", at: "2026-03-02T08:00:00.000Z", reason: null, reference: null },
    ]);
    const finance = await operatorAuth(t, "finance");
    t.clock.advance(5 * MINUTE);
    const taken = await operatorPost(finance.headers, `${withdrawal.id}/pick-up`);
    expect(taken.statusCode, taken.body).toBe(200);
    t.clock.advance(MINUTE);
    // Taking it again, by anyone, keeps the first taker and time.
    const other = await operatorAuth(t, "admin");
    expect((await operatorPost(other.headers, `${withdrawal.id}/pick-up`)).statusCode).toBe(200);
    t.clock.advance(9 * MINUTE);
    expect((await operatorPost(finance.headers, `${withdrawal.id}/approve`)).statusCode).toBe(200);
    // Within the operator's session idle limit.
    t.clock.advance(25 * MINUTE);
    const paid = await operatorPost(finance.headers, `${withdrawal.id}/paid`, {
      reference: "  BANK-TX-0042 ",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<OperatorWithdrawal>().steps).toEqual([
      { kind: "requested", at: "2026-03-02T08:00:00.000Z", reason: null, reference: null, operator: null },
      {
        kind: "picked_up",
        at: "2026-03-02T08:05:00.000Z",
        reason: null,
        reference: null,
        operator: finance.username,
      },
      {
        kind: "approved",
        at: "2026-03-02T08:15:00.000Z",
        reason: null,
        reference: null,
        operator: finance.username,
      },
      {
        kind: "paid",
        at: "2026-03-02T08:40:00.000Z",
        reason: null,
        reference: "BANK-TX-0042",
        operator: finance.username,
      },
    ]);
    // The owner sees the same steps, without who took them.
    const seen = await asOwnerSees(user.auth, withdrawal.id);
    expect(seen.steps.at(-1)).toEqual({
      kind: "paid",
      at: "2026-03-02T08:40:00.000Z",
      reason: null,
      reference: "BANK-TX-0042",
    });
    expect(JSON.stringify(seen)).not.toContain(finance.username);
    // The queue's file, for reconciling against the bank: when it was paid and the reference.
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/v1/operator/withdrawals.csv?q=${withdrawal.orderNo}`,
      headers: { ...finance.headers, "accept-language": "en" },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toContain('"Paid","Payment reference"');
    expect(row).toContain('"BANK-TX-0042"');
    const inbox = await t.app.inject({ method: "GET", url: "/api/v1/messages", headers: user.auth });
    expect(inbox.json().items[0].content).toEqual({
      kind: "withdrawal_paid",
      orderNo: withdrawal.orderNo,
      amount: "100.00",
      reference: "BANK-TX-0042",
    });
    expect(await auditEntry(t.db, "withdrawal.paid")).toMatchObject({
      target_id: withdrawal.id,
      detail: expect.objectContaining({ reference: "BANK-TX-0042", net: "100.00" }),
    });
  });

  it("records a rejection with its reason, and a cancellation by the user", async () => {
    const finance = await operatorAuth(t, "finance");
    const rejected = await requested();
    const reason = "Account name does not match the holder";
    expect(
      (await operatorPost(finance.headers, `${rejected.withdrawal.id}/reject`, { reason })).statusCode,
    ).toBe(200);
    const seen = await asOwnerSees(rejected.user.auth, rejected.withdrawal.id);
    expect(kinds(seen)).toEqual(["requested", "rejected"]);
    expect(seen.steps[1]?.reason).toBe(reason);

    const cancelled = await requested();
    const answer = await t.app.inject({
      method: "POST",
      url: `/api/v1/cashier/withdrawals/${cancelled.withdrawal.id}/cancel`,
      headers: { ...cancelled.user.auth, "idempotency-key": key() },
    });
    expect(answer.json<Withdrawal>().steps.map((step) => step.kind)).toEqual(["requested", "cancelled"]);
  });

  it("refuses paid before approval, after rejection or cancellation, and a second reference", async () => {
    const finance = await operatorAuth(t, "finance");
    const { user, withdrawal } = await requested();
    const early = await operatorPost(finance.headers, `${withdrawal.id}/paid`, { reference: "TX-1" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("WITHDRAWAL_NOT_APPROVED");

    const rejected = await requested();
    await operatorPost(finance.headers, `${rejected.withdrawal.id}/reject`, {
      reason: "Wrong account holder",
    });
    const afterReject = await operatorPost(finance.headers, `${rejected.withdrawal.id}/paid`, {
      reference: "TX-2",
    });
    expect(afterReject.json().error.code).toBe("WITHDRAWAL_NOT_APPROVED");
    const lateTake = await operatorPost(finance.headers, `${rejected.withdrawal.id}/pick-up`);
    expect(lateTake.json().error.code).toBe("ALREADY_REVIEWED");

    await operatorPost(finance.headers, `${withdrawal.id}/approve`);
    for (const reference of ["", "   ", "x".repeat(101)]) {
      const bad = await operatorPost(finance.headers, `${withdrawal.id}/paid`, { reference });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe("PAYMENT_REFERENCE_REQUIRED");
    }
    const missing = await operatorPost(finance.headers, `${withdrawal.id}/paid`, {});
    expect(missing.statusCode).toBe(400);
    const first = await operatorPost(finance.headers, `${withdrawal.id}/paid`, { reference: "TX-3" });
    expect(first.statusCode).toBe(200);
    // A retry of the same payment answers the same; another reference is a different claim.
    const retry = await operatorPost(finance.headers, `${withdrawal.id}/paid`, { reference: "TX-3" });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const second = await operatorPost(finance.headers, `${withdrawal.id}/paid`, { reference: "TX-4" });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("ALREADY_PAID");
    expect(kinds(await asOwnerSees(user.auth, withdrawal.id))).toEqual(["requested", "approved", "paid"]);
    // One payment, one notice: the retry told the user nothing new.
    const inbox = await t.app.inject({ method: "GET", url: "/api/v1/messages", headers: user.auth });
    const paidNotices = inbox
      .json<{ items: { content: { kind: string } }[] }>()
      .items.filter((item) => item.content.kind === "withdrawal_paid");
    expect(paidNotices).toHaveLength(1);
  });

  it("keeps one paid step when two operators pay at once, and pay racing approval never pays first", async () => {
    const finance = await operatorAuth(t, "finance");
    const admin = await operatorAuth(t, "admin");
    const { withdrawal } = await requested();
    await operatorPost(finance.headers, `${withdrawal.id}/approve`);
    const answers = await Promise.all([
      operatorPost(finance.headers, `${withdrawal.id}/paid`, { reference: "TX-A" }),
      operatorPost(admin.headers, `${withdrawal.id}/paid`, { reference: "TX-B" }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const steps = await t.db
      .selectFrom("withdrawal_steps")
      .select(["kind", "reference"])
      .where("withdrawal_id", "=", BigInt(withdrawal.id))
      .where("kind", "=", "paid")
      .execute();
    expect(steps).toHaveLength(1);

    const raced = await requested();
    const [paid, approved] = await Promise.all([
      operatorPost(admin.headers, `${raced.withdrawal.id}/paid`, { reference: "TX-C" }),
      operatorPost(finance.headers, `${raced.withdrawal.id}/approve`),
    ]);
    expect(approved.statusCode).toBe(200);
    const final = kinds(await asOwnerSees(raced.user.auth, raced.withdrawal.id));
    if (paid.statusCode === 200) expect(final).toEqual(["requested", "approved", "paid"]);
    else {
      expect(paid.json().error.code).toBe("WITHDRAWAL_NOT_APPROVED");
      expect(final).toEqual(["requested", "approved"]);
    }
  });

  it("keeps the timeline as written: steps cannot be changed or removed", async () => {
    const { withdrawal } = await requested();
    const id = BigInt(withdrawal.id);
    await expect(
      sql`update withdrawal_steps set at = now() where withdrawal_id = ${id}`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from withdrawal_steps where withdrawal_id = ${id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it("tells only operators who review withdrawals, and 404s an unknown one", async () => {
    const support = await operatorAuth(t, "support");
    const { withdrawal } = await requested();
    expect((await operatorPost(support.headers, `${withdrawal.id}/pick-up`)).statusCode).toBe(403);
    const finance = await operatorAuth(t, "finance");
    const unknown = await operatorPost(finance.headers, "999999/paid", { reference: "TX-9" });
    expect(unknown.statusCode).toBe(404);
  });
});

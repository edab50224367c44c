import { COUNT_LIMIT_KINDS, type InboxPage, type UserLimits } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { bankMethod, key, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { putLimit, registerAndLogin, signIn } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { quoted } from "../test/trading-fixtures";

const t = useTestApp({ FEED_ENABLED: false });

const limitsOf = async (auth: Record<string, string>) => {
  const read = await t.app.inject({ url: "/api/v1/limits", headers: auth });
  expect(read.statusCode, read.body).toBe(200);
  return read.json<UserLimits>();
};
const limitOf = async (auth: Record<string, string>, kind: string) =>
  (await limitsOf(auth)).limits.find((limit) => limit.kind === kind);
const setLimit = (auth: Record<string, string>, kind: string, value: string | null) =>
  putLimit(t.app, auth, kind, value);
const order = async (auth: Record<string, string>, stake: string, idempotencyKey = key()) =>
  postWithKey(
    t.app,
    "/api/v1/trading/contracts",
    auth,
    await quoted(t, { symbol: "BTC/USDT", direction: "up", stake, durationSeconds: 60 }),
    idempotencyKey,
  );
const HOUR = 3_600_000;
/** The user's notices about their limits, oldest first, as their messages page reads them. */
const limitNotices = async (auth: Record<string, string>) => {
  const page = await t.app.inject({ url: "/api/v1/messages", headers: auth });
  expect(page.statusCode, page.body).toBe(200);
  return page
    .json<InboxPage>()
    .items.map((message) => message.content)
    .filter((content) => content.kind === "limit_changed" || content.kind === "break_started")
    .reverse();
};

describe("limits a user sets", () => {
  it("tightens at once, loosens only after 24 hours (cancellable), and shows what the period used", async () => {
    const user = await toppedUpUser(t, "1000.00");
    expect((await setLimit(user.auth, "stake_day", "100.00")).statusCode).toBe(200);
    expect(await limitOf(user.auth, "stake_day")).toEqual({
      kind: "stake_day",
      value: "100.00",
      pending: null,
      used: "0.00",
    });
    expect((await order(user.auth, "60.00")).statusCode).toBe(201);
    expect((await limitOf(user.auth, "stake_day"))?.used).toBe("60.00");

    const past = await order(user.auth, "50.00");
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: { code: "STAKE_LIMIT_DAY_REACHED" } });

    // Loosening waits 24 hours; the tighter limit holds meanwhile.
    const loosened = (await setLimit(user.auth, "stake_day", "500.00")).json<UserLimits>();
    const appliesAt = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(loosened.limits.find((l) => l.kind === "stake_day")).toMatchObject({
      value: "100.00",
      pending: { value: "500.00", appliesAt },
    });
    expect((await order(user.auth, "50.00")).json()).toMatchObject({
      error: { code: "STAKE_LIMIT_DAY_REACHED" },
    });

    // Cancelled, it never applies; asked again and waited out, it does.
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/limits/stake_day/pending",
      headers: user.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await limitOf(user.auth, "stake_day"))?.pending).toBeNull();
    await setLimit(user.auth, "stake_day", null);
    t.clock.advance(24 * HOUR - 1_000);
    expect((await limitOf(user.auth, "stake_day"))?.value).toBe("100.00");
    t.clock.advance(1_000);
    expect(await limitOf(user.auth, "stake_day")).toMatchObject({ value: null, pending: null });
    expect((await order(user.auth, "90.00")).statusCode).toBe(201);

    const history = await t.db
      .selectFrom("limit_changes")
      .select(["kind", "from_value", "to_value", "cancelled_at"])
      .where("user_id", "=", user.userId)
      .orderBy("id")
      .execute();
    expect(history.map((h) => [h.from_value, h.to_value, h.cancelled_at !== null])).toEqual([
      [null, 10000n, false],
      [10000n, 50000n, true],
      [10000n, null, false],
    ]);
    // Each change the user asked for is in their messages, a loosening with the time it applies.
    expect(await limitNotices(user.auth)).toEqual([
      { kind: "limit_changed", limit: "stake_day", from: null, to: "100.00", appliesAt: expect.any(String) },
      { kind: "limit_changed", limit: "stake_day", from: "100.00", to: "500.00", appliesAt },
      { kind: "limit_changed", limit: "stake_day", from: "100.00", to: null, appliesAt: expect.any(String) },
    ]);
  });

  it("counts the platform's day from its midnight, and 7 and 30 days back from today's", async () => {
    const user = await toppedUpUser(t, "1000.00");
    await setLimit(user.auth, "stake_7d", "150.00");
    await setLimit(user.auth, "stake_day", "100.00");
    expect((await order(user.auth, "100.00")).statusCode).toBe(201);
    expect((await order(user.auth, "1.00")).json()).toMatchObject({
      error: { code: "STAKE_LIMIT_DAY_REACHED" },
    });
    // The next platform day: the day's limit is fresh, the week's still counts yesterday.
    t.clock.advance(24 * HOUR);
    expect((await order(user.auth, "60.00")).json()).toMatchObject({
      error: { code: "STAKE_LIMIT_7D_REACHED" },
    });
    expect((await order(user.auth, "50.00")).statusCode).toBe(201);
    // Seven days after the first order's day, it has left the window.
    t.clock.advance(6 * 24 * HOUR);
    expect((await order(user.auth, "100.00")).statusCode).toBe(201);
  });

  it("holds 100 orders sent at once to the stake limit, to the cent", async () => {
    const user = await toppedUpUser(t, "10000.00");
    await setLimit(user.auth, "stake_day", "250.00");
    const answers = await Promise.all(Array.from({ length: 100 }, () => order(user.auth, "10.00")));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(25);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect(refused.json()).toMatchObject({ error: { code: "STAKE_LIMIT_DAY_REACHED" } });
    expect((await userBalances(t.db, user.userId)).frozen_trade).toBe(25_000n);
  });

  it("counts an open contract's stake as lost, and refuses past the open-positions limit", async () => {
    const loser = await toppedUpUser(t, "1000.00");
    await setLimit(loser.auth, "loss_day", "30.00");
    expect((await order(loser.auth, "20.00")).statusCode).toBe(201);
    expect((await order(loser.auth, "20.00")).json()).toMatchObject({
      error: { code: "LOSS_LIMIT_DAY_REACHED" },
    });
    expect((await order(loser.auth, "10.00")).statusCode).toBe(201);
    expect((await limitOf(loser.auth, "loss_day"))?.used).toBe("30.00");

    const busy = await toppedUpUser(t, "1000.00");
    await setLimit(busy.auth, "open_positions", "2");
    expect((await order(busy.auth, "10.00")).statusCode).toBe(201);
    expect((await order(busy.auth, "10.00")).statusCode).toBe(201);
    expect((await order(busy.auth, "10.00")).json()).toMatchObject({
      error: { code: "OPEN_POSITIONS_LIMIT_REACHED" },
    });
    expect((await limitOf(busy.auth, "open_positions"))?.used).toBe("2");
  });

  it("refuses deposit requests past a deposit limit", async () => {
    const user = await registerAndLogin(t);
    const method = await bankMethod(t);
    await setLimit(user.auth, "deposit_day", "300.00");
    const request = (amount: string) =>
      postWithKey(t.app, "/api/v1/cashier/deposits", user.auth, {
        methodId: method.id,
        amount,
        reference: "r",
      });
    expect((await request("200.00")).statusCode).toBe(201);
    expect((await request("200.00")).json()).toMatchObject({ error: { code: "DEPOSIT_LIMIT_DAY_REACHED" } });
    expect((await request("100.00")).statusCode).toBe(201);
  });

  it("refuses values that are not amounts or counts in range", async () => {
    const user = await registerAndLogin(t);
    for (const [kind, value] of [
      ["stake_day", "0"],
      ["stake_day", "-5.00"],
      ["stake_day", "ten"],
      ["stake_day", "1.234"],
      ["open_positions", "0"],
      ["open_positions", "2.5"],
      ["reminder_minutes", "1"],
    ] as const) {
      const refused = await setLimit(user.auth, kind, value);
      expect(refused.statusCode, `${kind} ${value}`).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: "LIMIT_VALUE_INVALID" } });
    }
    expect((await setLimit(user.auth, "nonsense", "5.00")).statusCode).toBe(400);
    expect((await limitsOf(user.auth)).limits.every((limit) => limit.value === null)).toBe(true);
    const none = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/limits/stake_day/pending",
      headers: user.auth,
    });
    expect(none.statusCode).toBe(404);
  });

  // A limit of zero would be a break without a break's confirmation and end date, and a client that
  // made it a limit of 1.00 or 0.01 would set a limit nobody asked for: it is refused as typed.
  it("refuses a money limit of zero or less as typed, in force or not, and changes nothing", async () => {
    const user = await toppedUpUser(t, "100.00");
    expect((await setLimit(user.auth, "loss_30d", "500.00")).statusCode).toBe(200);
    const before = await limitsOf(user.auth);
    const money = before.limits
      .map((limit) => limit.kind)
      .filter((kind) => !COUNT_LIMIT_KINDS.includes(kind));
    for (const kind of money) {
      for (const value of ["0", "0.00", "-1", "-0.01", "-500.00"]) {
        const refused = await setLimit(user.auth, kind, value);
        expect(refused.statusCode, `${kind} ${value}`).toBe(400);
        expect(refused.json()).toMatchObject({ error: { code: "LIMIT_VALUE_INVALID" } });
      }
    }
    expect(await limitsOf(user.auth)).toEqual(before);
    expect(await limitNotices(user.auth)).toHaveLength(1);
    const placed = await order(user.auth, "10.00");
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe("breaks", () => {
  it("ends every session and closes trading, deposits and savings moves in until it ends; withdrawals stay open", async () => {
    const user = await toppedUpUser(t, "500.00");
    const wrong = await postWithKey(t.app, "/api/v1/limits/break", user.auth, {
      kind: "time_out",
      days: 2,
      password: "not-the-password",
    });
    expect(wrong.json()).toMatchObject({ error: { code: "PASSWORD_WRONG" } });

    const taken = await postWithKey(t.app, "/api/v1/limits/break", user.auth, {
      kind: "time_out",
      days: 2,
      password: user.registration.password,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({
      kind: "time_out",
      until: new Date(t.clock.now().getTime() + 48 * HOUR).toISOString(),
    });
    expect((await t.app.inject({ url: "/api/v1/limits", headers: user.auth })).statusCode).toBe(401);

    // Signing in still works: to withdraw and read records.
    const { auth } = await signIn(t.app, user.registration);
    expect((await order(auth, "10.00")).json()).toMatchObject({ error: { code: "TAKING_A_BREAK" } });
    const topUp = await postWithKey(t.app, "/api/v1/cashier/demo-topup", auth, { amount: "10.00" });
    expect(topUp.json()).toMatchObject({ error: { code: "TAKING_A_BREAK" } });
    const saving = await postWithKey(t.app, "/api/v1/savings/move-in", auth, { amount: "10.00" });
    expect(saving.json()).toMatchObject({ error: { code: "TAKING_A_BREAK" } });
    expect((await limitsOf(auth)).activeBreak).toMatchObject({ kind: "time_out" });
    expect(await limitNotices(auth)).toEqual([
      { kind: "break_started", break: "time_out", until: taken.json().until },
    ]);

    // Not shortened, not even by a shorter self-imposed one; lengthened into a self-exclusion.
    const shorter = await postWithKey(t.app, "/api/v1/limits/break", auth, {
      kind: "time_out",
      days: 1,
      password: user.registration.password,
    });
    expect(shorter.json()).toMatchObject({ error: { code: "BREAK_NOT_LONGER" } });

    t.clock.advance(48 * HOUR);
    expect((await order(auth, "10.00")).statusCode).toBe(201);
  });

  it("keeps a self-exclusion for its months", async () => {
    const user = await toppedUpUser(t, "100.00");
    const taken = await postWithKey(t.app, "/api/v1/limits/break", user.auth, {
      kind: "self_exclusion",
      months: 6,
      password: user.registration.password,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    t.clock.advance(150 * 24 * HOUR);
    const { auth } = await signIn(t.app, user.registration);
    expect((await order(auth, "10.00")).json()).toMatchObject({ error: { code: "SELF_EXCLUDED" } });
    for (const body of [
      { kind: "self_exclusion", months: 5, password: "x" },
      { kind: "time_out", days: 43, password: "x" },
      { kind: "forever", password: "x" },
    ]) {
      const refused = await postWithKey(t.app, "/api/v1/limits/break", auth, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

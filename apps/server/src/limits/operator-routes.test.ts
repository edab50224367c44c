import type { LimitFigures, OperatorUserLimits } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { key, operatorAuth, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { putLimit } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { quoted } from "../test/trading-fixtures";

const t = useTestApp({ FEED_ENABLED: false });
const HOUR = 3_600_000;

type Auth = Record<string, string>;
type User = Awaited<ReturnType<typeof toppedUpUser>>;

const setLimit = async (auth: Auth, kind: string, value: string | null) => {
  const set = await putLimit(t.app, auth, kind, value);
  expect(set.statusCode, set.body).toBe(200);
};
const takeBreak = async (
  user: User,
  body: { kind: "time_out"; days: number } | { kind: "self_exclusion"; months: number },
) => {
  const taken = await postWithKey(t.app, "/api/v1/limits/break", user.auth, {
    ...body,
    password: user.registration.password,
  });
  expect(taken.statusCode, taken.body).toBe(200);
};
const userLimits = async (operator: Auth, userId: bigint, query = "") => {
  const read = await t.app.inject({
    url: `/api/v1/operator/users/${userId}/limits${query}`,
    headers: operator,
  });
  expect(read.statusCode, read.body).toBe(200);
  return read.json<OperatorUserLimits>();
};
/** Read by a support operator signed in now: the test's clock moves past an operator's idle limit. */
const figures = async () => {
  const { headers } = await operatorAuth(t, "support");
  const read = await t.app.inject({ url: "/api/v1/operator/limits/figures", headers });
  expect(read.statusCode, read.body).toBe(200);
  return read.json<LimitFigures>();
};
const usersWith = (figures: LimitFigures, kind: string) =>
  figures.byKind.find((entry) => entry.kind === kind)?.users ?? 0;
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

describe("the platform's limit figures", () => {
  it("counts users with limits in force, loosenings waiting, and the breaks in force (not an ended one)", async () => {
    const before = await figures();

    // A one-day time-out, counted while it runs and not once it has ended.
    const rested = await toppedUpUser(t, "10.00");
    await takeBreak(rested, { kind: "time_out", days: 1 });
    expect((await figures()).timeOutsInForce).toBe(before.timeOutsInForce + 1);
    t.clock.advance(24 * HOUR);

    const limited = await toppedUpUser(t, "10.00");
    await setLimit(limited.auth, "stake_day", "100.00");
    await setLimit(limited.auth, "loss_day", "50.00");
    await setLimit(limited.auth, "stake_day", "200.00");
    // A removal still waiting leaves the limit in force until it applies.
    const removing = await toppedUpUser(t, "10.00");
    await setLimit(removing.auth, "loss_day", "80.00");
    await setLimit(removing.auth, "loss_day", null);
    await takeBreak(await toppedUpUser(t, "10.00"), { kind: "time_out", days: 2 });
    await takeBreak(await toppedUpUser(t, "10.00"), { kind: "self_exclusion", months: 6 });

    const after = await figures();
    expect(after).toMatchObject({
      usersWithLimits: before.usersWithLimits + 2,
      looseningsWaiting: before.looseningsWaiting + 2,
      timeOutsInForce: before.timeOutsInForce + 1,
      selfExclusionsInForce: before.selfExclusionsInForce + 1,
      computedAt: t.clock.now().toISOString(),
    });
    expect(usersWith(after, "stake_day")).toBe(usersWith(before, "stake_day") + 1);
    expect(usersWith(after, "loss_day")).toBe(usersWith(before, "loss_day") + 2);
    expect(usersWith(after, "deposit_day")).toBe(usersWith(before, "deposit_day"));
    expect(after.byKind.map((entry) => entry.kind)).toEqual(before.byKind.map((entry) => entry.kind));

    // Once the removal applies, that user has no limit left.
    t.clock.advance(24 * HOUR);
    const applied = await figures();
    expect(applied.usersWithLimits).toBe(before.usersWithLimits + 1);
    expect(applied.looseningsWaiting).toBe(before.looseningsWaiting);
  });
});

describe("a user's limits in the console", () => {
  it("shows the limits in force with what they used, what waits, the break, and the history newest first", async () => {
    const user = await toppedUpUser(t, "1000.00");
    await setLimit(user.auth, "stake_day", "100.00");
    const order = await postWithKey(
      t.app,
      "/api/v1/trading/contracts",
      user.auth,
      await quoted(t, { symbol: "BTC/USDT", direction: "up", stake: "60.00", durationSeconds: 60 }),
      key(),
    );
    expect(order.statusCode, order.body).toBe(201);
    // A loosening asked for and cancelled, and one still waiting.
    await setLimit(user.auth, "stake_day", "500.00");
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/limits/stake_day/pending",
      headers: user.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await setLimit(user.auth, "open_positions", "3");
    await setLimit(user.auth, "open_positions", "5");
    const waitingUntil = later(24 * HOUR);
    await takeBreak(user, { kind: "time_out", days: 2 });
    const breakUntil = later(48 * HOUR);
    const now = t.clock.now().toISOString();

    const finance = (await operatorAuth(t, "finance")).headers;
    const view = await userLimits(finance, user.userId);
    expect(view.limits.find((limit) => limit.kind === "stake_day")).toEqual({
      kind: "stake_day",
      value: "100.00",
      pending: null,
      used: "60.00",
    });
    expect(view.limits.find((limit) => limit.kind === "open_positions")).toEqual({
      kind: "open_positions",
      value: "3",
      pending: { value: "5", appliesAt: waitingUntil },
      used: "1",
    });
    expect(view.limits.find((limit) => limit.kind === "deposit_day")).toMatchObject({ value: null });
    expect(view.activeBreak).toEqual({ kind: "time_out", until: breakUntil });
    expect(view.history.nextCursor).toBeNull();
    expect(view.history.items.map(({ id: _id, ...change }) => change)).toEqual([
      {
        kind: "time_out",
        from: null,
        to: null,
        breakUntil,
        requestedAt: now,
        appliesAt: now,
        cancelledAt: null,
      },
      {
        kind: "open_positions",
        from: "3",
        to: "5",
        breakUntil: null,
        requestedAt: now,
        appliesAt: waitingUntil,
        cancelledAt: null,
      },
      {
        kind: "open_positions",
        from: null,
        to: "3",
        breakUntil: null,
        requestedAt: now,
        appliesAt: now,
        cancelledAt: null,
      },
      {
        kind: "stake_day",
        from: "100.00",
        to: "500.00",
        breakUntil: null,
        requestedAt: now,
        appliesAt: waitingUntil,
        cancelledAt: now,
      },
      {
        kind: "stake_day",
        from: null,
        to: "100.00",
        breakUntil: null,
        requestedAt: now,
        appliesAt: now,
        cancelledAt: null,
      },
    ]);

    // The history pages by cursor, newest first, as the console's other lists do.
    const first = await userLimits(finance, user.userId, "?limit=2");
    expect(first.history.items.map((change) => change.kind)).toEqual(["time_out", "open_positions"]);
    const second = await userLimits(finance, user.userId, `?limit=2&cursor=${first.history.nextCursor}`);
    expect(second.history.items.map((change) => [change.kind, change.to])).toEqual([
      ["open_positions", "3"],
      ["stake_day", "500.00"],
    ]);
    const unknown = await t.app.inject({ url: "/api/v1/operator/users/999999999/limits", headers: finance });
    expect(unknown.statusCode).toBe(404);
  });

  it("has no route by which an operator could change, loosen or lift a limit or a break", async () => {
    const user = await toppedUpUser(t, "10.00");
    await setLimit(user.auth, "stake_day", "100.00");
    await setLimit(user.auth, "stake_day", "300.00");
    const admin = (await operatorAuth(t, "admin")).headers;
    const base = `/api/v1/operator/users/${user.userId}/limits`;
    for (const [method, url] of [
      ["PUT", base],
      ["POST", base],
      ["DELETE", base],
      ["PATCH", base],
      ["PUT", `${base}/stake_day`],
      ["DELETE", `${base}/stake_day`],
      ["DELETE", `${base}/stake_day/pending`],
      ["POST", `${base}/break`],
      ["DELETE", `${base}/break`],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: admin, payload: { value: null } });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const after = await userLimits(admin, user.userId);
    expect(after.limits.find((limit) => limit.kind === "stake_day")).toMatchObject({
      value: "100.00",
      pending: { value: "300.00" },
    });
  });
});

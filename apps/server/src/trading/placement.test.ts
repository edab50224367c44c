import type { Product } from "@tickfair/contract";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { lockLimits } from "../limits";
import { onPostgres } from "../market/testing";
import { key, operatorAuth, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { sendLimit } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { holdLocks, sessionsWaitingForLocks } from "../test/held-locks";
import { freshQuote } from "../test/trading-fixtures";
import { isQuoteFresh, TermsBook } from "./order-terms";
import { type Order, placeContracts } from "./placement";

const t = useTestApp({ FEED_ENABLED: false });

const fundedUser = (amount: string) => toppedUpUser(t, amount);

/** The default QUOTE_MAX_AGE_SECONDS, as the app's order desk uses it. */
const QUOTE_MAX_AGE_MS = 5_000;
/** A BTC/USDT tick fresh on the test clock, as the confirmation sheet would have shown. */
let quoteSeq = "";
beforeEach(async () => {
  quoteSeq = await freshQuote(t, "BTC/USDT");
});

const order = (overrides: Record<string, unknown> = {}) => ({
  symbol: "BTC/USDT",
  direction: "up" as const,
  stake: "10.00",
  durationSeconds: 60,
  quoteSeq,
  ...overrides,
});

const place = (auth: Record<string, string>, body: Record<string, unknown>, idempotencyKey = key()) =>
  postWithKey(t.app, "/api/v1/trading/contracts", auth, body, idempotencyKey);

const asOrder = (userId: bigint, overrides: Record<string, unknown> = {}): Order => ({
  userId,
  input: order(overrides),
  key: key(),
  fingerprint: `fingerprint ${key()}`,
});
/** Places `orders` as one batch, as the order desk does, under the terms `book` holds. */
const batchOf = (orders: Order[], book = new TermsBook()) =>
  placeContracts(t.db, orders, t.clock.now(), book, QUOTE_MAX_AGE_MS, t.config.PLATFORM_TZ);
const asOrderOf = (userId: bigint, quote: string) => asOrder(userId, { quoteSeq: quote });

describe("orders placed together", () => {
  it("writes a batch of several users' orders in one go, each once, and stores each key's answer", async () => {
    const users = await Promise.all([fundedUser("100.00"), fundedUser("100.00"), fundedUser("100.00")]);
    const orders: Order[] = users.flatMap((user, u) =>
      [1, 2].map((n) =>
        asOrder(user.userId, { stake: `${10 + u + n}.00`, direction: n === 1 ? "up" : "down" }),
      ),
    );
    // Below the minimum stake: left to the one-order path, which refuses it (its key may hold an answer).
    const refused = asOrder(users[0]?.userId ?? 0n, { stake: "1.00" });
    const outcomes = await batchOf([...orders, refused]);
    expect(outcomes.pop()).toEqual({ alone: true });
    const placed = outcomes.map((outcome) => ("placed" in outcome ? outcome.placed : null));
    expect(placed.every((contract) => contract !== null)).toBe(true);
    expect(new Set(placed.map((contract) => contract?.id)).size).toBe(6);
    placed.forEach((contract, i) => {
      expect(contract?.stake).toBe(orders[i]?.input.stake);
      expect(contract?.direction).toBe(orders[i]?.input.direction);
      expect(contract?.status).toBe("pending");
    });
    for (const [u, user] of users.entries()) {
      const staked = BigInt((10 + u + 1 + 10 + u + 2) * 100);
      expect(await userBalances(t.db, user.userId)).toMatchObject({
        cash: 10_000n - staked,
        frozen_trade: staked,
      });
    }
    const keys = await t.db
      .selectFrom("idempotency_keys")
      .select(["key", "status_code", "response"])
      .where(
        "key",
        "in",
        [...orders, refused].map((o) => o.key),
      )
      .execute();
    expect(keys).toHaveLength(6);
    for (const [i, stored] of orders.entries()) {
      expect(keys.find((k) => k.key === stored.key)).toMatchObject({ status_code: 201, response: placed[i] });
    }
  });

  it("answers each placed order with the contract as the API shows it afterwards", async () => {
    const user = await fundedUser("100.00");
    const [outcome] = await batchOf([asOrder(user.userId)]);
    const answer = outcome && "placed" in outcome ? outcome.placed : null;
    expect(answer?.orderNo).toMatch(/^C\d{10}$/);
    const shown = await t.app.inject({ url: `/api/v1/trading/contracts/${answer?.id}`, headers: user.auth });
    expect(shown.statusCode).toBe(200);
    const { ticks: _ticks, ...contract } = shown.json();
    expect(contract).toEqual(answer);
  });

  it("places nothing under terms that changed after the batch read them: the order goes alone", async () => {
    const user = await fundedUser("100.00");
    const book = new TermsBook(60_000);
    await batchOf([asOrder(user.userId)], book);
    // An operator's new rate for 60 s, after the book read the old one.
    const { durations } = (await t.app.inject({ url: "/api/v1/market/products/BTC%2FUSDT" })).json<Product>();
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/v1/operator/market/products/BTC%2FUSDT",
      headers: (await operatorAuth(t, "admin")).headers,
      payload: {
        durations: durations.map((d) =>
          d.seconds === 60 ? { ...d, payoutRateBps: d.payoutRateBps - 100 } : d,
        ),
        reason: "New rate for 60 s",
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = asOrder(user.userId);
    expect(await batchOf([stale], book)).toEqual([{ alone: true }]);
    const stored = await t.db
      .selectFrom("idempotency_keys")
      .select("key")
      .where("key", "=", stale.key)
      .execute();
    expect(stored).toEqual([]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 9_000n, frozen_trade: 1_000n });
    // The batch forgot the product's terms: the next one reads them afresh and places at the new rate.
    const [fresh] = await batchOf([asOrder(user.userId)], book);
    const { rows } = await sql<{ payout_rate_bps: number }>`
      select payout_rate_bps from product_durations where symbol = 'BTC/USDT' and seconds = 60`.execute(t.db);
    expect(fresh && "placed" in fresh ? fresh.placed.payoutRateBps : null).toBe(rows[0]?.payout_rate_bps);
  });

  it("leaves an order whose key is already used to the one-order path, and writes nothing for it", async () => {
    const user = await fundedUser("100.00");
    const first = asOrder(user.userId);
    const book = new TermsBook();
    await batchOf([first], book);
    const [again, other] = await batchOf([first, asOrder(user.userId)], book);
    expect(again).toEqual({ alone: true });
    expect(other && "placed" in other).toBe(true);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 8_000n, frozen_trade: 2_000n });
  });

  it("writes nothing when one order of the batch would overdraw: every order goes alone", async () => {
    const poor = await fundedUser("15.00");
    const rich = await fundedUser("100.00");
    const orders = [asOrder(rich.userId), asOrder(poor.userId), asOrder(poor.userId)];
    expect(await batchOf(orders)).toEqual(orders.map(() => ({ alone: true })));
    expect(await userBalances(t.db, rich.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
    expect(await userBalances(t.db, poor.userId)).toMatchObject({ cash: 1_500n, frozen_trade: 0n });
    const stored = await t.db
      .selectFrom("idempotency_keys")
      .select("key")
      .where(
        "key",
        "in",
        orders.map((o) => o.key),
      )
      .execute();
    expect(stored).toEqual([]);
  });

  it("answers each order of a concurrent burst as if it were alone: refusals, overdrafts and retries included", async () => {
    const rich = await Promise.all([fundedUser("1000.00"), fundedUser("1000.00"), fundedUser("1000.00")]);
    const poor = await fundedUser("25.00");
    const retried = key();
    const refusedKey = key();
    const burst = await Promise.all([
      ...rich.flatMap((user) => [1, 2, 3].map(() => place(user.auth, order()))),
      // Three 10.00 orders on 25.00: two fit, the third would overdraw.
      ...[1, 2, 3].map(() => place(poor.auth, order())),
      place(rich[0]?.auth ?? {}, order({ durationSeconds: 7 })),
      place(rich[1]?.auth ?? {}, order({ symbol: "NOPE/USDT" })),
      place(rich[2]?.auth ?? {}, order({ stake: "0.01" }), refusedKey),
      // The same order twice under one key, at once: one contract, the second a replay.
      place(rich[0]?.auth ?? {}, order({ stake: "50.00" }), retried),
      place(rich[0]?.auth ?? {}, order({ stake: "50.00" }), retried),
    ]);
    const [richAnswers, poorAnswers, refusals, sameKey] = [
      burst.slice(0, 9),
      burst.slice(9, 12),
      burst.slice(12, 15),
      burst.slice(15),
    ];
    expect(richAnswers.map((r) => r.statusCode)).toEqual(Array(9).fill(201));
    expect(poorAnswers.map((r) => r.statusCode).sort()).toEqual([201, 201, 400]);
    expect(poorAnswers.find((r) => r.statusCode === 400)?.json().error.code).toBe("INSUFFICIENT_BALANCE");
    expect(refusals.map((r) => [r.statusCode, r.json().error.code])).toEqual([
      [400, "DURATION_NOT_OFFERED"],
      [404, "PRODUCT_NOT_FOUND"],
      [400, "STAKE_OUT_OF_RANGE"],
    ]);
    expect(sameKey.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(sameKey[0]?.json().id).toBe(sameKey[1]?.json().id);
    expect(sameKey.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(1);

    expect(await userBalances(t.db, poor.userId)).toMatchObject({ cash: 500n, frozen_trade: 2_000n });
    expect(await userBalances(t.db, rich[0]?.userId ?? 0n)).toMatchObject({
      cash: 100_000n - 3_000n - 5_000n,
      frozen_trade: 8_000n,
    });
    // A key whose order was refused stored nothing: it can carry a good order later.
    const later = await place(rich[2]?.auth ?? {}, order(), refusedKey);
    expect(later.statusCode).toBe(201);
  });
});

describe("the quote an order was confirmed at", () => {
  it("is fresh for QUOTE_MAX_AGE_SECONDS after its tick and stale after", () => {
    const tick = new Date("2026-01-05T10:00:00Z");
    expect(isQuoteFresh(tick, new Date("2026-01-05T10:00:05Z"), 5_000)).toBe(true);
    expect(isQuoteFresh(tick, new Date("2026-01-05T10:00:05.001Z"), 5_000)).toBe(false);
  });

  it("refuses an order that arrives too long after its quote, freezing nothing, and places it at a new one", async () => {
    const user = await fundedUser("100.00");
    const confirmedAt = quoteSeq;
    // The network held the order back: it reaches the server six seconds after the tick it quoted.
    t.clock.advance(6_000);
    const [batched] = await batchOf([asOrderOf(user.userId, confirmedAt)]);
    expect(batched).toEqual({ alone: true });
    const late = await place(user.auth, order({ quoteSeq: confirmedAt }));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("QUOTE_EXPIRED");
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });

    const again = await place(user.auth, order({ quoteSeq: await freshQuote(t, "BTC/USDT") }));
    expect(again.statusCode).toBe(201);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 9_000n, frozen_trade: 1_000n });
  });

  it("refuses a quote that is no tick of the product", async () => {
    const user = await fundedUser("100.00");
    const refused = await place(user.auth, order({ quoteSeq: "999999999" }));
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, "QUOTE_EXPIRED"]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
  });
});

describe("a batch and its users' limits", () => {
  const setLimit = (auth: Record<string, string>, kind: string, value: string) =>
    sendLimit(t.app, auth, kind, value);

  it("places what the limits let through in the batch, earlier orders counted, and leaves the rest alone", async () => {
    const limited = await fundedUser("500.00");
    const free = await fundedUser("500.00");
    expect((await setLimit(limited.auth, "stake_day", "100.00")).statusCode).toBe(200);
    expect((await setLimit(limited.auth, "open_positions", "3")).statusCode).toBe(200);
    const outcomes = await batchOf([
      asOrder(limited.userId, { stake: "40.00" }),
      asOrder(free.userId, { stake: "90.00" }),
      asOrder(limited.userId, { stake: "40.00" }),
      asOrder(limited.userId, { stake: "40.00" }),
      asOrder(free.userId, { stake: "90.00" }),
    ]);
    expect(outcomes.map((outcome) => ("placed" in outcome ? outcome.placed.stake : "alone"))).toEqual([
      "40.00",
      "90.00",
      "40.00",
      "alone",
      "90.00",
    ]);
    // The next batch counts what the first one wrote: 80.00 staked, two positions open.
    const [next, fourth] = await batchOf([
      asOrder(limited.userId, { stake: "20.00" }),
      asOrder(limited.userId, { stake: "1.00" }),
    ]);
    expect(next && "placed" in next).toBe(true);
    expect(fourth).toEqual({ alone: true });
  });

  it("leaves a user's orders alone during a break", async () => {
    const user = await fundedUser("100.00");
    const taken = await postWithKey(t.app, "/api/v1/limits/break", user.auth, {
      kind: "time_out",
      days: 1,
      password: user.registration.password,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await batchOf([asOrder(user.userId)])).toEqual([{ alone: true }]);
  });

  it.skipIf(!onPostgres())(
    "leaves alone the orders of a user whose limits another transaction held and wrote while the batch waited",
    async () => {
      const user = await fundedUser("100.00");
      expect((await setLimit(user.auth, "stake_day", "50.00")).statusCode).toBe(200);
      // As the one-order path does: the user's limits locked (and their row given a new version)
      // while an order is judged and written.
      const other = await holdLocks(t.db, async (tx) => {
        await lockLimits(tx, [user.userId], t.clock.now());
      });
      const batch = batchOf([asOrder(user.userId, { stake: "10.00" })]);
      // The batch's statement has taken its snapshot and waits for the row.
      await expect.poll(() => sessionsWaitingForLocks(t.db)).toBe(1);
      other.release();
      await other.done;
      // Its sums were read before the other transaction's writes: judged afresh, alone.
      expect(await batch).toEqual([{ alone: true }]);
    },
  );
});

import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { key, toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { type Order, placeContracts } from "./placement";

const t = useTestApp({ FEED_ENABLED: false });

const fundedUser = (amount: string) => toppedUpUser(t, amount);

const order = (overrides: Record<string, unknown> = {}) => ({
  symbol: "BTC/USDT",
  direction: "up" as const,
  stake: "10.00",
  durationSeconds: 60,
  ...overrides,
});

function place(auth: Record<string, string>, body: Record<string, unknown>, idempotencyKey = key()) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/trading/contracts",
    payload: body,
    headers: { ...auth, "idempotency-key": idempotencyKey },
  });
}

describe("orders placed together", () => {
  it("writes a batch of several users' orders in one go, each once, and stores each key's answer", async () => {
    const users = await Promise.all([fundedUser("100.00"), fundedUser("100.00"), fundedUser("100.00")]);
    const orders: Order[] = users.flatMap((user, u) =>
      [1, 2].map((n) => ({
        userId: user.userId,
        input: order({ stake: `${10 + u + n}.00`, direction: n === 1 ? "up" : "down" }),
        key: key(),
        fingerprint: `fingerprint ${u} ${n}`,
      })),
    );
    const refused: Order = {
      userId: users[0]?.userId ?? 0n,
      input: order({ stake: "1.00" }),
      key: key(),
      fingerprint: "below the minimum stake",
    };
    const outcomes = await placeContracts(t.db, [...orders, refused], t.clock.now());
    const last = outcomes.pop();
    expect(last && "refused" in last ? last.refused.code : null).toBe("STAKE_OUT_OF_RANGE");
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
      .select(["key", "status_code"])
      .where(
        "key",
        "in",
        orders.map((o) => o.key),
      )
      .execute();
    expect(keys).toHaveLength(6);
    expect(keys.every((k) => k.status_code === 201)).toBe(true);
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

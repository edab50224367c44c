import type { ControlChange, ExposureCaps, ProductExposureCaps } from "@tickfair/contract";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { runIdempotent } from "../platform/idempotency";
import { key, operatorAuth } from "../test/cashier-fixtures";
import { at, BTC, contractKit, ETH } from "../test/contract-kit";
import { useTestApp } from "../test/harness";
import { freshQuote } from "../test/trading-fixtures";
import { ensureExposureRows, lockExposure } from "./exposure";
import { TermsBook } from "./order-terms";
import { type Order, placeContract, placeContracts } from "./placement";

const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order, stillRunning } = contractKit(t);
const API = "/api/v1/operator/risk/caps";

let admin: Awaited<ReturnType<typeof operatorAuth>>;
let secondAdmin: Awaited<ReturnType<typeof operatorAuth>>;
/** The next hour of the test clock, with two admins signed in then (sessions end as the clock moves). */
async function nextHourSignedIn() {
  const start = nextHour();
  [admin, secondAdmin] = await Promise.all([operatorAuth(t, "admin"), operatorAuth(t, "admin")]);
  return start;
}
// Each test sets its own caps; what earlier tests left open still counts, so caps are set above it.
beforeEach(async () => {
  await sql`delete from trading_exposure_caps`.execute(t.db);
  await nextHourSignedIn();
});

const setCaps = (symbol: string, caps: Partial<ExposureCaps>, who = admin, reason = "book too one-sided") =>
  t.app.inject({
    method: "PUT",
    url: `${API}/${encodeURIComponent(symbol)}`,
    headers: who.headers,
    payload: { up: null, down: null, perUser: null, ...caps, reason },
  });

async function capsOf(symbol: string): Promise<ProductExposureCaps> {
  const response = await t.app.inject({ method: "GET", url: API, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  const found = response.json<{ items: ProductExposureCaps[] }>().items.find((p) => p.symbol === symbol);
  if (!found) throw new Error(`no caps row for ${symbol}`);
  return found;
}

/** A cap `room` above what is open on the side now, as the console would set it. */
async function capAbove(symbol: string, direction: "up" | "down", room: string): Promise<string> {
  const open = (await capsOf(symbol)).open[direction];
  return (Number(open) + Number(room)).toFixed(2);
}

const REFUSED = (cap: "product_direction" | "user_product", symbol = BTC, direction = "up") => ({
  code: "EXPOSURE_LIMIT_REACHED",
  details: { cap, symbol, direction },
});

describe("exposure caps refuse orders", () => {
  it("refuses the order that would pass the product's cap for its side, with which cap, product and direction", async () => {
    const user = await fundedUser("1000.00");
    // Stake 100.00 at 85 % pays 185.00 if it wins: room for exactly two.
    expect((await setCaps(BTC, { up: await capAbove(BTC, "up", "370.00") })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await place(user.auth, order())).statusCode).toBe(201);
    const refused = await place(user.auth, order({ stake: "10.00" }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject(REFUSED("product_direction"));
    expect(refused.json().error.message).toContain("上限");
    // The other side and other products are not capped.
    expect((await place(user.auth, order({ direction: "down" }))).statusCode).toBe(201);
    expect((await place(user.auth, order({ symbol: ETH }))).statusCode).toBe(201);
    expect((await capsOf(BTC)).caps.up).not.toBeNull();
  });

  it("refuses a user past the per-user cap of a product, both directions together, and not another user", async () => {
    const [heavy, light] = await Promise.all([fundedUser("1000.00"), fundedUser("1000.00")]);
    expect((await setCaps(ETH, { perUser: "370.00" })).statusCode).toBe(200);
    expect((await place(heavy.auth, order({ symbol: ETH }))).statusCode).toBe(201);
    expect((await place(heavy.auth, order({ symbol: ETH, direction: "down" }))).statusCode).toBe(201);
    const refused = await place(heavy.auth, order({ symbol: ETH, direction: "down", stake: "10.00" }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject(REFUSED("user_product", ETH, "down"));
    expect((await place(light.auth, order({ symbol: ETH }))).statusCode).toBe(201);
    expect((await place(heavy.auth, order())).statusCode).toBe(201);
    expect((await capsOf(ETH)).open.largestUser).toBe("370.00");
  });

  it("stops 100 racing orders at the product's cap to the cent", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => fundedUser("1000.00")));
    // 10.00 at 85 % pays 18.50: 54 fit in 1000.00 (999.00), the 55th would pass it.
    const cap = await capAbove(BTC, "down", "1000.00");
    expect((await setCaps(BTC, { down: cap })).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        place(users[i % users.length]?.auth ?? {}, order({ direction: "down", stake: "10.00" })),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(54);
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toMatchObject(REFUSED("product_direction", BTC, "down"));
    }
    const open = (await capsOf(BTC)).open.down;
    expect(Number(cap) - Number(open)).toBeCloseTo(1, 6);
  });

  it("stops one user's 100 racing orders at their per-user cap to the cent", async () => {
    const user = await fundedUser("2000.00");
    expect((await setCaps(BTC, { perUser: "1000.00" })).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        place(user.auth, order({ direction: i % 2 ? "up" : "down", stake: "10.00" })),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(54);
    for (const r of responses.filter((r) => r.statusCode !== 201))
      expect(r.json().error).toMatchObject({
        code: "EXPOSURE_LIMIT_REACHED",
        details: { cap: "user_product" },
      });
    expect(await userBalances(t.db, user.userId)).toMatchObject({ frozen_trade: 54_000n });
  });

  it("leaves out of a batch every order a cap would refuse, counting the orders ahead of it, and nothing else", async () => {
    const users = await Promise.all([fundedUser("1000.00"), fundedUser("1000.00")]);
    // A user's first order on a product makes their total, alone; later ones can go in a batch.
    for (const user of users)
      expect((await place(user.auth, order({ direction: "down" }))).statusCode).toBe(201);
    const quoteSeq = await freshQuote(t, BTC);
    expect((await setCaps(BTC, { up: await capAbove(BTC, "up", "55.50") })).statusCode).toBe(200);
    const orders: Order[] = Array.from({ length: 6 }, (_, i) => ({
      userId: users[i % 2]?.userId ?? 0n,
      input: { ...order({ stake: "10.00", direction: i === 4 ? "down" : "up" }), quoteSeq } as Order["input"],
      key: key(),
      fingerprint: `fingerprint ${key()}`,
    }));
    const outcomes = await placeContracts(
      t.db,
      orders,
      t.clock.now(),
      new TermsBook(),
      5_000,
      t.config.PLATFORM_TZ,
    );
    // Three ups of 18.50 fill 55.50; the down is not capped; the later ups wait to be refused alone.
    expect(outcomes.map((o) => ("placed" in o ? "placed" : "alone"))).toEqual([
      "placed",
      "placed",
      "placed",
      "alone",
      "placed",
      "alone",
    ]);
  });

  it("refuses on the one-order path too, 100 orders racing it alone", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => fundedUser("1000.00")));
    const quoteSeq = await freshQuote(t, ETH);
    expect((await setCaps(ETH, { up: await capAbove(ETH, "up", "1000.00") })).statusCode).toBe(200);
    const now = t.clock.now();
    const alone = async (userId: bigint) => {
      await ensureExposureRows(t.db, [{ userId, symbol: ETH, direction: "up" }]);
      return runIdempotent(t.db, { userId, key: key(), fingerprint: "alone", at: now }, async (tx) => {
        const held = await lockExposure(tx, userId, ETH, "up");
        const input = { ...order({ symbol: ETH, stake: "10.00" }), quoteSeq } as Order["input"];
        return { status: 201, body: await placeContract(tx, { id: userId }, input, now, 5_000, held) };
      }).then(
        () => "placed",
        (error: { code?: string; details?: unknown }) => {
          expect(error).toMatchObject(REFUSED("product_direction", ETH, "up"));
          return "refused";
        },
      );
    };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => alone(users[i % 4]?.userId ?? 0n)),
    );
    expect(results.filter((r) => r === "placed")).toHaveLength(54);
  });
});

describe("exposure after settlement", () => {
  it("gives back what settled and voided contracts held, whatever their result", async () => {
    const start = t.clock.now();
    // Everything earlier tests left open closes first (void: no tick near their entry), so the book is empty.
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 0), 9_500_000n),
      feedTick(ETH, at(start, 0), 9_500_000n),
    ]);
    t.clock.set(at(start, 10 * 60_000));
    while ((await settle()).length > 0) {}
    expect(await stillRunning()).toBe(0);
    expect((await capsOf(BTC)).open).toEqual({ up: "0.00", down: "0.00", largestUser: "0.00" });

    const base = await nextHourSignedIn();
    const user = await fundedUser("1000.00");
    expect((await setCaps(BTC, { up: "185.00", down: "185.00" })).statusCode).toBe(200);
    expect((await place(user.auth, order())).statusCode).toBe(201);
    expect((await place(user.auth, order({ direction: "down" }))).statusCode).toBe(201);
    expect((await place(user.auth, order({ stake: "10.00" }))).statusCode).toBe(409);
    await recordTicks(t.db, [feedTick(BTC, at(base, 200), 9_500_000n)]);
    await recordTicks(t.db, [
      feedTick(BTC, at(base, 60_000), 9_600_000n),
      feedTick(BTC, at(base, 61_000), 1n),
    ]);
    t.clock.set(at(base, 61_000));
    expect((await settle()).map((s) => s.result).sort()).toEqual(["lose", "win"]);
    expect((await capsOf(BTC)).open).toEqual({ up: "0.00", down: "0.00", largestUser: "0.00" });
    expect((await place(user.auth, order())).statusCode).toBe(201);

    // A contract that never gets an entry is void, stake returned, and gives its room back too.
    t.clock.advance(10 * 60_000);
    expect((await settle()).map((s) => s.result)).toEqual(["void"]);
    expect((await capsOf(BTC)).open.up).toBe("0.00");
  });

  it("never changes an open contract when a cap is tightened below what is open: they settle as before", async () => {
    const base = await nextHourSignedIn();
    const user = await fundedUser("1000.00");
    expect((await place(user.auth, order({ symbol: ETH }))).statusCode).toBe(201);
    expect((await place(user.auth, order({ symbol: ETH, stake: "50.00" }))).statusCode).toBe(201);
    const terms = await sql`select id, stake, payout_rate_bps, payout_table_version, accepted_at, status
      from contracts where user_id = ${user.userId} order by id`.execute(t.db);
    // Tighter than what is open: applies at once, to new orders only.
    expect((await setCaps(ETH, { up: "100.00", perUser: "0.00" })).statusCode).toBe(200);
    const refused = await place(user.auth, order({ symbol: ETH, stake: "10.00" }));
    expect(refused.json().error).toMatchObject(REFUSED("product_direction", ETH, "up"));
    expect(
      (
        await sql`select id, stake, payout_rate_bps, payout_table_version, accepted_at, status
        from contracts where user_id = ${user.userId} order by id`.execute(t.db)
      ).rows,
    ).toEqual(terms.rows);
    await recordTicks(t.db, [feedTick(ETH, at(base, 200), 9_500_000n)]);
    await recordTicks(t.db, [
      feedTick(ETH, at(base, 60_000), 9_600_000n),
      feedTick(ETH, at(base, 61_000), 1n),
    ]);
    t.clock.set(at(base, 61_000));
    const settled = await settle();
    expect(settled.filter((s) => s.userId === user.userId).map((s) => [s.result, s.payout])).toEqual([
      ["win", 18_500n],
      ["win", 9_250n],
    ]);
    // 1000 − 150 staked + 185 + 92.50 paid
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 112_750n, frozen_trade: 0n });
  });
});

describe("operators change caps", () => {
  const audit = (symbol: string) =>
    t.db
      .selectFrom("audit_log")
      .select(["action", "reason", "detail", "target_id"])
      .where("target_id", "=", symbol)
      .where("action", "like", "exposure_caps.%")
      .orderBy("id")
      .execute();

  it("applies a tightening at once, audited with before, after and reason", async () => {
    expect((await setCaps(ETH, { up: "500.00" })).json()).toEqual({
      up: "500.00",
      down: null,
      perUser: null,
    });
    const tightened = await setCaps(ETH, { up: "400.00", down: "10.00" }, admin, "cut the up book");
    expect(tightened.statusCode).toBe(200);
    expect((await capsOf(ETH)).caps).toEqual({ up: "400.00", down: "10.00", perUser: null });
    expect((await audit(ETH)).at(-1)).toEqual({
      action: "exposure_caps.update",
      reason: "cut the up book",
      target_id: ETH,
      detail: {
        before: { up: "500.00", down: null, perUser: null },
        after: { up: "400.00", down: "10.00", perUser: null },
      },
    });
  });

  it("only proposes a loosening, which another admin approves; the proposer cannot", async () => {
    expect((await setCaps(BTC, { up: "500.00", perUser: "50.00" })).statusCode).toBe(200);
    const raised = await setCaps(BTC, { up: "800.00", perUser: null }, admin, "more room for the open");
    expect(raised.statusCode).toBe(202);
    const change = raised.json<ControlChange>();
    expect(change).toMatchObject({ subject: "exposure_caps", weakens: ["up", "perUser"], status: "pending" });
    expect(change.proposed).toMatchObject({ symbol: BTC, up: "800.00", perUser: null });
    const listed = await capsOf(BTC);
    expect(listed.caps).toEqual({ up: "500.00", down: null, perUser: "50.00" });
    expect(listed.pending?.id).toBe(change.id);

    const decide = (who: typeof admin) =>
      t.app.inject({ method: "POST", url: `${API}/changes/${change.id}/approve`, headers: who.headers });
    expect((await decide(admin)).json().error.code).toBe("CHANGE_NEEDS_ANOTHER_ADMIN");
    expect((await decide(secondAdmin)).statusCode).toBe(200);
    expect((await capsOf(BTC)).caps).toEqual({ up: "800.00", down: null, perUser: null });
    expect((await capsOf(BTC)).pending).toBeNull();
    expect((await audit(BTC)).map((row) => row.action)).toContain("exposure_caps.update");
    const log = await t.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("target_type", "=", "control_change")
      .where("target_id", "=", change.id)
      .orderBy("id")
      .execute();
    expect(log.map((row) => row.action)).toEqual(["exposure_caps.propose", "exposure_caps.approve"]);
    expect(JSON.stringify(log[0]?.detail)).toContain("more room for the open");
  });

  it("refuses bad input with a code, never a 500, and changes nothing", async () => {
    expect((await setCaps(BTC, { up: "100.00" })).statusCode).toBe(200);
    const bad: [Record<string, unknown>, string][] = [
      [{ up: "-1.00" }, "AMOUNT_INVALID"],
      [{ up: "1.001" }, "AMOUNT_INVALID"],
      [{ up: 100 }, "AMOUNT_INVALID"],
      [{ down: "1000000000000.01" }, "AMOUNT_INVALID"],
      [{ perUser: "abc" }, "AMOUNT_INVALID"],
    ];
    for (const [caps, code] of bad) {
      const response = await setCaps(BTC, caps as Partial<ExposureCaps>);
      expect(response.statusCode, JSON.stringify(caps)).toBe(400);
      expect(response.json().error.code).toBe(code);
    }
    const noReason = await t.app.inject({
      method: "PUT",
      url: `${API}/${encodeURIComponent(BTC)}`,
      headers: admin.headers,
      payload: { up: null, down: null, perUser: null },
    });
    expect(noReason.json().error.code).toBe("REQUIRED");
    expect((await setCaps(BTC, { up: "1.00" }, admin, "  ")).json().error.code).toBe("REASON_REQUIRED");
    expect((await setCaps("NOPE/USDT", { up: "1.00" })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `${API}/changes/999999/approve`,
          headers: secondAdmin.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await capsOf(BTC)).caps).toEqual({ up: "100.00", down: null, perUser: null });
  });
});

import type { Contract, ContractReceipt, MeResponse, PracticeAccount } from "@tickfair/contract";
import { verifyReceipt } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { practiceAccounts, userBalances } from "../ledger/service";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { key, postWithKey } from "../test/cashier-fixtures";
import { at, BTC, contractKit } from "../test/contract-kit";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { quoted } from "../test/trading-fixtures";

// No simulated feed: every tick here is recorded by the test, at times the manual clock sets.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order } = contractKit(t);

const practice = async (auth: Record<string, string>, body: Record<string, unknown>) =>
  postWithKey(t.app, "/api/v1/practice/contracts", auth, await quoted(t, body), key());
const get = (url: string, auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: auth });
const account = async (auth: Record<string, string>) => {
  const answer = await get("/practice/account", auth);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PracticeAccount>();
};
const reset = (auth: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/v1/practice/reset", headers: auth });
const postingsOf = (userId: bigint, kind: string) =>
  t.db.selectFrom("postings").select("id").where("user_id", "=", userId).where("kind", "=", kind).execute();

describe("the practice account", () => {
  it("opens once with 10,000.00 virtual units, however many first visits race", async () => {
    const user = await registerAndLogin(t);
    expect(await practiceAccounts(t.db, user.userId)).toBeNull();
    const visits = await Promise.all(Array.from({ length: 5 }, () => account(user.auth)));
    for (const visit of visits)
      expect(visit).toEqual({ available: "10000.00", frozen: "0.00", startingBalance: "10000.00" });
    expect(await postingsOf(user.userId, "practice_grant")).toHaveLength(1);
    // The real account is untouched.
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 0n, frozen_trade: 0n });
  });

  it("places and settles a practice order by the same rule, apart from real money, and its receipt verifies", async () => {
    const start = nextHour();
    const user = await fundedUser("500.00");
    const placed = await practice(
      user.auth,
      order({ direction: "up", stake: "100.00", durationSeconds: 60 }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const contract = placed.json<Contract>();
    expect(contract.wallet).toBe("practice");
    expect(await account(user.auth)).toMatchObject({ available: "9900.00", frozen: "100.00" });
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 50_000n, frozen_trade: 0n });

    // Each list shows its own wallet's contracts only.
    expect(
      (await get("/practice/contracts/open", user.auth)).json().items.map((c: Contract) => c.id),
    ).toEqual([contract.id]);
    expect((await get("/trading/contracts/open", user.auth)).json().items).toEqual([]);

    await recordTicks(t.db, [feedTick(BTC, at(start, 500), 9_000_000n)]);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 60_500), 9_100_000n),
      feedTick(BTC, at(start, 61_000), 1n),
    ]);
    t.clock.set(at(start, 61_000));
    expect(await settle()).toMatchObject([{ result: "win", payout: 18_500n }]);
    // 10,000 − 100 + 185: the catalogue's 85 % for a minute.
    expect(await account(user.auth)).toMatchObject({ available: "10085.00", frozen: "0.00" });
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 50_000n });
    const closed = (await get("/practice/contracts/closed", user.auth)).json().items as Contract[];
    expect(closed.map((c) => [c.id, c.wallet, c.result])).toEqual([[contract.id, "practice", "win"]]);
    expect((await get("/trading/contracts/closed", user.auth)).json().items).toEqual([]);
    // The home page's real figures do not move.
    const me = (await get("/me", user.auth)).json<MeResponse>();
    expect(me.summary).toMatchObject({ available: "500.00", accountPnl: "0.00", todayPnl: "0.00" });

    const receipt = await get(`/trading/contracts/${contract.id}/receipt`, user.auth);
    expect(receipt.statusCode, receipt.body).toBe(200);
    const verification = verifyReceipt(JSON.parse(receipt.body) as ContractReceipt);
    expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
    expect(verification.ok).toBe(true);
  });

  it("never overdraws with practice orders racing one practice balance", async () => {
    nextHour();
    const user = await registerAndLogin(t);
    await account(user.auth);
    const responses = await Promise.all(
      Array.from({ length: 15 }, async () => practice(user.auth, order({ stake: "1000.00" }))),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(10);
    for (const r of responses.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe("INSUFFICIENT_BALANCE");
    }
    expect(await account(user.auth)).toMatchObject({ available: "0.00", frozen: "10000.00" });
  });

  it("resets to 10,000.00 only once no practice contract is open", async () => {
    const start = nextHour();
    const user = await registerAndLogin(t);
    await account(user.auth);
    expect((await practice(user.auth, order({ direction: "down", stake: "250.00" }))).statusCode).toBe(201);

    const refused = await reset(user.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("PRACTICE_CONTRACTS_OPEN");
    expect(await account(user.auth)).toMatchObject({ available: "9750.00", frozen: "250.00" });

    await recordTicks(t.db, [feedTick(BTC, at(start, 500), 9_000_000n)]);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 60_500), 9_100_000n),
      feedTick(BTC, at(start, 61_000), 1n),
    ]);
    t.clock.set(at(start, 61_000));
    // Earlier tests' contracts settle too (void: no tick of theirs came); this user's lost.
    const settled = (await settle()).filter((s) => s.userId === user.userId);
    expect(settled).toMatchObject([{ result: "lose" }]);
    expect(await account(user.auth)).toMatchObject({ available: "9750.00", frozen: "0.00" });

    const done = await reset(user.auth);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ available: "10000.00", frozen: "0.00", startingBalance: "10000.00" });
    expect(await postingsOf(user.userId, "practice_reset")).toHaveLength(1);
    // At the starting units already: nothing to post.
    expect((await reset(user.auth)).statusCode).toBe(200);
    expect(await postingsOf(user.userId, "practice_reset")).toHaveLength(1);
  });

  it("settles practice and real contracts of one batch through their own houses", async () => {
    const start = nextHour();
    const user = await fundedUser("1000.00");
    expect((await place(user.auth, order({ direction: "up", stake: "100.00" }))).statusCode).toBe(201);
    expect((await practice(user.auth, order({ direction: "down", stake: "300.00" }))).statusCode).toBe(201);
    await recordTicks(t.db, [feedTick(BTC, at(start, 500), 9_000_000n)]);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 60_500), 9_100_000n),
      feedTick(BTC, at(start, 61_000), 1n),
    ]);
    t.clock.set(at(start, 61_000));
    expect((await settle()).filter((s) => s.userId === user.userId)).toHaveLength(2);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 100_000n - 10_000n + 18_500n });
    expect(await account(user.auth)).toMatchObject({ available: "9700.00" });
    // The ledger invariants, checked after this test, hold each house's journal apart.
  });
});

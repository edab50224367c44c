import { mkdtemp, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Contract, ContractReceipt } from "@tickfair/contract";
import { type ReceiptTick, tickHash, verifyReceipt } from "@tickfair/verify";
import { describe, expect, it } from "vitest";
import { feedTick, openTestFeed, tickAt } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { at, BTC, contractKit } from "../test/contract-kit";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { verifyCommand } from "../test/verify-command";
import { FEED_GAP_MS, FEED_SILENCE_MS } from "./service";

// No simulated feed: every tick here is recorded by the test, at times the manual clock sets.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order } = contractKit(t);

const receiptOf = (id: string, auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/v1/trading/contracts/${id}/receipt`, headers: auth });

describe("a contract's receipt", () => {
  it("carries every tick from entry to exit and the ledger postings, and verifies offline", async () => {
    const start = nextHour();
    await recordTicks(t.db, [feedTick(BTC, at(start, 0), 9_000_000n)]);
    const user = await fundedUser("1000.00");
    const placed = await place(user.auth, order({ direction: "down", durationSeconds: 30 }));
    expect(placed.statusCode, placed.body).toBe(201);
    const contract = placed.json<Contract>();

    const open = await receiptOf(contract.id, user.auth);
    expect(open.statusCode).toBe(409);
    expect(open.json().error.code).toBe("CONTRACT_OPEN");

    const prices = [9_500_000n, 9_510_000n, 9_490_000n, 9_480_000n];
    await recordTicks(
      t.db,
      prices.map((price, i) => feedTick(BTC, at(start, 1000 + i * 10_000), price)),
    );
    await recordTicks(t.db, [feedTick(BTC, at(start, 32_000), 1n)]);
    t.clock.set(at(start, 32_000));
    expect(await settle()).toHaveLength(1);
    const closed = await receiptOf(contract.id, user.auth);
    expect(closed.statusCode, closed.body).toBe(200);

    const receipt = closed.json<ContractReceipt>();
    expect(receipt.version).toBe(2);
    expect(receipt.contract).toMatchObject({
      // The catalogue's rates, never changed: the product's first payout table.
      payoutTableVersion: 1,
      id: contract.id,
      orderNo: contract.orderNo,
      direction: "down",
      result: "win",
      stake: "100.00",
      // 30 s pays 80 %.
      payout: "180.00",
      profit: "80.00",
    });
    expect(receipt.ticks.map((tick) => tick.price)).toEqual(["95000.00", "95100.00", "94900.00", "94800.00"]);
    expect(receipt.ticks[0]).toMatchObject({ ...receipt.contract.entry });
    expect(receipt.ticks.at(-1)).toMatchObject({ ...receipt.contract.exit });
    // The stake's posting and the settlement's, both the user's and named by the order.
    const postings = await t.db
      .selectFrom("postings")
      .select(["id", "kind", "reference", "user_id"])
      .where("id", "in", receipt.postings.map(BigInt))
      .orderBy("id")
      .execute();
    expect(postings.map((p) => [p.kind, p.reference, p.user_id])).toEqual([
      ["stake", contract.orderNo, user.userId],
      ["payout", contract.orderNo, user.userId],
    ]);
    expect(receipt.postings).toEqual(postings.map((p) => p.id.toString()));

    // These ticks are on no chain (recorded by hand): nothing to check them against but their hashes.
    expect(receipt.fairness).toBeNull();
    const verification = verifyReceipt(JSON.parse(JSON.stringify(receipt)));
    expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
    expect(verification.ok).toBe(true);
    // A price changed on the way is refused at that tick.
    const tampered = structuredClone(receipt);
    (tampered.ticks[2] as { price: string }).price = "94800.00";
    expect(verifyReceipt(tampered).checks.find((c) => !c.ok)).toMatchObject({
      name: "hashes",
      seq: receipt.ticks[2]?.seq,
    });
  });

  it("is its owner's only, and a void contract's receipt still verifies", async () => {
    const start = nextHour();
    const user = await fundedUser("1000.00");
    const placed = (await place(user.auth, order())).json<Contract>();
    // No entry tick, and the feed silent since: void, the stake returned.
    t.clock.set(at(start, FEED_GAP_MS + FEED_SILENCE_MS + 1));
    expect(await settle()).toHaveLength(1);

    const other = await registerAndLogin(t);
    const foreign = await receiptOf(placed.id, other.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("NOT_FOUND");
    expect((await receiptOf("999999999", user.auth)).statusCode).toBe(404);
    expect((await receiptOf("not-an-id", user.auth)).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v1/trading/contracts/${placed.id}/receipt` }))
        .statusCode,
    ).toBe(401);

    const receipt = (await receiptOf(placed.id, user.auth)).json<ContractReceipt>();
    expect(receipt.contract).toMatchObject({ result: "void", payout: "100.00", entry: null, exit: null });
    expect(receipt.ticks).toEqual([]);
    expect(receipt.postings).toHaveLength(2);
    expect(verifyReceipt(receipt)).toMatchObject({ ok: true });
  });

  // Last in the file: from here on the product's ticks are the chain's (ten-second epochs).
  it("of a synthetic product carries its epochs, seeds pending until revealed, then verifies its prices", async () => {
    // On an epoch's first instant, so the feed hands over every tick from there.
    t.clock.set(new Date(Math.ceil(nextHour().getTime() / 10_000) * 10_000).toISOString());
    const feed = await openTestFeed(t.db, t.clock);
    const start = feed.chain.startsAt;
    await tickAt(feed, t.db, t.clock, start);
    const user = await fundedUser("1000.00");
    const placed = (await place(user.auth, order({ durationSeconds: 30 }))).json<Contract>();
    for (let s = 1; s <= 32; s++) await tickAt(feed, t.db, t.clock, start + s * 1000);
    expect(await settle()).toHaveLength(1);

    // 32 s in: epochs 1-3 have ended, epoch 4 (the exit's, from 30 s) has not.
    const early = (await receiptOf(placed.id, user.auth)).json<ContractReceipt>();
    expect(early.contract.entry?.time).toBe(new Date(start + 1000).toISOString());
    expect(early.fairness).toMatchObject([
      { anchor: feed.chain.anchor, epochMs: 10_000, tickMs: 1000, chainLength: 50, successor: false },
    ]);
    expect(early.fairness?.[0]?.epochs.map((e) => [e.index, e.seed === null])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    const pending = verifyReceipt(early);
    expect(pending).toMatchObject({ ok: false, pending: true });
    expect(pending.checks.filter((c) => !c.ok).map((c) => [c.name, c.pending])).toEqual([
      ["seeds", true],
      ["prices", true],
    ]);

    // Once epoch 4 has ended its seed is out, and every price is checked against the path.
    await tickAt(feed, t.db, t.clock, start + 41_000);
    const receipt = (await receiptOf(placed.id, user.auth)).json<ContractReceipt>();
    expect(receipt.fairness?.[0]?.epochs.every((e) => e.seed !== null)).toBe(true);
    const verification = verifyReceipt(receipt);
    expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
    expect(verification.checks.map((c) => c.name)).toEqual(expect.arrayContaining(["seeds", "prices"]));

    // The command agrees: the receipt file, and a whole epoch fetched from this server's public pages.
    const file = join(await mkdtemp(join(tmpdir(), "receipt-")), "receipt.json");
    await writeFile(file, JSON.stringify(receipt));
    expect(await verifyCommand("receipt", file)).toMatchObject({ code: 0, out: { ok: true } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const epoch = await verifyCommand("epoch", "--symbol", BTC, "--index", "2", "--url", url);
    expect(epoch).toMatchObject({
      code: 0,
      out: { ok: true, symbol: BTC, index: 2, ticks: 10, recorded: 10 },
    });

    // A price rewritten with every later hash redone still gives itself away, at that tick (and the
    // exit's hash no longer matches the contract's).
    const forged = structuredClone(receipt);
    let prevHash = (forged.ticks[0] as ReceiptTick).prevHash;
    forged.ticks = forged.ticks.map((tick, i) => {
      const price =
        i === 12 ? `${tick.price.slice(0, -1)}${tick.price.endsWith("0") ? "1" : "0"}` : tick.price;
      const hash = tickHash({ ...tick, price, prevHash, symbol: receipt.contract.symbol });
      const next = { ...tick, price, prevHash, hash };
      prevHash = hash;
      return next;
    });
    expect(verifyReceipt(forged).checks.find((c) => c.name === "prices")).toMatchObject({
      ok: false,
      seq: receipt.ticks[12]?.seq,
    });
  });
});

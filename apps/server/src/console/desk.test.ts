import { type DeskPage, deskPage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  askDeposit,
  BANK_CARD,
  bankMethod,
  operatorAuth,
  postWithKey,
  toppedUpUser,
} from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { PAY_PASSWORD } from "../test/permission-matrix-fixtures";
import { placeContract } from "../test/trading-fixtures";

const t = useTestApp({ FEED_ENABLED: false });

async function desk(headers: Record<string, string>, query = ""): Promise<DeskPage> {
  const answer = await t.app.inject({ url: `/api/v1/operator/desk${query}`, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return deskPage.parse(answer.json());
}

const names = (page: DeskPage) => page.items.map((item) => `${item.kind}:${item.orderNo}`);

describe("GET /operator/desk", () => {
  it("lists orders, deposits and withdrawals newest first, by page, filtered, each kind to its readers", async () => {
    const method = await bankMethod(t);
    const ann = await toppedUpUser(t, "1000.00");
    const bob = await toppedUpUser(t, "1000.00");
    const bound = await postWithKey(t.app, "/api/v1/cashier/withdrawal-account", bob.auth, BANK_CARD);
    expect(bound.statusCode, bound.body).toBeLessThan(300);

    // One a minute, alternating kinds and users: the list's order is the order they arrived in.
    const arrived: string[] = [];
    const at = (minute: number) => t.clock.set(`2026-01-05T10:${String(minute).padStart(2, "0")}:00Z`);
    at(1);
    const deposit = await askDeposit(t.app, ann.auth, {
      methodId: method.id,
      amount: "50.00",
      reference: "r1",
    });
    arrived.push(`deposit:${deposit.orderNo}`);
    at(2);
    const order1 = await placeContract(t.app, ann.auth, {
      symbol: "BTC/USDT",
      direction: "up",
      stake: "10.00",
      durationSeconds: 60,
    });
    arrived.push(`contract:${order1.json<{ orderNo: string }>().orderNo}`);
    at(3);
    const withdrawal = await postWithKey(t.app, "/api/v1/cashier/withdrawals", bob.auth, {
      amount: "20.00",
      payPassword: PAY_PASSWORD,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    arrived.push(`withdrawal:${withdrawal.json<{ orderNo: string }>().orderNo}`);
    at(4);
    const order2 = await placeContract(t.app, bob.auth, {
      symbol: "ETH/USDT",
      direction: "down",
      stake: "12.00",
      durationSeconds: 30,
    });
    arrived.push(`contract:${order2.json<{ orderNo: string }>().orderNo}`);
    at(5);
    const order3 = await placeContract(t.app, ann.auth, {
      symbol: "BTC/USDT",
      direction: "down",
      stake: "11.00",
      durationSeconds: 60,
    });
    arrived.push(`contract:${order3.json<{ orderNo: string }>().orderNo}`);
    const newestFirst = [...arrived].reverse();

    const finance = await operatorAuth(t, "finance");
    const first = await desk(finance.headers);
    expect(first.kinds).toEqual(["contract", "deposit", "withdrawal"]);
    expect(names(first)).toEqual(newestFirst);
    expect(first.nextCursor).toBeNull();
    expect(first.items[0]).toMatchObject({
      kind: "contract",
      account: ann.registration.account,
      userId: ann.userId.toString(),
      symbol: "BTC/USDT",
      direction: "down",
      stake: "11.00",
      durationSeconds: 60,
      status: "pending",
      at: "2026-01-05T10:05:00.000Z",
    });
    expect(first.items.at(-1)).toMatchObject({ kind: "deposit", amount: "50.00", status: "under_review" });

    // Two at a time: the pages join up to the whole list, nothing twice, nothing skipped.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: DeskPage = await desk(finance.headers, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(newestFirst);

    // Filters: a kind, a product (contracts only), a user's account (any case).
    expect(names(await desk(finance.headers, "?kind=deposit"))).toEqual([`deposit:${deposit.orderNo}`]);
    expect(names(await desk(finance.headers, "?symbol=ETH/USDT"))).toEqual([newestFirst[1]]);
    expect(names(await desk(finance.headers, `?account=${bob.registration.account.toUpperCase()}`))).toEqual([
      newestFirst[1],
      newestFirst[2],
    ]);
    expect((await desk(finance.headers, "?account=nobody_here")).items).toEqual([]);

    // Support does not review money: it sees the orders only, whatever it asks for.
    const support = await operatorAuth(t, "support");
    const supportDesk = await desk(support.headers);
    expect(supportDesk.kinds).toEqual(["contract"]);
    expect(names(supportDesk)).toEqual(newestFirst.filter((name) => name.startsWith("contract:")));
    expect((await desk(support.headers, "?kind=withdrawal")).items).toEqual([]);
  });

  it("refuses a malformed filter or cursor with a code", async () => {
    const admin = await operatorAuth(t, "admin");
    for (const query of ["?kind=bet", "?cursor=x1", "?cursor=c1.c", "?limit=0", "?limit=101", "?account="]) {
      const answer = await t.app.inject({ url: `/api/v1/operator/desk${query}`, headers: admin.headers });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json<{ error: { code: string } }>().error.code, query).toBe("VALIDATION_FAILED");
    }
  });
});

import { type DeskPage, deskPage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  askDeposit,
  bankMethod,
  bindBankCard,
  operatorAuth,
  postWithdrawal,
  toppedUpUser,
} from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { PAY_PASSWORD } from "../test/permission-matrix-fixtures";
import { placeContract } from "../test/trading-fixtures";
import { mergeNewestFirst } from "./desk";

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
    await bindBankCard(t.app, bob.auth);

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
    const withdrawal = await postWithdrawal(t.app, bob.auth, {
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

describe("mergeNewestFirst", () => {
  const item = (kind: "contract" | "deposit", id: number, second: number) =>
    deskPage.shape.items.element.parse({
      kind,
      id: String(id),
      orderNo: `${kind}${id}`,
      at: `2026-01-05T10:00:${String(second).padStart(2, "0")}.000Z`,
      userId: "1",
      account: "ann001",
      ...(kind === "contract"
        ? { symbol: "BTC/USDT", direction: "up", stake: "10.00", durationSeconds: 60, status: "open" }
        : { amount: "5.00", status: "under_review" }),
    });

  it("takes a prefix of each list, even where a later id carries an earlier time", () => {
    // Contract 5 was written after contract 4 but stamped a second earlier.
    const contracts = [item("contract", 5, 10), item("contract", 4, 11), item("contract", 3, 1)];
    const deposits = [item("deposit", 2, 12), item("deposit", 1, 5)];
    const merged = mergeNewestFirst([contracts, deposits]).map((entry) => entry.orderNo);
    expect(merged).toEqual(["deposit2", "contract5", "contract4", "deposit1", "contract3"]);
    // Cut anywhere, each kind's part is the start of its list: the cursor's last id skips nothing.
    for (let cut = 1; cut <= merged.length; cut++) {
      const page = merged.slice(0, cut);
      const taken = page.filter((name) => name.startsWith("contract"));
      expect(taken).toEqual(contracts.slice(0, taken.length).map((entry) => entry.orderNo));
    }
  });
});

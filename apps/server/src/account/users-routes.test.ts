import type {
  ContractPage,
  DepositPage,
  OperatorUserDetail,
  OperatorUserPage,
  OperatorVerificationPage,
  StatementPage,
  WithdrawalPage,
} from "@tickfair/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { userBalances } from "../ledger";
import { BANK_CARD, bankMethod, demoTopUp, operatorAuth, postWithKey } from "../test/cashier-fixtures";
import { ensureInviteCode, registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { openContract } from "../test/trading-fixtures";
import { submitVerificationThroughApi } from "../test/verification-fixtures";

const t = useTestApp();
const API = "/api/v1/operator/users";
let support: Record<string, string>;
let finance: Record<string, string>;

const get = <T>(url: string, headers: Record<string, string> = finance) =>
  t.app.inject({ method: "GET", url, headers }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });
const search = (query: string, extra = "") =>
  get<OperatorUserPage>(`${API}?query=${encodeURIComponent(query)}${extra}`, support);

/** Users opened with their own code, so a search by code finds exactly them. */
const OPENING = "OPEN2026";
let alice: Awaited<ReturnType<typeof registerAndLogin>>;
let bob: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  support = (await operatorAuth(t, "support")).headers;
  finance = (await operatorAuth(t, "finance")).headers;
  await ensureInviteCode(t, OPENING);
  alice = await registerAndLogin(t, { account: "Alice_01", phone: "13912345678", inviteCode: OPENING });
  await registerAndLogin(t, { account: "alina_02", phone: "13812340000", inviteCode: OPENING });
  bob = await registerAndLogin(t, { account: "bob_0003", phone: "15011115678" });
});

describe("searching users", () => {
  it("finds by account prefix in any case, in account order", async () => {
    const page = await search("AL");
    expect(page.items.map((u) => [u.account, u.matchedBy])).toEqual([
      ["Alice_01", "account"],
      ["alina_02", "account"],
    ]);
    expect(page.nextCursor).toBeNull();
    expect((await search("alice_01")).items.map((u) => u.id)).toEqual([String(alice.userId)]);
  });

  it("finds by the phone number's last digits, the national number or the full number", async () => {
    expect((await search("5678")).items.map((u) => u.account).sort()).toEqual(["Alice_01", "bob_0003"]);
    expect((await search("139 1234 5678")).items.map((u) => [u.account, u.matchedBy])).toEqual([
      ["Alice_01", "phone"],
    ]);
    const full = await search("+86 139-1234-5678");
    expect(full.items).toMatchObject([{ account: "Alice_01", phone: "+8613912345678", phoneCountry: "CN" }]);
  });

  it("finds a user by their own code, and the users who opened their account with a code", async () => {
    const own = (await search(alice.session.user.inviteCode.toLowerCase())).items;
    expect(own.map((u) => [u.account, u.matchedBy])).toEqual([["Alice_01", "inviteCode"]]);
    const opened = (await search(OPENING.toLowerCase())).items;
    expect(opened.map((u) => [u.account, u.matchedBy, u.invitedBy])).toEqual([
      ["Alice_01", "invitedBy", OPENING],
      ["alina_02", "invitedBy", OPENING],
    ]);
  });

  it("walks every way a query matches, page by page, without losing or repeating a hit", async () => {
    expect((await search("zz_nobody")).items).toEqual([]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page: OperatorUserPage = await search("a", `&limit=1${query}`);
      seen.push(...page.items.map((u) => `${u.matchedBy}:${u.account}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["account:Alice_01", "account:alina_02"]);

    const byCode: string[] = [];
    cursor = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page: OperatorUserPage = await search(OPENING, `&limit=1${query}`);
      byCode.push(...page.items.map((u) => u.account));
      cursor = page.nextCursor;
    } while (cursor);
    expect(byCode).toEqual(["Alice_01", "alina_02"]);

    // "5678" begins an account and ends two phone numbers: the account first, then the phones.
    await registerAndLogin(t, { account: "5678_zz", phone: "13700000001" });
    const both: string[] = [];
    cursor = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page: OperatorUserPage = await search("5678", `&limit=1${query}`);
      both.push(...page.items.map((u) => `${u.matchedBy}:${u.account}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(both).toEqual(["account:5678_zz", "phone:bob_0003", "phone:Alice_01"]);
  });

  it("lists every user newest first without a query, and finds nothing for text no way can match", async () => {
    const first = await get<OperatorUserPage>(`${API}?limit=3`, support);
    expect(first.items.map((u) => u.account)).toEqual(["5678_zz", "bob_0003", "alina_02"]);
    expect(first.items[0]?.matchedBy).toBeNull();
    const second = await get<OperatorUserPage>(`${API}?limit=3&cursor=${first.nextCursor}`, support);
    expect(second.items.map((u) => u.account)).toEqual(["Alice_01"]);
    expect(second.nextCursor).toBeNull();
    for (const text of ["张三", "a%", "_%'--", "*"]) expect((await search(text)).items).toEqual([]);
    // A cursor this search did not write starts from the top.
    expect((await search("AL", "&cursor=bm90LWEtY3Vyc29y")).items).toHaveLength(2);
  });

  it("refuses a query too long and an anonymous or user caller", async () => {
    const long = await t.app.inject({
      method: "GET",
      url: `${API}?query=${"a".repeat(65)}`,
      headers: support,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe("VALIDATION_FAILED");
    expect((await t.app.inject({ method: "GET", url: API })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: API, headers: bob.auth })).statusCode).toBe(401);
  });
});

describe("what the console can do to a user", () => {
  it("is ending a session, locking and unlocking sign-in and unbinding the withdrawal account: no balance", () => {
    const { paths } = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(paths)
      .filter(([path]) => path.startsWith(API))
      .flatMap(([path, item]) =>
        ["post", "put", "patch", "delete"].filter((m) => m in item).map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    expect(writes).toEqual([
      `DELETE ${API}/{id}/withdrawal-account`,
      `POST ${API}/{id}/lock`,
      `POST ${API}/{id}/sessions/{sessionId}/revoke`,
      `POST ${API}/{id}/unlock`,
    ]);
  });
});

describe("a user's page", () => {
  it("shows identity, sign-in state and the bound account to support, and the money only to finance", async () => {
    await demoTopUp(t.app, bob.auth, "500.00");
    const bound = await postWithKey(t.app, "/api/v1/cashier/withdrawal-account", bob.auth, BANK_CARD);
    expect(bound.statusCode, bound.body).toBe(201);
    const url = `${API}/${bob.userId}`;

    const seenBySupport = await get<OperatorUserDetail>(url, support);
    expect(seenBySupport).toMatchObject({
      user: { id: String(bob.userId), account: "bob_0003", phone: "+8615011115678", verified: false },
      signIn: { lock: null, throttledUntil: null, liveSessions: 1 },
      payPasswordLockedUntil: null,
      money: null,
      withdrawalAccount: { type: "bank", cardNumber: "********7890" },
    });
    const seenByFinance = await get<OperatorUserDetail>(url);
    expect(seenByFinance.money).toEqual({
      summary: expect.objectContaining({ available: "500.00", frozen: "0.00", totalAssets: "500.00" }),
      balances: {
        cash: "500.00",
        frozenTrade: "0.00",
        frozenWithdrawal: "0.00",
        savingsPending: "0.00",
        savingsConfirmed: "0.00",
      },
    });
  });

  it("shows where the user's verification stands, as every console panel reads it", async () => {
    const user = await registerAndLogin(t);
    const stateOf = async () =>
      (await get<OperatorUserDetail>(`${API}/${user.userId}`, support)).verification;
    expect(await stateOf()).toBe("not_submitted");
    expect((await submitVerificationThroughApi(t.app, user.auth)).statusCode).toBe(201);
    // Under review is not "not verified": the reviewer's queue holds it.
    expect(await stateOf()).toBe("under_review");
    const queue = await get<OperatorVerificationPage>("/api/v1/operator/verifications?limit=100", support);
    const id = queue.items.find((item) => item.user.id === String(user.userId))?.id;
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/v1/operator/verifications/${id}/approve`,
      headers: support,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stateOf()).toBe("verified");
  });

  it("answers 404 for a user that does not exist, on the page and on every list", async () => {
    for (const path of ["", "/statement", "/contracts", "/deposits", "/withdrawals", "/sessions"]) {
      const response = await t.app.inject({ method: "GET", url: `${API}/999999${path}`, headers: finance });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
  });
});

describe("a user's lists", () => {
  it("reads the ledger statement newest first across the user's accounts, page by page", async () => {
    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "100.00");
    await postWithKey(t.app, "/api/v1/cashier/withdrawal-account", user.auth, BANK_CARD);
    const withdrawal = await postWithKey(t.app, "/api/v1/cashier/withdrawals", user.auth, {
      amount: "30.00",
      payPassword: "246810",
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    const url = `${API}/${user.userId}/statement`;
    const all = await get<StatementPage>(`${url}?limit=10`);
    expect(all.items.map((e) => [e.kind, e.account, e.amount, e.balanceAfter])).toEqual([
      ["withdrawal", "frozen_withdrawal", "30.00", "30.00"],
      ["withdrawal", "cash", "-30.00", "70.00"],
      ["demo_grant", "cash", "100.00", "100.00"],
    ]);
    expect(all.nextCursor).toBeNull();
    const first = await get<StatementPage>(`${url}?limit=2`);
    const rest = await get<StatementPage>(`${url}?limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...rest.items]).toEqual(all.items);
    // The statement reads; it never moves money.
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 7_000n, frozen_withdrawal: 3_000n });
  });

  it("lists the user's deposits, withdrawals and contracts, newest first", async () => {
    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "200.00");
    const method = await bankMethod(t);
    for (const reference of ["first", "second"]) {
      const deposit = await postWithKey(t.app, "/api/v1/cashier/deposits", user.auth, {
        methodId: method.id,
        amount: "20.00",
        reference,
      });
      expect(deposit.statusCode, deposit.body).toBe(201);
    }
    const deposits = await get<DepositPage>(`${API}/${user.userId}/deposits?limit=1`);
    expect(deposits.items.map((d) => d.reference)).toEqual(["second"]);
    const older = await get<DepositPage>(`${API}/${user.userId}/deposits?cursor=${deposits.nextCursor}`);
    expect(older.items.map((d) => d.reference)).toEqual(["first"]);

    expect((await get<WithdrawalPage>(`${API}/${user.userId}/withdrawals`)).items).toEqual([]);

    const contractId = await openContract(t, async (order) => {
      const placed = await postWithKey(t.app, "/api/v1/trading/contracts", user.auth, order);
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<{ id: string }>().id;
    });
    const contracts = await get<ContractPage>(`${API}/${user.userId}/contracts`);
    expect(contracts.items.map((c) => [c.id, c.status])).toEqual([[contractId, "open"]]);
    expect((await get<ContractPage>(`${API}/${user.userId}/contracts?state=open`)).items).toHaveLength(1);
    expect((await get<ContractPage>(`${API}/${user.userId}/contracts?state=closed`)).items).toEqual([]);
  });

  it("keeps users' money from support, and bad pages out", async () => {
    for (const path of ["/statement", "/contracts", "/deposits", "/withdrawals"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `${API}/${alice.userId}${path}`,
        headers: support,
      });
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");
    }
    for (const query of ["limit=0", "limit=101", "state=pending", `cursor=${"1".repeat(41)}`]) {
      const response = await t.app.inject({
        method: "GET",
        url: `${API}/${alice.userId}/contracts?${query}`,
        headers: finance,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION_FAILED");
    }
    const badId = await t.app.inject({ method: "GET", url: `${API}/0`, headers: finance });
    expect(badId.statusCode).toBe(400);
  });
});

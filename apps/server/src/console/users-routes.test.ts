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
import {
  bankMethod,
  bindBankCard,
  demoTopUp,
  operatorAuth,
  postWithdrawal,
  postWithKey,
} from "../test/cashier-fixtures";
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
  get<OperatorUserPage>(`${API}?q=${encodeURIComponent(query)}${extra}`, support);
const accounts = (page: OperatorUserPage) => page.items.map((u) => u.account);

/** Users opened with their own code, so a search by code finds exactly them. */
const OPENING = "OPEN2026";
let alice: Awaited<ReturnType<typeof registerAndLogin>>;
let bob: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  await ensureInviteCode(t, OPENING);
  // Registered on three platform days (Asia/Shanghai): 5, 6 and 7 January 2026, just before midnight there.
  t.clock.set("2026-01-05T15:59:00Z");
  alice = await registerAndLogin(t, { account: "Alice_01", phone: "13912345678", inviteCode: OPENING });
  t.clock.set("2026-01-06T15:59:00Z");
  await registerAndLogin(t, { account: "alina_02", phone: "13812340000", inviteCode: OPENING });
  t.clock.set("2026-01-07T15:59:00Z");
  bob = await registerAndLogin(t, { account: "bob_0003", phone: "15011115678" });
  expect((await submitVerificationThroughApi(t.app, bob.auth, { name: "王小波" })).statusCode).toBe(201);
  support = (await operatorAuth(t, "support")).headers;
  finance = (await operatorAuth(t, "finance")).headers;
});

describe("the users list", () => {
  it("finds by account prefix in any case, newest first, and counts the matches", async () => {
    const page = await search("AL");
    expect(page.items.map((u) => [u.account, u.matchedBy])).toEqual([
      ["alina_02", "account"],
      ["Alice_01", "account"],
    ]);
    expect(page).toMatchObject({ nextCursor: null, total: 2, totalCapped: false, timeZone: "Asia/Shanghai" });
    expect((await search("alice_01")).items.map((u) => u.id)).toEqual([String(alice.userId)]);
  });

  it("finds by digits anywhere in the phone number, the country code included", async () => {
    expect(accounts(await search("5678"))).toEqual(["bob_0003", "Alice_01"]);
    expect(accounts(await search("1234"))).toEqual(["alina_02", "Alice_01"]);
    expect((await search("139 1234 5678")).items.map((u) => [u.account, u.matchedBy])).toEqual([
      ["Alice_01", "phone"],
    ]);
    const full = await search("+86 139-1234-5678");
    expect(full.items).toMatchObject([{ account: "Alice_01", phone: "+8613912345678", phoneCountry: "CN" }]);
    // Fewer than three digits would match nearly everyone: no phone search.
    expect((await search("56")).total).toBe(0);
  });

  it("finds by part of the name a user gave for verification", async () => {
    for (const text of ["王小波", "小波", "王小"]) {
      const page = await search(text);
      expect(
        page.items.map((u) => [u.account, u.matchedBy]),
        text,
      ).toEqual([["bob_0003", "name"]]);
    }
  });

  it("finds a user by their own code, and the users who opened their account with a code", async () => {
    const own = (await search(alice.session.user.inviteCode.toLowerCase())).items;
    expect(own.map((u) => [u.account, u.matchedBy])).toEqual([["Alice_01", "inviteCode"]]);
    const opened = await search(OPENING.toLowerCase());
    expect(opened.items.map((u) => [u.account, u.matchedBy, u.invitedBy])).toEqual([
      ["alina_02", "invitedBy", OPENING],
      ["Alice_01", "invitedBy", OPENING],
    ]);
  });

  it("narrows to the platform days the users registered, both days included", async () => {
    const days = (from: string, to: string, q = "") =>
      search(q, `&from=${from}&to=${to}`).then((page) => [accounts(page), page.total]);
    // 15:59 UTC is 23:59 in Shanghai: still the day it is there, whatever the day in UTC.
    expect(await days("2026-01-06", "2026-01-06")).toEqual([["alina_02"], 1]);
    expect(await days("2026-01-05", "2026-01-06")).toEqual([["alina_02", "Alice_01"], 2]);
    expect(await days("2026-01-06", "2026-01-07", "al")).toEqual([["alina_02"], 1]);
    expect(await days("2026-01-08", "2026-01-31")).toEqual([[], 0]);
  });

  it("pages newest first without losing or repeating a user, the total on every page", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const more: string = cursor ? `&cursor=${cursor}` : "";
      const page: OperatorUserPage = await search("", `&limit=1${more}`);
      expect(page.total).toBe(3);
      seen.push(...accounts(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["bob_0003", "alina_02", "Alice_01"]);
  });

  it("finds nothing for text no way can match, wildcards taken literally", async () => {
    for (const text of ["张三", "a%", "_%'--", "*", "%%%", "zz_nobody"]) {
      const page = await search(text);
      expect([page.items, page.total], text).toEqual([[], 0]);
    }
  });

  it("refuses bad filters with a code, and an anonymous or user caller", async () => {
    const refused = async (query: string, field: string, code: string) => {
      const response = await t.app.inject({ method: "GET", url: `${API}?${query}`, headers: support });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields?.[field] ?? response.json().error.code, query).toBe(code);
    };
    await refused(`q=${"a".repeat(65)}`, "q", "VALIDATION_FAILED");
    await refused("from=2026-02-30", "from", "RANGE_INVALID");
    await refused("from=yesterday", "from", "RANGE_INVALID");
    await refused("from=2026-01-07&to=2026-01-05", "to", "RANGE_INVALID");
    await refused("limit=100000", "limit", "VALIDATION_FAILED");
    await refused("limit=0", "limit", "VALIDATION_FAILED");
    expect((await t.app.inject({ method: "GET", url: API })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: API, headers: bob.auth })).statusCode).toBe(401);
  });
});

describe("the users list as a file", () => {
  const csv = (query: string, headers = support) =>
    t.app.inject({ method: "GET", url: `${API}.csv?${query}`, headers });

  it("holds the filtered users newest first, its header in the operator's language, times with the zone", async () => {
    const response = await csv("q=AL", { ...support, "accept-language": "zh-CN" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain("tickfair-users.csv");
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"注册时间","用户ID","账号","昵称","手机号","国家/地区","已实名","邀请码","注册邀请码","状态"',
    );
    expect(lines.slice(1).map((line) => line.split(",")[2])).toEqual(['"alina_02"', '"Alice_01"']);
    // 23:59 in Shanghai, with its offset; a phone number's "+" is guarded, as a formula's would be.
    expect(lines[2]).toContain('"2026-01-05 23:59:00 +08:00"');
    expect(lines[2]).toContain(`"'+8613912345678"`);
    expect(lines[2]).toContain('"否"');
    const english = await csv("from=2026-01-07&to=2026-01-07", { ...support, "accept-language": "en" });
    expect(english.body).toContain('"Registered","User ID","Account"');
    expect(english.body.trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("is audited, refused with the list's permission and with the list's bad-input codes", async () => {
    expect((await csv("q=bob")).statusCode).toBe(200);
    const exports = await t.db
      .selectFrom("audit_log")
      .select(["target_type", "detail"])
      .where("action", "=", "users.export")
      .orderBy("id", "desc")
      .execute();
    expect(exports[0]).toMatchObject({ target_type: "user", detail: { filters: { q: "bob" } } });
    expect((await csv("from=2026-01-07&to=2026-01-05")).statusCode).toBe(400);
    expect((await csv("")).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `${API}.csv` })).statusCode).toBe(401);
    expect((await csv("", bob.auth)).statusCode).toBe(401);
  });
});

describe("what the console can do to a user", () => {
  it("is ending a session, locking and unlocking sign-in, resetting two-step sign-in and unbinding the withdrawal account: no balance", () => {
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
      `POST ${API}/{id}/totp/reset`,
      `POST ${API}/{id}/unlock`,
    ]);
  });
});

describe("a user's page", () => {
  it("shows identity, sign-in state and the bound account to support, and the money only to finance", async () => {
    await demoTopUp(t.app, bob.auth, "500.00");
    await bindBankCard(t.app, bob.auth);
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
    await bindBankCard(t.app, user.auth);
    const withdrawal = await postWithdrawal(t.app, user.auth, {
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

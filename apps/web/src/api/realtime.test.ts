import type { InfiniteData } from "@tanstack/react-query";
import type {
  Contract,
  ContractList,
  ContractPage,
  MeResponse,
  SavingsSummary,
  VerificationStatus,
} from "@tickfair/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { contract } from "../test/contract-fixture";
import { putPlacedContract } from "./account-cache";
import { queryClient, queryKeys } from "./query-client";
import { applyServerMessage, BROADCAST_SPREAD_MS, refetchUserState } from "./realtime";
import { savingsKeys } from "./savings";
import { inboxKeys } from "./unread-count";
import { verificationKey } from "./verification";

const summary = {
  totalAssets: "10.00",
  available: "10.00",
  frozen: "0.00",
  savings: "0.00",
  accountPnl: "0.00",
  todayPnl: "0.00",
};

const closedPages = (...pages: Contract[][]): InfiniteData<ContractPage> => ({
  pages: pages.map((items, n) => ({ items, nextCursor: n < pages.length - 1 ? String(n) : null })),
  pageParams: pages.map((_, n) => (n === 0 ? undefined : String(n - 1))),
});

describe("realtime", () => {
  afterEach(() => queryClient.clear());

  it("puts an account update into the cached personal center figures", () => {
    const me = { user: { id: "1" }, summary } as unknown as MeResponse;
    queryClient.setQueryData(queryKeys.me, me);
    applyServerMessage({
      type: "account.updated",
      summary: { ...summary, available: "25.50", totalAssets: "25.50" },
    });
    const after = queryClient.getQueryData<MeResponse>(queryKeys.me);
    expect(after?.summary.available).toBe("25.50");
    expect(after?.summary.totalAssets).toBe("25.50");
    expect(after?.user).toBe(me.user);
  });

  it("marks what was read before the socket was ready stale, the personal center's figures first", () => {
    queryClient.setQueryData(queryKeys.me, { user: { id: "1" }, summary } as unknown as MeResponse);
    queryClient.setQueryData<ContractList>(queryKeys.openContracts, { items: [contract("9")] });
    refetchUserState();
    expect(queryClient.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.openContracts)?.isInvalidated).toBe(true);
  });

  it("leaves an empty cache empty", () => {
    applyServerMessage({ type: "account.updated", summary });
    applyServerMessage({ type: "contract.opened", contract: contract("9", "open") });
    applyServerMessage({ type: "contract.settled", contract: contract("9", "settled"), summary });
    expect(queryClient.getQueryData(queryKeys.me)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.openContracts)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.closedContracts)).toBeUndefined();
  });

  it("refetches on an account update only what it does not carry: the cashier's lists", () => {
    queryClient.setQueryData(queryKeys.me, { user: { id: "1" }, summary } as unknown as MeResponse);
    queryClient.setQueryData<ContractList>(queryKeys.openContracts, { items: [contract("9")] });
    queryClient.setQueryData(queryKeys.closedContracts, closedPages([]));
    queryClient.setQueryData(queryKeys.fundRecords("all"), { items: [] });
    applyServerMessage({ type: "account.updated", summary: { ...summary, available: "5.00" } });
    expect(queryClient.getQueryState(queryKeys.me)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(queryKeys.openContracts)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(queryKeys.closedContracts)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(queryKeys.fundRecords("all"))?.isInvalidated).toBe(true);
  });

  it("puts a placed order into the positions without refetching them, and keeps news the socket brought first", () => {
    queryClient.setQueryData<ContractList>(queryKeys.openContracts, { items: [contract("9", "open")] });
    putPlacedContract(contract("10"));
    expect(queryClient.getQueryData<ContractList>(queryKeys.openContracts)?.items.map((c) => c.id)).toEqual([
      "10",
      "9",
    ]);
    expect(queryClient.getQueryState(queryKeys.openContracts)?.isInvalidated).toBe(false);

    // Its entry came over the socket before the order's answer: the countdown stays.
    applyServerMessage({ type: "contract.opened", contract: contract("11", "open") });
    putPlacedContract(contract("11"));
    expect(
      queryClient.getQueryData<ContractList>(queryKeys.openContracts)?.items.map((c) => [c.id, c.status]),
    ).toEqual([
      ["11", "open"],
      ["10", "pending"],
      ["9", "open"],
    ]);
  });

  it("starts the countdown of an opened contract in place, newest first", () => {
    queryClient.setQueryData<ContractList>(queryKeys.openContracts, {
      items: [contract("10"), contract("9")],
    });
    applyServerMessage({ type: "contract.opened", contract: contract("9", "open") });
    const after = queryClient.getQueryData<ContractList>(queryKeys.openContracts);
    expect(after?.items.map((c) => [c.id, c.status, c.expiresAt])).toEqual([
      ["10", "pending", null],
      ["9", "open", "2026-01-05T08:00:31.000Z"],
    ]);
    expect(queryClient.getQueryState(queryKeys.openContracts)?.isInvalidated).toBe(false);

    // One placed elsewhere (another device) joins the list in its place.
    applyServerMessage({ type: "contract.opened", contract: contract("11", "open") });
    expect(queryClient.getQueryData<ContractList>(queryKeys.openContracts)?.items.map((c) => c.id)).toEqual([
      "11",
      "10",
      "9",
    ]);
  });

  it("moves a settled contract from the positions to the top of the closed records, with the new figures", () => {
    const me = { user: { id: "1" }, summary } as unknown as MeResponse;
    queryClient.setQueryData(queryKeys.me, me);
    queryClient.setQueryData<ContractList>(queryKeys.openContracts, {
      items: [contract("10", "open"), contract("9", "open")],
    });
    queryClient.setQueryData(
      queryKeys.closedContracts,
      closedPages([contract("5", "settled")], [contract("3", "settled")]),
    );

    const settled = contract("9", "settled");
    const figures = { ...summary, available: "18.00", accountPnl: "8.00", todayPnl: "8.00" };
    applyServerMessage({ type: "contract.settled", contract: settled, summary: figures });

    expect(queryClient.getQueryData<ContractList>(queryKeys.openContracts)?.items.map((c) => c.id)).toEqual([
      "10",
    ]);
    const closed = queryClient.getQueryData<InfiniteData<ContractPage>>(queryKeys.closedContracts);
    expect(closed?.pages.map((page) => page.items.map((c) => c.id))).toEqual([["9", "5"], ["3"]]);
    expect(closed?.pages[0]?.items[0]).toEqual(settled);
    expect(closed?.pageParams).toEqual([undefined, "0"]);
    expect(queryClient.getQueryData<MeResponse>(queryKeys.me)?.summary).toEqual(figures);
    // What the message carried is not fetched again.
    for (const key of [queryKeys.me, queryKeys.openContracts, queryKeys.closedContracts])
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);

    // The same message again (a reconnect) changes nothing.
    applyServerMessage({ type: "contract.settled", contract: settled, summary: figures });
    expect(
      queryClient
        .getQueryData<InfiniteData<ContractPage>>(queryKeys.closedContracts)
        ?.pages.map((page) => page.items.map((c) => c.id)),
    ).toEqual([["9", "5"], ["3"]]);
  });

  it("puts a Yu'ebao update into the cached summary and refetches only the history and the records", () => {
    const before = { total: "0.00" } as SavingsSummary;
    const after = { total: "1000.00", pending: "1000.00" } as SavingsSummary;
    queryClient.setQueryData(savingsKeys.summary, before);
    queryClient.setQueryData(savingsKeys.history, { items: [] });
    queryClient.setQueryData(savingsKeys.recordsOf(""), { pages: [], pageParams: [] });
    queryClient.setQueryData(savingsKeys.rules, { today: "2026-11-24" });
    applyServerMessage({ type: "savings.updated", summary: after });
    expect(queryClient.getQueryData(savingsKeys.summary)).toEqual(after);
    expect(queryClient.getQueryState(savingsKeys.summary)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(savingsKeys.history)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(savingsKeys.recordsOf(""))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(savingsKeys.rules)?.isInvalidated).toBe(false);
  });

  it("puts a reviewer's decision into the cached verification and refetches the verified badge", () => {
    const rejected: VerificationStatus = {
      state: "rejected",
      name: "张三",
      idNumberMasked: "1101**********002X",
      nationality: "CN",
      submittedAt: "2026-11-24T01:00:00.000Z",
      reviewedAt: "2026-11-24T02:00:00.000Z",
      rejection: { reason: "photo_blurred", text: "The back photo is blurred." },
      photos: null,
    };
    queryClient.setQueryData(verificationKey, { ...rejected, state: "under_review", rejection: null });
    queryClient.setQueryData(queryKeys.me, { user: { id: "1", verified: false }, summary });
    applyServerMessage({ type: "verification.updated", status: rejected });
    expect(queryClient.getQueryData(verificationKey)).toEqual(rejected);
    expect(queryClient.getQueryState(verificationKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(queryKeys.me)?.isInvalidated).toBe(true);
  });

  it("refetches the badge and the messages at once for a personal notice, within 3 s for a broadcast", () => {
    vi.useFakeTimers();
    try {
      const seed = () => {
        queryClient.setQueryData(inboxKeys.unread, { unread: 1 });
        queryClient.setQueryData(inboxKeys.pages, { pages: [], pageParams: [] });
      };
      const invalidated = () =>
        [inboxKeys.unread, inboxKeys.pages].map((key) => queryClient.getQueryState(key)?.isInvalidated);
      seed();
      applyServerMessage({ type: "inbox.changed", scope: "personal" });
      expect(invalidated()).toEqual([true, true]);

      queryClient.clear();
      seed();
      applyServerMessage({ type: "inbox.changed", scope: "broadcast" });
      expect(invalidated()).toEqual([false, false]);
      vi.advanceTimersByTime(BROADCAST_SPREAD_MS);
      expect(invalidated()).toEqual([true, true]);
    } finally {
      vi.useRealTimers();
    }
  });
});

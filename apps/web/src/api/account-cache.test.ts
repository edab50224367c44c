import type { InfiniteData } from "@tanstack/react-query";
import type { Contract, ContractList, ContractPage } from "@tickfair/contract";
import { afterEach, describe, expect, it } from "vitest";
import { contract } from "../test/contract-fixture";
import { putClosedContract, putOpenedContract, putPlacedContract } from "./account-cache";
import { queryClient, queryKeys } from "./query-client";

const practice = (id: string, status: Contract["status"] = "pending"): Contract => ({
  ...contract(id, status),
  wallet: "practice",
});
const page = (items: Contract[]): InfiniteData<ContractPage> => ({
  pages: [{ items, nextCursor: null }],
  pageParams: [undefined],
});
const ids = (key: readonly unknown[]) => queryClient.getQueryData<ContractList>(key)?.items.map((c) => c.id);
const closedIds = (key: readonly unknown[]) =>
  queryClient.getQueryData<InfiniteData<ContractPage>>(key)?.pages.flatMap((p) => p.items.map((c) => c.id));

describe("each contract in its own wallet's lists", () => {
  afterEach(() => queryClient.clear());

  it("places, opens and closes a practice contract in the practice lists only, and a real one in the real", () => {
    for (const key of [queryKeys.openContracts, queryKeys.practiceOpenContracts])
      queryClient.setQueryData<ContractList>(key, { items: [] });
    for (const key of [queryKeys.closedContracts, queryKeys.practiceClosedContracts])
      queryClient.setQueryData(key, page([]));

    putPlacedContract(practice("7"));
    putPlacedContract(contract("8"));
    expect(ids(queryKeys.practiceOpenContracts)).toEqual(["7"]);
    expect(ids(queryKeys.openContracts)).toEqual(["8"]);

    putOpenedContract(practice("7", "open"));
    expect(ids(queryKeys.practiceOpenContracts)).toEqual(["7"]);
    expect(ids(queryKeys.openContracts)).toEqual(["8"]);

    putClosedContract(practice("7", "settled"));
    expect(ids(queryKeys.practiceOpenContracts)).toEqual([]);
    expect(closedIds(queryKeys.practiceClosedContracts)).toEqual(["7"]);
    expect(ids(queryKeys.openContracts)).toEqual(["8"]);
    expect(closedIds(queryKeys.closedContracts)).toEqual([]);
  });
});

import type { MeResponse } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { queryClient, queryKeys } from "./query-client";
import { applyServerMessage, backoffDelay, realtimeUrl } from "./realtime";

const summary = {
  totalAssets: "10.00",
  available: "10.00",
  frozen: "0.00",
  savings: "0.00",
  accountPnl: "0.00",
  todayPnl: "0.00",
};

describe("realtime", () => {
  it("connects to the same host, wss on https", () => {
    expect(realtimeUrl({ protocol: "https:", host: "x.example:8443" })).toBe("wss://x.example:8443/api/ws");
    expect(realtimeUrl({ protocol: "http:", host: "127.0.0.1:8181" })).toBe("ws://127.0.0.1:8181/api/ws");
  });

  it("backs off 1 s, 2 s, 4 s … up to 30 s", () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, mid))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });

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
    queryClient.clear();
  });

  it("leaves an empty cache empty", () => {
    applyServerMessage({ type: "account.updated", summary });
    expect(queryClient.getQueryData(queryKeys.me)).toBeUndefined();
  });
});

import type { Contract } from "@tickfair/contract";

/** A contract as the server sends it; `pending` until its entry tick, `settled` with a result. */
export function contract(id: string, status: Contract["status"] = "pending"): Contract {
  const entry = { seq: "41", time: "2026-01-05T08:00:01.000Z", price: "100.00", hash: "e".repeat(64) };
  const exit = { seq: "71", time: "2026-01-05T08:00:31.000Z", price: "100.50", hash: "f".repeat(64) };
  const closed = status === "settled";
  return {
    id,
    wallet: "real",
    orderNo: `C${id.padStart(10, "0")}`,
    symbol: "BTC/USDT",
    direction: "up",
    stake: "10.00",
    durationSeconds: 30,
    payoutRateBps: 8000,
    status,
    acceptedAt: "2026-01-05T08:00:00.500Z",
    entry: status === "pending" ? null : entry,
    expiresAt: status === "pending" ? null : "2026-01-05T08:00:31.000Z",
    exit: closed ? exit : null,
    result: closed ? "win" : null,
    payout: closed ? "18.00" : null,
    profit: closed ? "8.00" : null,
    settledAt: closed ? "2026-01-05T08:00:32.000Z" : null,
  };
}

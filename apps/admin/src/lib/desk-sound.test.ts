import type { DeskItem } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { DESK_SOUND_KEY, deskItemKey, newMoneyRequests, readDeskSound, writeDeskSound } from "./desk-sound";

const user = { userId: "1", account: "ann001", at: "2026-01-05T10:00:00.000Z" };
const deposit = (id: string, status: "under_review" | "success"): DeskItem => ({
  kind: "deposit",
  id,
  orderNo: `D${id}`,
  ...user,
  amount: "50.00",
  status,
});
const withdrawal = (id: string): DeskItem => ({
  kind: "withdrawal",
  id,
  orderNo: `W${id}`,
  ...user,
  amount: "20.00",
  status: "under_review",
});
const order = (id: string): DeskItem => ({
  kind: "contract",
  id,
  orderNo: `C${id}`,
  ...user,
  symbol: "BTC/USDT",
  direction: "up",
  stake: "10.00",
  durationSeconds: 60,
  status: "pending",
});

describe("the desk's sound for new money requests", () => {
  it("rings for deposits and withdrawals newly waiting for review, not for orders or ones already seen", () => {
    const seen = new Set([deskItemKey(deposit("1", "under_review"))]);
    expect(
      newMoneyRequests(seen, [
        order("9"),
        deposit("1", "under_review"),
        deposit("2", "success"),
        withdrawal("1"),
        deposit("3", "under_review"),
      ]),
    ).toEqual(["withdrawal:1", "deposit:3"]);
    // A withdrawal and a deposit of the same id are different requests.
    expect(newMoneyRequests(new Set(["deposit:1"]), [withdrawal("1")])).toEqual(["withdrawal:1"]);
  });

  it("is off unless the operator turned it on, and remembers the choice", () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(readDeskSound(storage)).toBe(false);
    writeDeskSound(storage, true);
    expect(values.get(DESK_SOUND_KEY)).toBe("on");
    expect(readDeskSound(storage)).toBe(true);
    writeDeskSound(storage, false);
    expect(readDeskSound(storage)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readDeskSound(refusing)).toBe(false);
    expect(() => writeDeskSound(refusing, true)).not.toThrow();
  });
});

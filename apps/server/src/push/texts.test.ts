import { formatMoney, LOCALES } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import type { PushEvent } from "./events";
import { wordPush } from "./texts";

const EVENTS: PushEvent[] = [
  {
    kind: "contract_settled",
    contractId: "7",
    orderNo: "T0000000007",
    result: "win",
    payout: "1234.50",
    practice: false,
  },
  {
    kind: "contract_settled",
    contractId: "7",
    orderNo: "T0000000007",
    result: "lose",
    payout: "0.00",
    practice: false,
  },
  {
    kind: "contract_settled",
    contractId: "7",
    orderNo: "T0000000007",
    result: "draw",
    payout: "10.00",
    practice: false,
  },
  {
    kind: "contract_settled",
    contractId: "7",
    orderNo: "T0000000007",
    result: "void",
    payout: "10.00",
    practice: true,
  },
  { kind: "deposit_confirmed", orderNo: "D0000000001", amount: "1234.50" },
  { kind: "withdrawal_paid", orderNo: "W0000000001", amount: "1234.50" },
  { kind: "withdrawal_rejected", orderNo: "W0000000002", amount: "1234.50" },
  { kind: "chat_reply" },
  { kind: "broadcast", broadcastId: "3", titles: { "zh-CN": "维护", en: "Maintenance" } },
];

describe("a push's words", () => {
  it("has every kind in every language, with the amount written the reader's way and no placeholder left", () => {
    for (const locale of LOCALES)
      for (const event of EVENTS) {
        const push = wordPush(event, locale);
        expect(push.title, `${locale} ${event.kind}`).not.toBe("");
        expect(push.body, `${locale} ${event.kind}`).not.toBe("");
        expect(`${push.title} ${push.body}`).not.toMatch(/[{}]|undefined/);
        const amount = "payout" in event ? event.payout : "amount" in event ? event.amount : null;
        if (amount) expect(push.body).toContain(formatMoney(amount, locale));
        if ("orderNo" in event) expect(push.body).toContain(event.orderNo);
      }
  });

  it("names the practice account on a practice contract's push, in every language", () => {
    const settled = (practice: boolean, locale: (typeof LOCALES)[number]) =>
      wordPush(
        { kind: "contract_settled", contractId: "1", orderNo: "T1", result: "win", payout: "9.00", practice },
        locale,
      ).title;
    for (const locale of LOCALES) expect(settled(true, locale)).not.toBe(settled(false, locale));
    expect(settled(true, "en")).toBe(`Practice · ${settled(false, "en")}`);
  });

  it("tells each result apart, and a broadcast in the reader's language or the nearest written", () => {
    const titles = (["win", "lose", "draw", "void"] as const).map(
      (result) =>
        wordPush(
          {
            kind: "contract_settled",
            contractId: "1",
            orderNo: "T1",
            result,
            payout: "1.00",
            practice: false,
          },
          "ja",
        ).title,
    );
    expect(new Set(titles).size).toBe(4);
    const broadcast = (locale: (typeof LOCALES)[number]) =>
      wordPush(
        { kind: "broadcast", broadcastId: "3", titles: { "zh-CN": "维护", en: "Maintenance" } },
        locale,
      ).body;
    expect([broadcast("zh-TW"), broadcast("de"), broadcast("en")]).toEqual([
      "维护",
      "Maintenance",
      "Maintenance",
    ]);
  });
});

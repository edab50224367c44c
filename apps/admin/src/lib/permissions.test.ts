import { describe, expect, it } from "vitest";
import { areasOf, holds } from "./permissions";

describe("the menu of an operator", () => {
  it("offers the areas whose permission the operator holds, in menu order", () => {
    expect(areasOf({ permissions: ["audit.read", "deposits.review", "withdrawals.review"] })).toEqual([
      "deposits",
      "withdrawals",
      "audit",
    ]);
    expect(areasOf({ permissions: ["withdrawals.review", "dashboard.view"] })).toEqual([
      "dashboard",
      "withdrawals",
    ]);
  });

  it("opens the order desk and the risk board with risk.read, right after the dashboard", () => {
    expect(areasOf({ permissions: ["deposits.review", "risk.read", "dashboard.view"] })).toEqual([
      "dashboard",
      "desk",
      "risk",
      "deposits",
    ]);
  });

  it("opens the settings with either of their permissions", () => {
    expect(areasOf({ permissions: ["depositMethods.manage"] })).toEqual(["settings"]);
    expect(areasOf({ permissions: ["cashierSettings.manage"] })).toEqual(["settings"]);
    expect(areasOf({ permissions: ["cashierSettings.decide"] })).toEqual([]);
  });

  it("opens users and markets with their read permissions, before the settings", () => {
    expect(areasOf({ permissions: ["markets.read", "users.read", "operators.manage"] })).toEqual([
      "users",
      "markets",
      "operators",
    ]);
    expect(areasOf({ permissions: ["userMoney.read", "markets.manage"] })).toEqual([]);
  });

  it("opens customer service to those who answer chats, right after the verifications", () => {
    expect(areasOf({ permissions: ["users.read", "chats.answer", "verifications.review"] })).toEqual([
      "verifications",
      "chats",
      "users",
    ]);
  });

  it("opens savings with its read permission, after the markets; managing alone opens nothing", () => {
    expect(areasOf({ permissions: ["savings.read", "markets.read", "cashierSettings.manage"] })).toEqual([
      "markets",
      "savings",
      "settings",
    ]);
    expect(areasOf({ permissions: ["savings.manage"] })).toEqual([]);
  });

  it("opens the content and the broadcasts with the content's manage permission, after savings", () => {
    expect(areasOf({ permissions: ["content.manage", "savings.read", "operators.manage"] })).toEqual([
      "savings",
      "content",
      "broadcasts",
      "operators",
    ]);
  });

  it("opens the verifications with their review permission, after the withdrawals", () => {
    expect(areasOf({ permissions: ["users.read", "verifications.review", "withdrawals.review"] })).toEqual([
      "withdrawals",
      "verifications",
      "users",
    ]);
    expect(areasOf({ permissions: ["deposits.review", "userMoney.read"] })).toEqual(["deposits"]);
  });

  it("offers nothing the operator may not open", () => {
    expect(areasOf({ permissions: [] })).toEqual([]);
    expect(areasOf({ permissions: ["inviteCodes.create", "withdrawalAccounts.unbind"] })).toEqual([]);
  });

  it("tells whether one permission is held, with no operator holding none", () => {
    expect(holds({ permissions: ["ledger.check"] }, "ledger.check")).toBe(true);
    expect(holds({ permissions: ["audit.read"] }, "ledger.check")).toBe(false);
    expect(holds(null, "ledger.check")).toBe(false);
  });
});

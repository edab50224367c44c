import { describe, expect, it } from "vitest";
import { areasOf } from "./permissions";

describe("the menu of an operator", () => {
  it("offers the areas whose permission the operator holds, in menu order", () => {
    expect(areasOf({ permissions: ["audit.read", "deposits.review", "withdrawals.review"] })).toEqual([
      "deposits",
      "withdrawals",
      "audit",
    ]);
    expect(areasOf({ permissions: ["withdrawals.review", "dashboard.view"] })).toEqual(["withdrawals"]);
  });

  it("offers nothing the operator may not open", () => {
    expect(areasOf({ permissions: [] })).toEqual([]);
    expect(areasOf({ permissions: ["inviteCodes.create", "withdrawalAccounts.unbind"] })).toEqual([]);
  });
});

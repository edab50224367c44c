import type { CashierSettings, RolePermissions } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  cashierChanges,
  cashierWeakenings,
  isMoneyInput,
  normaliseMoney,
  roleChangeGrants,
} from "./controls";

const current: CashierSettings = {
  withdrawalFeeFixed: "2.00",
  withdrawalFeeRateBps: 50,
  withdrawalMinAmount: "10.00",
  depositSecondApprovalAbove: "10000.00",
};

describe("changes to the cashier's controls", () => {
  it("names the fields that would weaken a control, and only those", () => {
    expect(
      cashierWeakenings(current, {
        withdrawalFeeFixed: "1.00",
        withdrawalFeeRateBps: 60,
        withdrawalMinAmount: "20",
        depositSecondApprovalAbove: "20000.00",
      }),
    ).toEqual(["withdrawalFeeFixed", "depositSecondApprovalAbove"]);
    expect(
      cashierWeakenings(current, { ...current, withdrawalMinAmount: "5.00", withdrawalFeeRateBps: 0 }),
    ).toEqual(["withdrawalFeeRateBps", "withdrawalMinAmount"]);
    expect(cashierWeakenings(current, { ...current, depositSecondApprovalAbove: "5000.00" })).toEqual([]);
  });

  it("tells what changed, whatever the amount's written form", () => {
    expect(cashierChanges(current, { ...current, withdrawalMinAmount: "10" })).toEqual([]);
    expect(cashierChanges(current, { ...current, withdrawalFeeRateBps: 51 })).toEqual([
      "withdrawalFeeRateBps",
    ]);
  });
});

describe("amounts an operator types", () => {
  it("takes plain decimals with at most two places", () => {
    for (const ok of ["0", "10", "10.5", "10.50", "0.01"]) expect(isMoneyInput(ok), ok).toBe(true);
    for (const bad of ["", "-1", "1,000", "1.234", "1e3", "abc", " "])
      expect(isMoneyInput(bad), bad).toBe(false);
    expect(isMoneyInput("0", { positive: true })).toBe(false);
    expect(isMoneyInput("0.01", { positive: true })).toBe(true);
  });

  it("writes them as the API does", () => {
    expect(normaliseMoney("10")).toBe("10.00");
    expect(normaliseMoney("010.5")).toBe("10.50");
  });
});

describe("role changes", () => {
  const roles: RolePermissions[] = [
    { role: "support", permissions: ["dashboard.view", "inviteCodes.create"] },
    { role: "finance", permissions: ["dashboard.view", "deposits.review"] },
    { role: "admin", permissions: ["dashboard.view", "deposits.review", "inviteCodes.create"] },
  ];

  it("needs a second admin when the new role holds anything the old one lacked", () => {
    expect(roleChangeGrants(roles, "support", "admin")).toBe(true);
    expect(roleChangeGrants(roles, "support", "finance")).toBe(true);
    expect(roleChangeGrants(roles, "admin", "finance")).toBe(false);
  });
});

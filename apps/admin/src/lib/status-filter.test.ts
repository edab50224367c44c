import type { CashierStatus } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { readStatusFilter, statusParamValue } from "./status-filter";

const statuses: CashierStatus[] = ["under_review", "success", "failed", "cancelled"];
const read = (search: string) => readStatusFilter(new URLSearchParams(search), statuses);

describe("a queue's status filter in the URL", () => {
  it("shows what waits for review unless told otherwise", () => {
    expect(read("")).toBe("under_review");
    expect(read("status=nonsense")).toBe("under_review");
    expect(read("status=failed")).toBe("failed");
    expect(read("status=all")).toBe("all");
  });

  it("keeps the default out of the URL", () => {
    expect(statusParamValue("under_review")).toBeUndefined();
    expect(statusParamValue("all")).toBe("all");
    expect(statusParamValue("success")).toBe("success");
  });
});

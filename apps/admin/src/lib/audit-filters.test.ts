import { describe, expect, it } from "vitest";
import {
  auditCsvFileName,
  auditFilterParams,
  fromLocalInput,
  hasAuditFilters,
  readAuditFilters,
  toLocalInput,
} from "./audit-filters";

describe("the audit log's filters in the URL", () => {
  it("reads the filters it knows, without empty ones", () => {
    const params = new URLSearchParams("action=deposit.confirm&operator=%20alice%20&targetId=&after=9&x=1");
    expect(readAuditFilters(params)).toEqual({ action: "deposit.confirm", operator: "alice" });
    expect(hasAuditFilters(readAuditFilters(new URLSearchParams("after=3")))).toBe(false);
  });

  it("writes new filters back on page one, keeping other params", () => {
    const params = new URLSearchParams("action=deposit.confirm&after=12,8&tab=x");
    const next = auditFilterParams(params, { targetType: "user", targetId: "42", action: " " });
    expect(next.toString()).toBe("tab=x&targetType=user&targetId=42");
  });
});

describe("times typed into the filters", () => {
  it("goes from the browser's wall clock to an instant and back", () => {
    const iso = fromLocalInput("2026-03-02T10:05");
    expect(iso).toBe(new Date(2026, 2, 2, 10, 5).toISOString());
    expect(toLocalInput(iso)).toBe("2026-03-02T10:05");
    expect(fromLocalInput("")).toBeUndefined();
    expect(toLocalInput("not a time")).toBe("");
  });

  it("names the export by the minute it was taken", () => {
    expect(auditCsvFileName(new Date(2026, 2, 2, 9, 7))).toBe("tickfair-audit-log-20260302-0907.csv");
  });
});

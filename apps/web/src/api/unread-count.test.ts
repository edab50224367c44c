import { describe, expect, it } from "vitest";
import { unreadBadgeText } from "./unread-count";

describe("unread badge", () => {
  it("shows nothing when nothing is unread or the count is not known yet", () => {
    expect(unreadBadgeText(undefined)).toBeNull();
    expect(unreadBadgeText(0)).toBeNull();
  });

  it("shows the count up to 99, then 99+", () => {
    expect(unreadBadgeText(1)).toBe("1");
    expect(unreadBadgeText(99)).toBe("99");
    expect(unreadBadgeText(100)).toBe("99+");
  });
});

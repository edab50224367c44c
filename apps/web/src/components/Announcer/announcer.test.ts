import { describe, expect, it } from "vitest";
import { announce, currentAnnouncement, subscribeAnnouncements } from "./announcer";

describe("the announcer", () => {
  it("tells its listeners each announcement, the same words twice as two", () => {
    const heard: string[] = [];
    const stop = subscribeAnnouncements(() =>
      heard.push(`${currentAnnouncement().count}:${currentAnnouncement().text}`),
    );
    const before = currentAnnouncement().count;
    announce("BTC/USDT 43,000.00");
    announce("BTC/USDT 43,000.00");
    stop();
    announce("unheard");
    expect(heard).toEqual([`${before + 1}:BTC/USDT 43,000.00`, `${before + 2}:BTC/USDT 43,000.00`]);
    expect(currentAnnouncement().text).toBe("unheard");
  });
});

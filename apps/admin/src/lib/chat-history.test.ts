import type { ChatMessage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  compareSeq,
  lastSeq,
  mergeMessages,
  unreadUserSeq,
  waitingAge,
  withDaySeparators,
} from "./chat-history";

const message = (seq: string, author: ChatMessage["author"] = "user", at = "2026-11-24T04:00:00Z") => ({
  seq,
  author,
  operator: author === "user" ? null : "support1",
  body: `message ${seq}`,
  photo: null,
  clientKey: null,
  at,
});

describe("the conversation's history", () => {
  it("compares seqs as numbers, past what a double holds", () => {
    expect(compareSeq("9", "10")).toBe(-1);
    expect(compareSeq("900000000000000001", "900000000000000000")).toBe(1);
    expect(compareSeq("7", "7")).toBe(0);
  });

  it("merges older pages and live messages oldest first, each seq once", () => {
    const newest = [message("12"), message("11"), message("10")];
    const older = [message("9"), message("8")];
    const live = [message("12"), message("13", "operator"), message("11"), message("14", "note")];
    const merged = mergeMessages([newest, older], live);
    expect(merged.map((m) => m.seq)).toEqual(["8", "9", "10", "11", "12", "13", "14"]);
    expect(lastSeq(merged)).toBe("14");
    expect(lastSeq([])).toBe("0");
  });

  it("keeps live messages that arrived before any history page", () => {
    expect(mergeMessages([], [message("3"), message("2")]).map((m) => m.seq)).toEqual(["2", "3"]);
  });

  it("finds the newest user message not read yet", () => {
    const messages = [message("1"), message("2"), message("3", "operator"), message("4", "note")];
    expect(unreadUserSeq(messages, "0")).toBe("2");
    expect(unreadUserSeq(messages, "2")).toBeNull();
    expect(unreadUserSeq([], "0")).toBeNull();
  });

  it("puts a day separator before the first message of each day", () => {
    const items = withDaySeparators([
      message("1", "user", "2026-11-20T04:00:00Z"),
      message("2", "operator", "2026-11-20T04:05:00Z"),
      message("3", "user", "2026-11-23T04:00:00Z"),
    ]);
    expect(items.map((item) => item.kind)).toEqual(["day", "message", "message", "day", "message"]);
  });
});

describe("the waiting-time label", () => {
  const since = "2026-11-24T04:00:00Z";
  const at = (minutes: number) => new Date(since).getTime() + minutes * 60_000;

  it("counts whole minutes, then hours", () => {
    expect(waitingAge(since, at(0.5), "en")).toBe("< 1 min");
    expect(waitingAge(since, at(12.9), "en")).toBe("12 min");
    expect(waitingAge(since, at(185), "en")).toBe("3 hr");
    expect(waitingAge(since, at(12), "zh-CN")).toBe("12分钟");
  });

  it("never shows a negative wait when the console's clock is behind the server's", () => {
    expect(waitingAge(since, at(-3), "en")).toBe("< 1 min");
  });
});

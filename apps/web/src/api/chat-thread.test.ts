import type { ChatMessage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { compareSeq, laterSeq, mergeMessages, newestSeq } from "./chat-thread";

const message = (seq: string, body = `m${seq}`): ChatMessage => ({
  seq,
  author: "user",
  operator: null,
  body,
  photo: null,
  clientKey: null,
  at: "2026-11-24T08:00:00.000Z",
});

describe("chat thread", () => {
  it("orders seqs as numbers, beyond a double's precision", () => {
    expect(compareSeq("9", "10")).toBeLessThan(0);
    expect(compareSeq("900719925474099312", "900719925474099311")).toBeGreaterThan(0);
    expect(laterSeq(null, "3")).toBe("3");
    expect(laterSeq("12", "9")).toBe("12");
  });

  it("merges history pages and socket messages oldest first, each once", () => {
    const page = [message("12"), message("11"), message("10")];
    const thread = mergeMessages([], page);
    expect(thread.map((m) => m.seq)).toEqual(["10", "11", "12"]);
    const older = mergeMessages(thread, [message("9"), message("8")]);
    const live = mergeMessages(older, [message("12"), message("13")]);
    expect(live.map((m) => m.seq)).toEqual(["8", "9", "10", "11", "12", "13"]);
    expect(newestSeq(live)).toBe("13");
    expect(newestSeq([])).toBe("0");
  });
});

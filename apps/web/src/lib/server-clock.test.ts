import { afterEach, describe, expect, it, vi } from "vitest";
import { observeServerTime, resetServerClock, serverNow } from "./server-clock";

afterEach(() => {
  resetServerClock();
  vi.useRealTimers();
});

describe("server clock", () => {
  it("is the phone's clock until the server has said what time it is", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    expect(serverNow()).toBe(1_000_000);
  });

  it("corrects a phone running 5 s behind, taking the fastest message as the truth", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    // The server's clock is 5 000 ms ahead; messages took 120, 40 and 300 ms to arrive.
    observeServerTime(new Date(1_000_000 + 5_000 - 120).toISOString(), 1_000_000);
    observeServerTime(new Date(1_000_000 + 5_000 - 40).toISOString(), 1_000_000);
    observeServerTime(new Date(1_000_000 + 5_000 - 300).toISOString(), 1_000_000);
    expect(serverNow()).toBe(1_000_000 + 4_960);
  });

  it("follows a clock change once the old samples have aged out, and ignores garbage", () => {
    vi.useFakeTimers({ now: 0 });
    observeServerTime(new Date(10_000).toISOString(), 0);
    for (let i = 0; i < 20; i++) observeServerTime(new Date(-2_000).toISOString(), 0);
    observeServerTime("not a time", 0);
    expect(serverNow()).toBe(-2_000);
  });
});

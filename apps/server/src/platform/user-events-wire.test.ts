import { describe, expect, it } from "vitest";
import { RELAY_FORMAT } from "./relay-format";
import { parseUserEvents, serializeUserEvents, type UserEventsMessage } from "./user-events-wire";

const message: UserEventsMessage = {
  origin: "0a1b2c3d4e5f6071",
  events: [
    ["account.updated", ["17"]],
    ["contract.settled", ["5:17", "6:17"]],
  ],
};

describe("users' events on the wire", () => {
  it("reads what it writes, with the format and the send time", () => {
    const payload = serializeUserEvents(message, { format: RELAY_FORMAT, sentAt: 1_767_700_000_123 });
    expect(JSON.parse(payload)).toMatchObject({ v: 2, sentAt: 1_767_700_000_123 });
    expect(parseUserEvents(payload)).toEqual({
      readable: true,
      format: 2,
      sentAt: 1_767_700_000_123,
      message,
    });
  });

  it("reads and writes the previous release's unversioned form", () => {
    const previous = JSON.stringify({ origin: message.origin, events: message.events });
    expect(serializeUserEvents(message, { format: 1, sentAt: 1_767_700_000_123 })).toBe(previous);
    expect(parseUserEvents(previous)).toEqual({ readable: true, format: 1, sentAt: null, message });
  });

  it("keeps the fields an unversioned reader looks for", () => {
    const payload = serializeUserEvents(message, { format: RELAY_FORMAT, sentAt: 1 });
    expect(JSON.parse(payload)).toMatchObject(message);
  });

  it("refuses a format it does not know, naming it", () => {
    for (const v of [3, 0, "2", null]) {
      expect(parseUserEvents(JSON.stringify({ v, sentAt: 1, ...message }))).toEqual({
        readable: false,
        format: v,
      });
    }
  });

  it("throws on a payload that is not JSON", () => {
    expect(() => parseUserEvents("{")).toThrow();
  });
});

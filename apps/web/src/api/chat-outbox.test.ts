import type { ChatMessage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import * as chatOutbox from "./chat-outbox";
import { ApiError, NETWORK_ERROR } from "./errors";

const AT = "2026-11-24T08:00:00.000Z";

const stored = (entry: chatOutbox.OutboxEntry, seq: string): ChatMessage => ({
  seq,
  author: "user",
  operator: null,
  body: entry.body,
  photo: null,
  clientKey: entry.clientKey,
  at: AT,
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("chat outbox", () => {
  it("makes keys the server takes: 8–64 of [A-Za-z0-9_-], a new one each time", () => {
    const key = chatOutbox.newClientKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(chatOutbox.newClientKey()).not.toBe(key);
  });

  it("queues messages in the order written, each sending at once", () => {
    let outbox: chatOutbox.Outbox = [];
    outbox = chatOutbox.queueMessage(outbox, "first", "key-00001", AT);
    outbox = chatOutbox.queueMessage(outbox, "second", "key-00002", AT);
    expect(outbox.map((entry) => [entry.body, entry.state])).toEqual([
      ["first", "sending"],
      ["second", "sending"],
    ]);
    expect(chatOutbox.dueEntries(outbox).map((entry) => entry.clientKey)).toEqual(["key-00001", "key-00002"]);
  });

  it("keeps a photo's id with its entry and sends it, and sends none for a text", () => {
    const outbox = chatOutbox.queueMessage(
      chatOutbox.queueMessage([], "hello", "key-text-0001", AT),
      "",
      "key-photo-001",
      AT,
      "photo-1",
    );
    expect(outbox.map(chatOutbox.sendRequestOf)).toEqual([
      { clientKey: "key-text-0001", body: "hello" },
      { clientKey: "key-photo-001", body: "", photoId: "photo-1" },
    ]);
  });

  it("drops an entry once a message with its key arrived, whichever way, and no other", () => {
    const outbox = chatOutbox.queueMessage(
      chatOutbox.queueMessage([], "first", "key-00001", AT),
      "second",
      "key-00002",
      AT,
    );
    const [first] = outbox as [chatOutbox.OutboxEntry];
    const operatorAnswer: ChatMessage = { ...stored(first, "7"), author: "operator", clientKey: "op-key-1" };
    expect(chatOutbox.settleDelivered(outbox, [operatorAnswer])).toEqual(outbox);
    expect(chatOutbox.settleDelivered(outbox, [stored(first, "8")]).map((entry) => entry.clientKey)).toEqual([
      "key-00002",
    ]);
    expect(chatOutbox.removeEntry(outbox, "key-00002").map((entry) => entry.clientKey)).toEqual([
      "key-00001",
    ]);
  });

  it("retries every failed entry when the network comes back, and only failed ones wait until then", () => {
    let outbox = chatOutbox.queueMessage(
      chatOutbox.queueMessage([], "first", "key-00001", AT),
      "second",
      "key-00002",
      AT,
    );
    outbox = chatOutbox.markEntry(outbox, "key-00001", "failed");
    expect(chatOutbox.dueEntries(outbox).map((entry) => entry.clientKey)).toEqual(["key-00002"]);
    outbox = chatOutbox.retryAll(outbox);
    expect(outbox.every((entry) => entry.state === "sending")).toBe(true);
    expect(chatOutbox.dueEntries(outbox)).toHaveLength(2);
  });

  it("keeps the outbox per user across reloads, forgetting an empty one and anything unreadable", () => {
    const storage = memoryStorage();
    const key = chatOutbox.outboxStorageKey("42");
    const outbox = chatOutbox.markEntry(
      chatOutbox.queueMessage([], "offline", "key-00001", AT),
      "key-00001",
      "failed",
    );
    chatOutbox.writeOutbox(storage, key, outbox);
    expect(chatOutbox.readOutbox(storage, key)).toEqual(outbox);
    expect(chatOutbox.readOutbox(storage, chatOutbox.outboxStorageKey("43"))).toEqual([]);
    chatOutbox.writeOutbox(storage, key, []);
    expect(storage.items.has(key)).toBe(false);
    storage.setItem(key, "{not json");
    expect(chatOutbox.readOutbox(storage, key)).toEqual([]);
    storage.setItem(key, JSON.stringify([{ body: "no key" }, outbox[0]]));
    expect(chatOutbox.readOutbox(storage, key)).toEqual(outbox);
  });

  it("sends in order and, after a network failure, reports the rest unsent with it", async () => {
    let outbox: chatOutbox.Outbox = ["a", "b", "c"].reduce<chatOutbox.Outbox>(
      (queued, body, n) => chatOutbox.queueMessage(queued, body, `key-0000${n}`, AT),
      [],
    );
    const sent: string[] = [];
    const reports: [string, chatOutbox.SendOutcome][] = [];
    const offline = new ApiError(NETWORK_ERROR, 0);
    await chatOutbox.sendInOrder(
      chatOutbox.dueEntries(outbox),
      async (entry) => {
        sent.push(entry.body);
        if (entry.body === "b") throw offline;
        return stored(entry, String(sent.length));
      },
      (entry, outcome) => {
        reports.push([entry.body, outcome]);
        outbox =
          "message" in outcome
            ? chatOutbox.settleDelivered(outbox, [outcome.message])
            : chatOutbox.markEntry(outbox, entry.clientKey, "failed");
      },
    );
    expect(sent).toEqual(["a", "b"]);
    expect(reports.map(([body, outcome]) => [body, "message" in outcome])).toEqual([
      ["a", true],
      ["b", false],
      ["c", false],
    ]);
    expect(outbox.map((entry) => [entry.body, entry.state])).toEqual([
      ["b", "failed"],
      ["c", "failed"],
    ]);

    // Back online: both go again under their own keys; the server's 200 for a known key settles too.
    const keys: string[] = [];
    await chatOutbox.sendInOrder(
      chatOutbox.dueEntries(chatOutbox.retryAll(outbox)),
      async (entry) => {
        keys.push(entry.clientKey);
        return stored(entry, String(10 + keys.length));
      },
      (_entry, outcome) => {
        if ("message" in outcome) outbox = chatOutbox.settleDelivered(outbox, [outcome.message]);
      },
    );
    expect(keys).toEqual(["key-00001", "key-00002"]);
    expect(outbox).toEqual([]);
  });
});

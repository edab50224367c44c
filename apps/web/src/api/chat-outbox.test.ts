import type { ChatMessage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  dueEntries,
  markEntry,
  newClientKey,
  type Outbox,
  type OutboxEntry,
  outboxStorageKey,
  queueMessage,
  readOutbox,
  removeEntry,
  retryAll,
  type SendOutcome,
  sendInOrder,
  sendRequestOf,
  settleDelivered,
  writeOutbox,
} from "./chat-outbox";
import { ApiError, NETWORK_ERROR } from "./errors";

const AT = "2026-11-24T08:00:00.000Z";

const stored = (entry: OutboxEntry, seq: string): ChatMessage => ({
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
    const key = newClientKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientKey()).not.toBe(key);
  });

  it("queues messages in the order written, each sending at once", () => {
    let outbox: Outbox = [];
    outbox = queueMessage(outbox, "first", "key-00001", AT);
    outbox = queueMessage(outbox, "second", "key-00002", AT);
    expect(outbox.map((entry) => [entry.body, entry.state])).toEqual([
      ["first", "sending"],
      ["second", "sending"],
    ]);
    expect(dueEntries(outbox).map((entry) => entry.clientKey)).toEqual(["key-00001", "key-00002"]);
  });

  it("keeps a photo's id with its entry and sends it, and sends none for a text", () => {
    const outbox = queueMessage(
      queueMessage([], "hello", "key-text-0001", AT),
      "",
      "key-photo-001",
      AT,
      "photo-1",
    );
    expect(outbox.map(sendRequestOf)).toEqual([
      { clientKey: "key-text-0001", body: "hello" },
      { clientKey: "key-photo-001", body: "", photoId: "photo-1" },
    ]);
  });

  it("drops an entry once a message with its key arrived, whichever way, and no other", () => {
    const outbox = queueMessage(queueMessage([], "first", "key-00001", AT), "second", "key-00002", AT);
    const [first] = outbox as [OutboxEntry];
    const operatorAnswer: ChatMessage = { ...stored(first, "7"), author: "operator", clientKey: "op-key-1" };
    expect(settleDelivered(outbox, [operatorAnswer])).toEqual(outbox);
    expect(settleDelivered(outbox, [stored(first, "8")]).map((entry) => entry.clientKey)).toEqual([
      "key-00002",
    ]);
    expect(removeEntry(outbox, "key-00002").map((entry) => entry.clientKey)).toEqual(["key-00001"]);
  });

  it("retries every failed entry when the network comes back, and only failed ones wait until then", () => {
    let outbox = queueMessage(queueMessage([], "first", "key-00001", AT), "second", "key-00002", AT);
    outbox = markEntry(outbox, "key-00001", "failed");
    expect(dueEntries(outbox).map((entry) => entry.clientKey)).toEqual(["key-00002"]);
    outbox = retryAll(outbox);
    expect(outbox.every((entry) => entry.state === "sending")).toBe(true);
    expect(dueEntries(outbox)).toHaveLength(2);
  });

  it("keeps the outbox per user across reloads, forgetting an empty one and anything unreadable", () => {
    const storage = memoryStorage();
    const key = outboxStorageKey("42");
    const outbox = markEntry(queueMessage([], "offline", "key-00001", AT), "key-00001", "failed");
    writeOutbox(storage, key, outbox);
    expect(readOutbox(storage, key)).toEqual(outbox);
    expect(readOutbox(storage, outboxStorageKey("43"))).toEqual([]);
    writeOutbox(storage, key, []);
    expect(storage.items.has(key)).toBe(false);
    storage.setItem(key, "{not json");
    expect(readOutbox(storage, key)).toEqual([]);
    storage.setItem(key, JSON.stringify([{ body: "no key" }, outbox[0]]));
    expect(readOutbox(storage, key)).toEqual(outbox);
  });

  it("sends in order and, after a network failure, reports the rest unsent with it", async () => {
    let outbox: Outbox = ["a", "b", "c"].reduce<Outbox>(
      (queued, body, n) => queueMessage(queued, body, `key-0000${n}`, AT),
      [],
    );
    const sent: string[] = [];
    const reports: [string, SendOutcome][] = [];
    const offline = new ApiError(NETWORK_ERROR, 0);
    await sendInOrder(
      dueEntries(outbox),
      async (entry) => {
        sent.push(entry.body);
        if (entry.body === "b") throw offline;
        return stored(entry, String(sent.length));
      },
      (entry, outcome) => {
        reports.push([entry.body, outcome]);
        outbox =
          "message" in outcome
            ? settleDelivered(outbox, [outcome.message])
            : markEntry(outbox, entry.clientKey, "failed");
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
    await sendInOrder(
      dueEntries(retryAll(outbox)),
      async (entry) => {
        keys.push(entry.clientKey);
        return stored(entry, String(10 + keys.length));
      },
      (_entry, outcome) => {
        if ("message" in outcome) outbox = settleDelivered(outbox, [outcome.message]);
      },
    );
    expect(keys).toEqual(["key-00001", "key-00002"]);
    expect(outbox).toEqual([]);
  });
});

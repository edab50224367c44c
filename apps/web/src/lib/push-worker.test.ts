import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { pushWorkerSource } from "./push-worker";

type Listener = (event: Record<string, unknown>) => void;

/** The worker's script run in a scope like a service worker's, recording what it asks the browser for. */
function workerScope(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const waits: Promise<unknown>[] = [];
  const clients = windows.map((client) => ({
    url: client.url,
    focus: async () => clients[0],
    navigate: async (url: string) => void navigated.push(url),
  }));
  const self = {
    location: { origin: "https://app.example" },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) =>
        void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  runInNewContext(pushWorkerSource(), { self, URL, encodeURIComponent });
  const fire = async (type: string, event: Record<string, unknown>) => {
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return { fire, shown, opened, navigated };
}

const pushOf = (payload: object) => ({ data: { json: () => payload } });

describe("the service worker's push handlers", () => {
  it("shows a push with its tag and opens the settled contract's page when tapped", async () => {
    const worker = workerScope();
    await worker.fire(
      "push",
      pushOf({
        kind: "contract_settled",
        title: "Contract settled: won",
        body: "Order T1, paid out 18.50",
        tag: "contract-7",
        ref: "7",
      }),
    );
    expect(worker.shown).toEqual([
      {
        title: "Contract settled: won",
        options: expect.objectContaining({
          body: "Order T1, paid out 18.50",
          tag: "contract-7",
          data: { url: "/h5/pages/order/detail?id=7" },
        }),
      },
    ]);
    await worker.fire("notificationclick", {
      notification: { close: () => {}, data: worker.shown[0]?.options.data },
    });
    expect(worker.opened).toEqual(["https://app.example/h5/pages/order/detail?id=7"]);
  });

  it("takes an open window of the app to the page of each kind instead of opening another", async () => {
    const targets: Record<string, string> = {
      deposit_confirmed: "/h5/pages/withdraw-list/withdraw-open",
      withdrawal_paid: "/h5/pages/withdraw-list/withdraw-list",
      withdrawal_rejected: "/h5/pages/withdraw-list/withdraw-list",
      chat_reply: "/h5/pages/kefu/kefu",
      broadcast: "/h5/pages/message/message",
    };
    for (const [kind, path] of Object.entries(targets)) {
      const worker = workerScope([{ url: "https://app.example/h5/pages/index/index" }]);
      await worker.fire("push", pushOf({ kind, title: "t", body: "b", tag: kind, ref: null }));
      await worker.fire("notificationclick", {
        notification: { close: () => {}, data: worker.shown[0]?.options.data },
      });
      expect([worker.opened, worker.navigated]).toEqual([[], [`https://app.example${path}`]]);
    }
  });

  it("shows nothing for a push it cannot read", async () => {
    const worker = workerScope();
    await worker.fire("push", { data: { json: () => JSON.parse("not json") } });
    await worker.fire("push", { data: null });
    expect(worker.shown).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";

/** The module as a page loads it: with the browser's navigator and window as the test sets them. */
async function loaded(onLine: boolean) {
  const navigator = { onLine };
  const listeners = new Map<string, () => void>();
  vi.stubGlobal("navigator", navigator);
  vi.stubGlobal("window", {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  });
  vi.resetModules();
  const state = await import("./network-state");
  return { navigator, fire: (type: "online" | "offline") => listeners.get(type)?.(), ...state };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the app's network status", () => {
  it("says offline when the browser is, whether or not it was told by an event", async () => {
    const page = await loaded(true);
    expect(page.networkStatus()).toBe("online");
    // Offline without an event (a page opened offline can miss it): the socket's retry asks again.
    page.navigator.onLine = false;
    page.reportSocketState("retrying");
    expect(page.networkStatus()).toBe("offline");
    page.navigator.onLine = true;
    page.fire("online");
    expect(page.networkStatus()).toBe("reconnecting");
    page.reportSocketState("open");
    expect(page.networkStatus()).toBe("online");
  });

  it("starts offline on a page opened offline, and tells its listeners of each change", async () => {
    const page = await loaded(false);
    expect(page.networkStatus()).toBe("offline");
    const heard = vi.fn();
    page.subscribeNetworkStatus(heard);
    page.navigator.onLine = true;
    page.fire("online");
    expect(page.networkStatus()).toBe("online");
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("says offline when neither the socket nor a call reaches the server, though the browser says online", async () => {
    // A page the service worker served offline: navigator.onLine true, no offline event.
    const page = await loaded(true);
    page.reportCallReached(false);
    expect(page.networkStatus()).toBe("online");
    page.reportSocketState("retrying");
    expect(page.networkStatus()).toBe("offline");
    // A call answered while the socket still retries: the server is there, the socket is catching up.
    page.reportCallReached(true);
    expect(page.networkStatus()).toBe("reconnecting");
    page.reportCallReached(false);
    expect(page.networkStatus()).toBe("offline");
    page.reportSocketState("open");
    expect(page.networkStatus()).toBe("online");
    // The socket back: an unanswered call from before no longer counts.
    page.reportSocketState("retrying");
    expect(page.networkStatus()).toBe("reconnecting");
  });
});

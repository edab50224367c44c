/**
 * What the app knows of its connection, for the offline banner and the money buttons: the browser's
 * network state (navigator.onLine and its events) and the live socket's (open, or closed and
 * retrying). The socket notices what the browser does not: Wi-Fi up, the internet behind it down.
 */
export type NetworkStatus = "online" | "offline" | "reconnecting";

let socketRetrying = false;
let status: NetworkStatus = computeStatus();
const listeners = new Set<() => void>();

/**
 * Read afresh each time, not kept from the events: a page that opens offline may be told so before
 * it listens, or not at all, and would otherwise say "reconnecting" for as long as it stays offline.
 */
function computeStatus(): NetworkStatus {
  if (typeof navigator !== "undefined" && !navigator.onLine) return "offline";
  return socketRetrying ? "reconnecting" : "online";
}

function update(): void {
  const next = computeStatus();
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
}

export function networkStatus(): NetworkStatus {
  return status;
}

export function subscribeNetworkStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live socket's side: open, closed and retrying, or stopped because nothing wants it. */
export function reportSocketState(state: "open" | "retrying" | "stopped"): void {
  socketRetrying = state === "retrying";
  update();
}

/**
 * What the app knows of its connection, for the offline banner, the money buttons and whether
 * queries wait (the query client follows it): the browser's network state (navigator.onLine and its
 * events), the live socket's (open, or closed and retrying) and whether the last API call got an
 * answer. The socket and the calls notice what the browser does not: Wi-Fi up, the internet behind
 * it down, or a page the service worker served offline that the browser reports online.
 */
export type NetworkStatus = "online" | "offline" | "reconnecting";

let socketRetrying = false;
let lastCallUnanswered = false;
let status: NetworkStatus = computeStatus();
const listeners = new Set<() => void>();

/**
 * Read afresh each time, not kept from the events: a page that opens offline may be told so before
 * it listens, or not at all, and would otherwise say "reconnecting" for as long as it stays offline.
 */
function computeStatus(): NetworkStatus {
  if (typeof navigator !== "undefined" && !navigator.onLine) return "offline";
  if (!socketRetrying) return "online";
  // Neither the socket nor a call reaches the server: as good as offline, whatever the browser says.
  return lastCallUnanswered ? "offline" : "reconnecting";
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
  if (state === "open") lastCallUnanswered = false;
  update();
}

/** An API call's side: answered (whatever the status), or no answer at all. */
export function reportCallReached(reached: boolean): void {
  lastCallUnanswered = !reached;
  update();
}

import type { InfiniteData } from "@tanstack/react-query";
import type {
  AccountSummary,
  ClientMessage,
  Contract,
  ContractList,
  ContractPage,
  MeResponse,
  ServerMessage,
} from "@tickfair/contract";
import { queryClient, queryKeys } from "./query-client";

/** The specification asks nothing of the socket beyond the 60 s timeouts; a ping every 25 s keeps proxies from closing it. */
export const HEARTBEAT_MS = 25_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Close code the server uses when the token is refused (or never sent). */
const UNAUTHORIZED_CLOSE = 4401;

/** Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s, with ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** ws(s)://<this host>/api/ws */
export function realtimeUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/ws`;
}

/** Newest first, as the server lists them (ids grow). */
const newestFirst = (a: Contract, b: Contract) =>
  a.id.length !== b.id.length ? b.id.length - a.id.length : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

function setSummary(summary: AccountSummary): void {
  // The personal center's figures change in place, without a reload.
  queryClient.setQueryData<MeResponse>(queryKeys.me, (me) => (me ? { ...me, summary } : me));
}

/** A contract got its entry tick: its open position now shows the entry price and the countdown. */
function contractOpened(contract: Contract): void {
  queryClient.setQueryData<ContractList>(queryKeys.openContracts, (list) =>
    list ? { items: [contract, ...list.items.filter((c) => c.id !== contract.id)].sort(newestFirst) } : list,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.contract(contract.id) });
}

/** A contract closed: it leaves the positions, heads the closed records, and the figures follow. */
function contractSettled(contract: Contract, summary: AccountSummary): void {
  queryClient.setQueryData<ContractList>(queryKeys.openContracts, (list) =>
    list ? { items: list.items.filter((c) => c.id !== contract.id) } : list,
  );
  queryClient.setQueryData<InfiniteData<ContractPage>>(queryKeys.closedContracts, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || data.pages.some((page) => page.items.some((c) => c.id === contract.id)))
      return data;
    // Later pages start after the previous page's last id, so putting it first shifts nothing.
    return { ...data, pages: [{ ...first, items: [contract, ...first.items] }, ...rest] };
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.contract(contract.id) });
  setSummary(summary);
  // The stake left frozen_trade and the payout (if any) reached cash: fund records changed.
  void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
}

/** What a server message does to the cached answers. */
export function applyServerMessage(message: ServerMessage): void {
  switch (message.type) {
    case "account.updated":
      setSummary(message.summary);
      // Fund records, deposits, withdrawals and the withdrawal quote are stale now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
      // A contract was placed or settled: the open positions and closed records changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.trading });
      return;
    case "contract.opened":
      contractOpened(message.contract);
      return;
    case "contract.settled":
      contractSettled(message.contract, message.summary);
      return;
    default:
      return;
  }
}

function parse(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return typeof value === "object" && value !== null && typeof value.type === "string"
      ? (value as ServerMessage)
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps one WebSocket to /api/ws open for `token`: authenticates with the first message, pings every
 * 25 s, reconnects with backoff after a drop (at once when the browser comes back online), and stops
 * for good when the server refuses the token. Returns the function that closes it.
 */
export function connectRealtime(token: string): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let connectedBefore = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const send = (message: ClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  const clearTimers = () => {
    clearInterval(heartbeat);
    clearTimeout(retry);
    heartbeat = undefined;
    retry = undefined;
  };

  const scheduleReconnect = (delay = backoffDelay(attempt)) => {
    if (stopped) return;
    clearTimers();
    attempt += 1;
    retry = setTimeout(open, delay);
  };

  function open() {
    if (stopped) return;
    clearTimers();
    let ws: WebSocket;
    try {
      ws = new WebSocket(realtimeUrl(window.location));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      send({ type: "auth", token });
      heartbeat = setInterval(() => send({ type: "ping" }), HEARTBEAT_MS);
    };
    ws.onmessage = (event) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === "ready") {
        attempt = 0;
        if (connectedBefore) {
          // Anything that moved while the socket was down is fetched again.
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
          void queryClient.invalidateQueries({ queryKey: queryKeys.cashier });
          void queryClient.invalidateQueries({ queryKey: queryKeys.trading });
        }
        connectedBefore = true;
        return;
      }
      if (message.type === "error" && message.code === "UNAUTHENTICATED") {
        // The session is over; the next login starts a new connection.
        stop();
        return;
      }
      applyServerMessage(message);
    };
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      clearInterval(heartbeat);
      heartbeat = undefined;
      // 4401: the server refused the token; a new login starts a new connection.
      if (event.code === UNAUTHORIZED_CLOSE) stop();
      else scheduleReconnect();
    };
    // onerror is always followed by onclose, which reconnects.
  }

  const online = () => {
    if (socket === null && !stopped) {
      attempt = 0;
      scheduleReconnect(0);
    }
  };

  function stop() {
    stopped = true;
    clearTimers();
    window.removeEventListener("online", online);
    const ws = socket;
    socket = null;
    if (ws) {
      ws.onclose = null;
      ws.onmessage = null;
      ws.close(1000);
    }
  }

  window.addEventListener("online", online);
  open();
  return stop;
}

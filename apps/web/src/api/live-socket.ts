import {
  type ClientMessage,
  SESSION_ENDED_CLOSE_CODE,
  type ServerMessage,
  UNAUTHENTICATED_CLOSE_CODE,
} from "@tickfair/contract";
import { sessionEnded } from "./client";
import { keepSocketOpen, type SocketSession } from "./socket";

/**
 * The app's one WebSocket to /api/ws, whatever the screens want of it: the user's own events while
 * signed in, all products' tickers while a screen shows prices, one product's ticks on its detail page.
 * Screens say what they want (and stop wanting it); this keeps one connection telling the server
 * exactly that — on every (re)connection all of it, in between only what changed — and closes it a
 * little after nothing is wanted any more.
 */

/** Keeps the socket open briefly after the last want ends (home ⇄ products tab). */
const LINGER_MS = 15_000;

export interface ProductWant {
  symbol: string;
  /** The last tick the screen has, so a (re)subscription backfills from there without gaps. */
  fromSeq(): string | null;
}

const wants: { token: string | null; tickers: number; product: ProductWant | null } = {
  token: null,
  tickers: 0,
  product: null,
};
/** What the current connection has been told. */
let told: { token: string | null; tickers: boolean; product: string | null } = {
  token: null,
  tickers: false,
  product: null,
};
/** A token the server refused: not sent again (signing in anew gives another). */
let refusedToken: string | null = null;
const listeners = new Set<(message: ServerMessage) => void>();
let session: SocketSession | null = null;
let linger: ReturnType<typeof setTimeout> | undefined;

const signedIn = () => wants.token !== null && wants.token !== refusedToken;
const needed = () => signedIn() || wants.tickers > 0 || wants.product !== null;

function subscribeProduct(socket: SocketSession, product: ProductWant): void {
  const fromSeq = product.fromSeq();
  socket.send(
    fromSeq
      ? { type: "subscribe.product", symbol: product.symbol, fromSeq }
      : { type: "subscribe.product", symbol: product.symbol },
  );
}

/** Tells a fresh connection everything wanted now. */
function tellAll(socket: SocketSession): void {
  told = { token: null, tickers: false, product: null };
  if (signedIn()) {
    socket.send({ type: "auth", token: wants.token ?? "" });
    told.token = wants.token;
  } else {
    // Public channels answer no "ready"; an open socket is all they need.
    socket.markHealthy();
  }
  if (wants.tickers > 0) {
    socket.send({ type: "subscribe.tickers" });
    told.tickers = true;
  }
  if (wants.product) {
    subscribeProduct(socket, wants.product);
    told.product = wants.product.symbol;
  }
}

function open(): SocketSession {
  return keepSocketOpen({
    onOpen: tellAll,
    onMessage(message, socket) {
      if (message.type === "ready") socket.markHealthy();
      if (message.type === "error" && message.code === "UNAUTHENTICATED") refusedToken = told.token;
      for (const listener of listeners) listener(message);
    },
    reconnectAfter(event) {
      if (event.code === UNAUTHENTICATED_CLOSE_CODE) refusedToken = told.token;
      if (event.code === SESSION_ENDED_CLOSE_CODE && told.token !== null) {
        refusedToken = told.token;
        sessionEnded(told.token);
      }
      // Public channels still wanted go on without the refused token.
      if (needed()) return true;
      session = null;
      return false;
    },
  });
}

function close(): void {
  clearTimeout(linger);
  linger = undefined;
  session?.stop();
  session = null;
}

function send(message: ClientMessage): void {
  session?.send(message);
}

/** Brings the connection in line with what is wanted. */
function sync(): void {
  // A connection keeps the user it signed in as: signing out (or in as someone else) starts afresh.
  if (session && told.token !== null && told.token !== (signedIn() ? wants.token : null)) close();
  if (!needed()) {
    if (session && linger === undefined) linger = setTimeout(close, LINGER_MS);
    return;
  }
  clearTimeout(linger);
  linger = undefined;
  if (!session) {
    session = open();
    return;
  }
  if (told.token === null && signedIn()) {
    send({ type: "auth", token: wants.token ?? "" });
    told.token = wants.token;
  }
  const tickers = wants.tickers > 0;
  if (tickers !== told.tickers) {
    send({ type: tickers ? "subscribe.tickers" : "unsubscribe.tickers" });
    told.tickers = tickers;
  }
  const product = wants.product?.symbol ?? null;
  if (product !== told.product) {
    if (wants.product && session) subscribeProduct(session, wants.product);
    else send({ type: "unsubscribe.product" });
    told.product = product;
  }
}

/** Every server message, for as long as the returned function is not called. */
export function listen(listener: (message: ServerMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's own events for `token` (null: signed out). */
export function setAccountToken(token: string | null): void {
  wants.token = token;
  sync();
}

/** All products' tickers, until the returned function is called (wants are counted). */
export function wantTickers(): () => void {
  wants.tickers += 1;
  sync();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    wants.tickers -= 1;
    sync();
  };
}

/** One product's ticks (the latest want replaces an earlier one), until the returned function is called. */
export function wantProduct(product: ProductWant): () => void {
  wants.product = product;
  sync();
  return () => {
    if (wants.product !== product) return;
    wants.product = null;
    sync();
  };
}

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

/** The chat page's own conversation. */
export interface ChatWant {
  /** The last seq the page has ("0": none), so a (re)follow delivers exactly what it missed. */
  after(): string;
}

const wants: {
  token: string | null;
  tickers: number;
  product: ProductWant | null;
  chat: ChatWant | null;
} = {
  token: null,
  tickers: 0,
  product: null,
  chat: null,
};
/** What the current connection has been told; `ready`: the server took its token. */
let told: {
  token: string | null;
  ready: boolean;
  tickers: boolean;
  product: string | null;
  chat: ChatWant | null;
} = {
  token: null,
  ready: false,
  tickers: false,
  product: null,
  chat: null,
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
  told = { token: null, ready: false, tickers: false, product: null, chat: null };
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
      if (message.type === "ready") {
        socket.markHealthy();
        told.ready = true;
        followChat();
      }
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

/**
 * A conversation is followed only once the server took the token ("ready"): sent earlier, the
 * follow would be refused as unauthenticated.
 */
function followChat(): void {
  if (!told.ready || !wants.chat || told.chat === wants.chat) return;
  send({ type: "chat.follow", after: wants.chat.after() });
  told.chat = wants.chat;
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
  followChat();
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

/**
 * The signed-in user's conversation, from after the seq the page has and again from wherever it is
 * after every reconnection, until the returned function is called. There is no unfollow: a socket
 * that followed goes on getting the messages, which nothing listens to any more.
 */
export function wantChat(chat: ChatWant): () => void {
  wants.chat = chat;
  sync();
  return () => {
    if (wants.chat !== chat) return;
    wants.chat = null;
    told.chat = null;
  };
}

/** Tells support the user is typing (the caller keeps it to one every few seconds). */
export function sendChatTyping(): void {
  if (told.ready) send({ type: "chat.typing" });
}

import type { AddressInfo } from "node:net";
import type { ServerMessage } from "@tickfair/contract";
import { afterAll, beforeAll, expect } from "vitest";
import WebSocket from "ws";
import type { Config } from "../platform/config";
import { useTestApp } from "./harness";

export interface TestSocket {
  socket: WebSocket;
  /** The next message, in order (5 s at most). */
  next: () => Promise<ServerMessage>;
  /** The messages that arrived and were not taken yet. */
  unread: () => ServerMessage[];
  /**
   * Settles when the socket closes, with the close code the server sent; fails unless that is within
   * 5 s of reading it. The server's periodic session check would close it within 30 s anyway: a test
   * that waited for that would pass without the event it means to prove.
   */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Fails the test unless nothing else is queued for this socket: a ping is answered next. */
  nothingElse: () => Promise<void>;
}

/** A WebSocket to the server whose messages a test takes one at a time, in order (5 s each at most). */
export async function openTestSocket(url: string): Promise<TestSocket> {
  const socket = new WebSocket(url);
  const queue: ServerMessage[] = [];
  const waiting: ((message: ServerMessage) => void)[] = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as ServerMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closing = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = () =>
    new Promise<ServerMessage>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error("no message within 5 s")), 5000);
      waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  await new Promise((resolve, reject) => {
    socket.on("open", resolve);
    socket.on("error", reject);
  });
  const nothingElse = async () => {
    socket.send(JSON.stringify({ type: "ping" }));
    expect(await next()).toEqual({ type: "pong" });
  };
  return {
    socket,
    next,
    unread: () => [...queue],
    get closed() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error("not closed within 5 s")), 5000);
      });
      return Promise.race([closing, late]).finally(() => clearTimeout(timer));
    },
    nothingElse,
  };
}

/** A socket signed in with the session `token`: the server has answered it "ready". */
export async function openSignedInSocket(url: string, token: string): Promise<TestSocket> {
  const client = await openTestSocket(url);
  client.socket.send(JSON.stringify({ type: "auth", token }));
  expect(await client.next()).toEqual({ type: "ready" });
  return client;
}

/** A socket signed in with an operator's session `token` (the console's): the server answered "ready". */
export async function openOperatorSocket(url: string, token: string): Promise<TestSocket> {
  const client = await openTestSocket(url);
  client.socket.send(JSON.stringify({ type: "operator.auth", token }));
  expect(await client.next()).toEqual({ type: "ready" });
  return client;
}

/** Every message that came before the answer to a ping: what the socket heard up to now. */
export async function heardSoFar(client: TestSocket): Promise<ServerMessage[]> {
  client.socket.send(JSON.stringify({ type: "ping" }));
  const heard: ServerMessage[] = [];
  for (let message = await client.next(); message.type !== "pong"; message = await client.next())
    heard.push(message);
  return heard;
}

/** The bearer token of a signed-in caller's headers, as a socket's auth message sends it. */
export const tokenOf = (headers: Record<string, string>) =>
  (headers.authorization ?? "").replace(/^Bearer /, "");

/**
 * The test app listening on a free port, for tests that open real sockets; `socketUrl()` is the
 * socket's address once it listens. `userSocketOf` opens one signed in with a user's session token,
 * `consoleSocketOf` one signed in as the operator whose headers it is given.
 */
export function useListeningApp(overrides: Partial<Config> = {}) {
  const t = useTestApp(overrides);
  let url = "";
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
  });
  afterAll(async () => {
    await t.app.close();
  });
  return {
    t,
    socketUrl: () => url,
    userSocketOf: (token: string) => openSignedInSocket(url, token),
    consoleSocketOf: (headers: Record<string, string>) => openOperatorSocket(url, tokenOf(headers)),
  };
}

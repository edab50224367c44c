import type { ServerMessage } from "@tickfair/contract";
import WebSocket from "ws";

export interface TestSocket {
  socket: WebSocket;
  /** The next message, in order (5 s at most). */
  next: () => Promise<ServerMessage>;
  /** The messages that arrived and were not taken yet. */
  unread: () => ServerMessage[];
  /** Settles when the socket closes, with the close code the server sent. */
  closed: Promise<{ code: number; reason: string }>;
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
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
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
  return { socket, next, unread: () => [...queue], closed };
}

import type { ServerMessage } from "@tickfair/contract";
import WebSocket from "ws";

/** A WebSocket to the server whose messages a test takes one at a time, in order (5 s each at most). */
export async function openTestSocket(
  url: string,
): Promise<{ socket: WebSocket; next: () => Promise<ServerMessage> }> {
  const socket = new WebSocket(url);
  const queue: ServerMessage[] = [];
  const waiting: ((message: ServerMessage) => void)[] = [];
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as ServerMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
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
  return { socket, next };
}

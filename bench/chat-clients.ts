/**
 * The load of `npm run bench -- chat`, in a process of its own: every user's socket on server A follows
 * their conversation, an operator socket per conversation on server B follows it too; then each user
 * sends one message a second over HTTP to A for `durationMs`. A message's lag is the time from just
 * before its request left to its arrival on the operator's socket (both clocks this machine's). The
 * first `warmUpMs` send at the same pace but are not timed: a running server has its code compiled, its
 * connections open and its statements prepared. Every (conversation, seq) the operators get is counted,
 * warm-up included: a second arrival is a duplicate; a message answered 201 that never arrives is lost.
 *
 * Input: one JSON argument naming the file that holds the ChatClientsOptions (2,000 tokens do not fit
 * in a command line). Output: progress on stderr, one JSON line on stdout.
 */
import fs from "node:fs";
import http from "node:http";
import WebSocket from "ws";
import { quantile } from "./bench";

export interface ChatClientsOptions {
  /** ws://…/api/ws of each server. */
  userSocketUrl: string;
  operatorSocketUrl: string;
  /** http://… of the server the users post to. */
  userOrigin: string;
  users: { token: string; conversationId: string }[];
  operatorToken: string;
  durationMs: number;
  /** Sending at the same pace before `durationMs`, untimed. */
  warmUpMs: number;
  /** How long after the last send to wait for stragglers. */
  drainMs: number;
}

export interface ChatClientsResult {
  sent: number;
  refused: number;
  received: number;
  lost: number;
  duplicated: number;
  p50LagMs: number;
  p99LagMs: number;
  maxLagMs: number;
  /** The p99 lag of the messages sent in each 5 s of the timed run: a queue shows as a rising line. */
  p99LagMsBy5s: number[];
}

/** A socket signed in with `auth`, then (once the server said "ready") sent `then`. */
function openSocket(
  url: string,
  auth: object,
  then: object[],
  onMessage: (data: string) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let ready = false;
    socket.on("message", (raw) => {
      const data = raw.toString();
      if (ready) return onMessage(data);
      if (data !== '{"type":"ready"}') return reject(new Error(`not signed in: ${data}`));
      ready = true;
      for (const message of then) socket.send(JSON.stringify(message));
      resolve(socket);
    });
    socket.once("error", reject);
    socket.once("open", () => socket.send(JSON.stringify(auth)));
  });
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

export async function runChatClients(options: ChatClientsOptions): Promise<ChatClientsResult> {
  const lags: number[] = [];
  /** [when sent, lag] of each timed message. */
  const timed: [number, number][] = [];
  const seen = new Set<string>();
  let duplicated = 0;
  const sockets: WebSocket[] = [];
  const onOperatorMessage = (data: string) => {
    const arrived = Date.now();
    if (!data.startsWith('{"type":"chat.message"')) return;
    const message = JSON.parse(data) as { conversationId: string; message: { seq: string; body: string } };
    const key = `${message.conversationId}:${message.message.seq}`;
    if (seen.has(key)) {
      duplicated++;
      return;
    }
    seen.add(key);
    const [phase, stamp] = message.message.body.split(" ");
    const sentAt = Number(stamp);
    if (phase === "sent" && Number.isFinite(sentAt)) timed.push([sentAt, arrived - sentAt]);
  };

  await inBatches(options.users, 100, async (user) => {
    // The users follow their own conversations too, as their open page does.
    sockets.push(
      await openSocket(
        options.userSocketUrl,
        { type: "auth", token: user.token },
        [{ type: "chat.follow", after: "0" }],
        () => {},
      ),
      await openSocket(
        options.operatorSocketUrl,
        { type: "operator.auth", token: options.operatorToken },
        [{ type: "chat.follow", conversationId: user.conversationId, after: "0" }],
        onOperatorMessage,
      ),
    );
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  process.stderr.write(
    `  chat-clients: ${sockets.length} sockets open; sending for ${options.durationMs / 1000} s\n`,
  );

  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let sent = 0;
  let refused = 0;
  const post = (user: ChatClientsOptions["users"][number], n: number, phase: "warm" | "sent") =>
    new Promise<void>((resolve) => {
      const sentAt = Date.now();
      const body = JSON.stringify({
        clientKey: `bench-${user.conversationId}-${n}`,
        body: `${phase} ${sentAt}`,
      });
      const outgoing = http.request(
        `${options.userOrigin}/api/v1/chat/messages`,
        {
          method: "POST",
          agent,
          headers: {
            authorization: `Bearer ${user.token}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode === 201) sent++;
            else refused++;
            resolve();
          });
        },
      );
      outgoing.on("error", () => {
        refused++;
        resolve();
      });
      outgoing.end(body);
    });
  const warmUpSeconds = Math.ceil(options.warmUpMs / 1000);
  const started = Date.now();
  const timedFrom = started + warmUpSeconds * 1000;
  const inFlight: Promise<void>[] = [];
  for (let second = 0; (second - warmUpSeconds) * 1000 < options.durationMs; second++) {
    const phase = second < warmUpSeconds ? "warm" : "sent";
    // Each user's message of this second at its own moment in it, as people type.
    for (const [index, user] of options.users.entries()) {
      const at = started + second * 1000 + (index * 1000) / options.users.length;
      inFlight.push(
        new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()))).then(() =>
          post(user, second, phase),
        ),
      );
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + (second + 1) * 1000 - Date.now())),
    );
  }
  await Promise.allSettled(inFlight);
  await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  for (const socket of sockets) socket.terminate();
  agent.destroy();
  const windows: number[][] = [];
  for (const [sentAt, lag] of timed) {
    lags.push(lag);
    const index = Math.floor((sentAt - timedFrom) / 5000);
    const window = windows[index] ?? [];
    window.push(lag);
    windows[index] = window;
  }
  lags.sort((a, b) => a - b);
  return {
    sent,
    refused,
    received: seen.size,
    lost: Math.max(0, sent - seen.size),
    duplicated,
    p50LagMs: quantile(lags, 0.5),
    p99LagMs: quantile(lags, 0.99),
    maxLagMs: lags[lags.length - 1] ?? 0,
    p99LagMsBy5s: [...windows].map((window) =>
      quantile(
        (window ?? []).sort((a, b) => a - b),
        0.99,
      ),
    ),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { optionsFile } = JSON.parse(process.argv[2] ?? "") as { optionsFile: string };
  const options = JSON.parse(fs.readFileSync(optionsFile, "utf8")) as ChatClientsOptions;
  const result = await runChatClients(options);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

/**
 * The WebSocket load of `npm run bench -- trading`, in a process of its own (bench/trading.ts spawns it
 * with tsx): opens `clients` connections to /api/ws, each sending {"type":"subscribe.tickers"}, a few
 * at a time; once every one has answered or failed, listens for `windowMs` and takes, for every
 * `tickers` message of every client, its delivery lag = receive time − the message's `at` (the server's
 * send time). Both clocks are this machine's.
 *
 * The receive time is taken first thing in the message handler; only the message's head is decoded to
 * find `at`, so the clients' own work adds as little as it can to the figure.
 *
 * Input: one JSON argument (WsOptions). Output: progress on stderr, one JSON line (WsResult) on stdout.
 */
import fs from "node:fs";
import WebSocket from "ws";
import { quantile } from "./bench";

export interface WsOptions {
  /** e.g. ws://127.0.0.1:41234/api/ws */
  url: string;
  clients: number;
  /** Connections being opened at the same time. */
  openConcurrency: number;
  /** Give up on a connection that has not answered its subscription after this long. */
  openTimeoutMs: number;
  windowMs: number;
}

export interface WsResult {
  /** Connections open and subscribed when the window started. */
  connected: number;
  /** Connections that failed to open or subscribe, by error code (EMFILE, ECONNRESET, timeout…). */
  failed: Record<string, number>;
  /** Connections closed by the server or the network during the window. */
  closedDuringWindow: number;
  openSeconds: number;
  /** `tickers` messages received in the window, over all clients. */
  messages: number;
  /** Connections that received at least one `tickers` message in the window. */
  clientsWithMessages: number;
  p50LagMs: number;
  p99LagMs: number;
  maxLagMs: number;
  /** The process's open-file limit as Node left it (soft limit). */
  fdLimit: string;
}

const AT = /"type":"tickers","at":"([^"]+)"/;

export async function runWsClients(options: WsOptions): Promise<WsResult> {
  const sockets: WebSocket[] = [];
  const failed: Record<string, number> = {};
  const lags: number[] = [];
  const received = new Uint32Array(options.clients);
  let measuring = false;
  let windowEnd = Number.POSITIVE_INFINITY;
  let closedDuringWindow = 0;

  const open = (index: number) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const done = (failure?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (failure) {
          failed[failure] = (failed[failure] ?? 0) + 1;
          socket.terminate();
        } else sockets.push(socket);
        resolve();
      };
      const socket = new WebSocket(options.url, { perMessageDeflate: false });
      const timer = setTimeout(() => done("timeout"), options.openTimeoutMs);
      socket.on("open", () => socket.send(JSON.stringify({ type: "subscribe.tickers" })));
      socket.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
      socket.on("close", () => {
        if (measuring && Date.now() <= windowEnd) closedDuringWindow++;
        done("closed");
      });
      socket.on("message", (data: Buffer) => {
        const at = Date.now();
        if (!settled) {
          // The answer to the subscription: the connection is ready.
          done();
          return;
        }
        if (!measuring || at > windowEnd) return;
        let sentAt = AT.exec(data.toString("latin1", 0, 80))?.[1];
        if (sentAt === undefined) {
          // Not in the usual shape: read the whole message.
          const message = JSON.parse(data.toString("utf8")) as { type?: string; at?: string };
          if (message.type !== "tickers" || !message.at) return;
          sentAt = message.at;
        }
        lags.push(at - Date.parse(sentAt));
        received[index] = (received[index] ?? 0) + 1;
      });
    });

  const openStarted = performance.now();
  let nextIndex = 0;
  let lastReport = performance.now();
  await Promise.all(
    Array.from({ length: options.openConcurrency }, async () => {
      while (nextIndex < options.clients) {
        await open(nextIndex++);
        if (performance.now() - lastReport > 2000) {
          lastReport = performance.now();
          process.stderr.write(`  ws-clients: ${sockets.length} subscribed of ${nextIndex} opened\n`);
        }
      }
    }),
  );
  const openSeconds = (performance.now() - openStarted) / 1000;
  const connected = sockets.length;
  process.stderr.write(
    `  ws-clients: ${connected} subscribed in ${openSeconds.toFixed(1)} s; measuring ${options.windowMs / 1000} s\n`,
  );

  windowEnd = Date.now() + options.windowMs;
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, options.windowMs + 200));
  measuring = false;
  for (const socket of sockets) socket.terminate();

  lags.sort((a, b) => a - b);
  return {
    connected,
    failed,
    closedDuringWindow,
    openSeconds,
    messages: lags.length,
    clientsWithMessages: received.filter((count) => count > 0).length,
    p50LagMs: quantile(lags, 0.5),
    p99LagMs: quantile(lags, 0.99),
    maxLagMs: lags[lags.length - 1] ?? 0,
    fdLimit: fdLimit(),
  };
}

/** The soft RLIMIT_NOFILE of this process, read from /proc where there is one. */
function fdLimit(): string {
  try {
    const limits = fs.readFileSync("/proc/self/limits", "utf8");
    const line = limits.split("\n").find((l) => l.startsWith("Max open files"));
    return line?.split(/\s{2,}/)[1] ?? "unknown";
  } catch {
    return "unknown";
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const options = JSON.parse(process.argv[2] ?? "") as WsOptions;
  const result = await runWsClients(options);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

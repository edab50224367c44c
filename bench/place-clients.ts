/**
 * The HTTP load of `npm run bench -- trading`, in a process of its own so the server's event loop is not
 * also the clients' (bench/trading.ts spawns it with tsx). `concurrency` workers POST
 * /api/v1/trading/contracts over keep-alive connections, each request with its own Idempotency-Key and
 * the Bearer token of the next user round-robin, for warm-up + duration. A user is only picked while the
 * stakes sent for them stay within the balance they were given, so no order can fail for lack of money.
 * Each order carries the product's latest quote, followed twice a second as a phone follows the ticker.
 *
 * Input: one JSON argument (PlaceOptions). Output: progress on stderr, one JSON line (PlaceResult) on stdout.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { MeasuredWindow, type WindowFigures } from "./bench";

export interface PlaceOptions {
  /** Origin of the running server, e.g. http://127.0.0.1:41234 */
  origin: string;
  tokens: string[];
  /** Each user's available balance before the run, in minor units. */
  balanceMinor: number;
  symbol: string;
  durationSeconds: number;
  /** Decimal money string, e.g. "10.00". */
  stake: string;
  stakeMinor: number;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
}

export interface PlaceResult extends Omit<WindowFigures, "count"> {
  /** Orders the server accepted (201), warm-up included. */
  accepted: number;
  /** Orders accepted inside the measured window. */
  placed: number;
  /** Answers other than 201, by status (0: the request itself failed). */
  failures: Record<string, number>;
  firstFailure: string | null;
  /** Users whose balance could not cover another stake (0 unless the balances were too small). */
  exhaustedUsers: number;
  /** The most stake sent for one user, in minor units (≤ balanceMinor by construction). */
  maxStakedMinor: number;
}

function postJson(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The product's latest tick seq, read every 500 ms until the returned stop is called. */
async function followQuote(origin: string, symbol: string): Promise<{ seq(): string; stop(): void }> {
  const url = new URL(`/api/v1/market/products/${encodeURIComponent(symbol)}`, origin);
  const read = async () => {
    const product = (await (await fetch(url)).json()) as { ticker: { seq: string } | null };
    if (!product.ticker) throw new Error(`${symbol} has no ticker yet`);
    return product.ticker.seq;
  };
  let latest = await read();
  const timer = setInterval(() => {
    read().then(
      (seq) => {
        latest = seq;
      },
      () => {},
    );
  }, 500);
  return { seq: () => latest, stop: () => clearInterval(timer) };
}

export async function runPlacements(options: PlaceOptions): Promise<PlaceResult> {
  const quote = await followQuote(options.origin, options.symbol);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const url = new URL("/api/v1/trading/contracts", options.origin);
  const staked = new Array<number>(options.tokens.length).fill(0);
  const run = randomBytes(6).toString("hex");
  let next = 0;
  let sequence = 0;
  let accepted = 0;
  let exhausted = 0;
  let firstFailure: string | null = null;
  const failures: Record<string, number> = {};
  const measured = new MeasuredWindow(options);

  /** The next user round-robin whose balance still covers a stake; null when none does. */
  const pickUser = (): number | null => {
    for (let tries = 0; tries < options.tokens.length; tries++) {
      const user = next++ % options.tokens.length;
      if ((staked[user] ?? 0) + options.stakeMinor <= options.balanceMinor) return user;
    }
    return null;
  };

  const worker = async () => {
    while (measured.running) {
      const user = pickUser();
      if (user === null) {
        exhausted = options.tokens.length;
        return;
      }
      staked[user] = (staked[user] ?? 0) + options.stakeMinor;
      sequence++;
      const body = JSON.stringify({
        symbol: options.symbol,
        direction: sequence % 2 === 0 ? "up" : "down",
        stake: options.stake,
        durationSeconds: options.durationSeconds,
        quoteSeq: quote.seq(),
      });
      const headers = {
        authorization: `Bearer ${options.tokens[user]}`,
        "idempotency-key": `bench-${run}-${sequence}`,
      };
      const t0 = performance.now();
      let status = 0;
      let text = "";
      try {
        ({ status, body: text } = await postJson(agent, url, headers, body));
      } catch (error) {
        text = String(error);
      }
      const t1 = performance.now();
      if (status === 201) {
        accepted++;
        measured.record(t0, t1);
      } else {
        // A refused order froze nothing: give the stake back to the user's budget.
        staked[user] = (staked[user] ?? 0) - options.stakeMinor;
        failures[status] = (failures[status] ?? 0) + 1;
        firstFailure ??= `${status} ${text.slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  quote.stop();

  const { count, ...figures } = measured.figures();
  return {
    accepted,
    placed: count,
    ...figures,
    failures,
    firstFailure,
    exhaustedUsers: exhausted,
    maxStakedMinor: Math.max(0, ...staked),
  };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const options = JSON.parse(process.argv[2] ?? "") as PlaceOptions;
  const result = await runPlacements(options);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/**
 * The HTTP load of `npm run bench -- trading`, in a process of its own so the server's event loop is not
 * also the clients' (bench/trading.ts spawns it with tsx). `concurrency` workers POST
 * /api/v1/trading/contracts over keep-alive connections, each request with its own Idempotency-Key and
 * the Bearer token of the next user round-robin, for warm-up + duration. A user is only picked while the
 * stakes sent for them stay within the balance they were given, so no order can fail for lack of money.
 *
 * Input: one JSON argument (PlaceOptions). Output: progress on stderr, one JSON line (PlaceResult) on stdout.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";

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

export interface PlaceResult {
  /** Orders the server accepted (201), warm-up included. */
  accepted: number;
  /** Orders accepted inside the measured window. */
  placed: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Orders accepted in the window's first and last whole second. */
  firstSecond: number;
  lastSecond: number;
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

export async function runPlacements(options: PlaceOptions): Promise<PlaceResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const url = new URL("/api/v1/trading/contracts", options.origin);
  const staked = new Array<number>(options.tokens.length).fill(0);
  const run = randomBytes(6).toString("hex");
  let next = 0;
  let sequence = 0;
  let accepted = 0;
  let placed = 0;
  let exhausted = 0;
  let firstFailure: string | null = null;
  const failures: Record<string, number> = {};
  const latencies: number[] = [];
  const perSecond = new Array<number>(Math.ceil(options.durationMs / 1000)).fill(0);
  const started = performance.now();
  const windowStart = started + options.warmupMs;
  const windowEnd = windowStart + options.durationMs;

  /** The next user round-robin whose balance still covers a stake; null when none does. */
  const pickUser = (): number | null => {
    for (let tries = 0; tries < options.tokens.length; tries++) {
      const user = next++ % options.tokens.length;
      if ((staked[user] ?? 0) + options.stakeMinor <= options.balanceMinor) return user;
    }
    return null;
  };

  const worker = async () => {
    while (performance.now() < windowEnd) {
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
        if (t0 >= windowStart && t1 <= windowEnd) {
          placed++;
          latencies.push(t1 - t0);
          const second = Math.floor((t1 - windowStart) / 1000);
          perSecond[second] = (perSecond[second] ?? 0) + 1;
        }
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

  latencies.sort((a, b) => a - b);
  const quantile = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const seconds = options.durationMs / 1000;
  return {
    accepted,
    placed,
    seconds,
    perSecond: placed / seconds,
    p50Ms: quantile(0.5),
    p99Ms: quantile(0.99),
    firstSecond: perSecond[0] ?? 0,
    lastSecond: perSecond[perSecond.length - 1] ?? 0,
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

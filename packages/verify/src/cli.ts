import { readFile } from "node:fs/promises";
import { type PublishedChain, type PublishedEpoch, type RecordedTick, verifyEpoch } from "./verify-epoch";
import { verifyReceipt } from "./verify-receipt";

/**
 * `npm run verify -- receipt FILE` and `npm run verify -- epoch --symbol S --index K --url URL`: one
 * JSON line on stdout; exit 0 only when everything matches, 1 when something does not, 2 when the
 * command could not check at all (bad arguments, an unreadable file, an unreachable server).
 */

const USAGE = "usage: verify receipt FILE | verify epoch --symbol S --index K --url URL";

class CannotCheck extends Error {}

function print(line: object): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

async function receipt(file: string | undefined): Promise<boolean> {
  if (!file) throw new CannotCheck(USAGE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new CannotCheck(`cannot read ${file}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    print({ ok: false, checks: [{ name: "format", ok: false, reason: `${file} is not JSON`, seq: null }] });
    return false;
  }
  const { ok, checks } = verifyReceipt(value);
  print({ ok, checks });
  return ok;
}

function option(args: readonly string[], name: string): string {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? args[at + 1] : undefined;
  if (value === undefined || value.startsWith("--")) throw new CannotCheck(USAGE);
  return value;
}

async function getJson<T>(url: URL): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" } });
  } catch {
    throw new CannotCheck(`cannot reach ${url.origin}`);
  }
  if (!response.ok) throw new CannotCheck(`${url.pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

async function findEpoch(base: URL, index: number): Promise<PublishedEpoch> {
  let cursor: string | null = null;
  do {
    const url = new URL("api/v1/fairness/epochs", base);
    url.searchParams.set("limit", "100");
    if (cursor) url.searchParams.set("cursor", cursor);
    const page = await getJson<{ items: PublishedEpoch[]; nextCursor: string | null }>(url);
    const found = page.items.find((epoch) => epoch.index === index);
    if (found) return found;
    // Newest first: past the index, it is not there.
    if (page.items.some((epoch) => epoch.index < index)) break;
    cursor = page.nextCursor;
  } while (cursor);
  throw new CannotCheck(`the server lists no epoch ${index}`);
}

/** Every recorded tick of `symbol` from `from` up to (not including) `to`, oldest first. */
async function recordedTicks(base: URL, symbol: string, from: string, to: string): Promise<RecordedTick[]> {
  const ticks: RecordedTick[] = [];
  const end = Date.parse(to);
  for (;;) {
    const url = new URL(`api/v1/market/products/${encodeURIComponent(symbol)}/ticks`, base);
    const last = ticks.at(-1);
    if (last) url.searchParams.set("fromSeq", String(BigInt(last.seq) + 1n));
    else url.searchParams.set("from", from);
    url.searchParams.set("to", to);
    url.searchParams.set("limit", "1000");
    const { items } = await getJson<{ items: RecordedTick[] }>(url);
    const inside = items.filter(
      (tick) => Date.parse(tick.time) < end && Date.parse(tick.time) >= Date.parse(from),
    );
    ticks.push(...inside);
    if (items.length < 1000 || inside.length === 0) return ticks;
  }
}

async function epoch(args: readonly string[]): Promise<boolean> {
  const symbol = option(args, "symbol");
  const index = Number(option(args, "index"));
  if (!Number.isSafeInteger(index) || index < 1) throw new CannotCheck("--index is an epoch number from 1");
  const text = option(args, "url");
  let base: URL;
  try {
    base = new URL(text.endsWith("/") ? text : `${text}/`);
  } catch {
    throw new CannotCheck(`not a URL: ${text}`);
  }
  const chain = await getJson<PublishedChain>(new URL("api/v1/fairness", base));
  const published = await findEpoch(base, index);
  const recorded = await recordedTicks(base, symbol, published.startsAt, published.endsAt);
  // The epoch before it, when this chain lists one: its close must be this epoch's opening.
  const previous = index > 1 ? await findEpoch(base, index - 1).catch(() => null) : null;
  const verification = verifyEpoch(chain, published, symbol, recorded, previous);
  print(verification);
  return verification.ok;
}

async function main(args: readonly string[]): Promise<number> {
  try {
    const [command, ...rest] = args;
    if (command === "receipt") return (await receipt(rest[0])) ? 0 : 1;
    if (command === "epoch") return (await epoch(rest)) ? 0 : 1;
    throw new CannotCheck(USAGE);
  } catch (error) {
    if (!(error instanceof CannotCheck)) throw error;
    print({ ok: false, error: error.message });
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));

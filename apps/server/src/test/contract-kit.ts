import { assignEntries } from "../trading/service";
import { settleDueContracts } from "../trading/settlement";
import { key, postWithKey, toppedUpUser } from "./cashier-fixtures";
import type { TestContext } from "./harness";
import { quoted } from "./trading-fixtures";

export const BTC = "BTC/USDT";
export const ETH = "ETH/USDT";

export const at = (base: Date, ms: number) => new Date(base.getTime() + ms).toISOString();

/**
 * What the trading tests drive contracts with, on a test app without the simulated feed: every tick is
 * recorded by the test, at times the manual clock sets.
 */
export function contractKit(t: TestContext) {
  /** What a worker run does: entries that have arrived first, then whatever is due. */
  async function settle(batchSize?: number) {
    await assignEntries(t.db);
    return settleDueContracts(t.db, t.clock.now(), batchSize);
  }

  /** Each test starts an hour after the previous one, so its ticks continue every product's chain. */
  function nextHour(): Date {
    t.clock.advance(60 * 60_000);
    return t.clock.now();
  }

  const fundedUser = (amount: string) => toppedUpUser(t, amount);
  const setStatus = (symbol: string, status: "open" | "maintenance") =>
    t.db
      .withTables<{ products: { symbol: string; status: "open" | "maintenance" } }>()
      .updateTable("products")
      .set({ status })
      .where("symbol", "=", symbol)
      .execute();

  /** An order as the app sends it: with a fresh quote of its product unless the test names one. */
  const place = async (
    auth: Record<string, string>,
    body: Record<string, unknown>,
    idempotencyKey: string | null = key(),
  ) => postWithKey(t.app, "/api/v1/trading/contracts", auth, await quoted(t, body), idempotencyKey);

  const order = (overrides: Record<string, unknown> = {}) => ({
    symbol: BTC,
    direction: "up",
    stake: "100.00",
    durationSeconds: 60,
    ...overrides,
  });

  async function stillRunning(): Promise<number> {
    const rows = await t.db
      .withTables<{ contracts: { status: string } }>()
      .selectFrom("contracts")
      .select(["status"])
      .where("status", "in", ["pending", "open"])
      .execute();
    return rows.length;
  }

  async function contractsOf(userId: bigint) {
    return t.db
      .withTables<{ contracts: { user_id: bigint; status: string } }>()
      .selectFrom("contracts")
      .select(["status"])
      .where("user_id", "=", userId)
      .execute();
  }

  return { settle, nextHour, fundedUser, setStatus, place, order, stillRunning, contractsOf };
}

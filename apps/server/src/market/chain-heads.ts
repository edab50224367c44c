import type { Executor } from "../platform/db";

/** The latest tick of each product (an index lookup per product, never a scan of the ticks). */
export async function chainHeads(m: Executor, symbols?: readonly string[]) {
  return m
    .selectFrom("products as p")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("ticks as t")
          .select(["t.seq", "t.hash", "t.time", "t.price"])
          .whereRef("t.symbol", "=", "p.symbol")
          .orderBy("t.seq", "desc")
          .limit(1)
          .as("h"),
      (join) => join.onTrue(),
    )
    .select(["p.symbol", "p.price_precision", "p.volume_precision", "h.seq", "h.hash", "h.time", "h.price"])
    .$if(symbols !== undefined, (q) => q.where("p.symbol", "in", symbols ?? []))
    .execute();
}

/** Where each product's chain stands: the simulator resumes from these prices. */
export async function lastTicks(
  db: Executor,
): Promise<Map<string, { seq: bigint; price: bigint; time: Date }>> {
  const heads = await chainHeads(db);
  return new Map(heads.map((head) => [head.symbol, { seq: head.seq, price: head.price, time: head.time }]));
}

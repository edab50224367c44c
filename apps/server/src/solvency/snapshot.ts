import { createHash, createHmac, randomBytes } from "node:crypto";
import { USER_ACCOUNT_KINDS } from "@tickfair/contract";
import { type HashText, leafNode, type SumNode, sumTreeLevels } from "@tickfair/verify";
import { sql } from "kysely";
import { bigintArray, type Db, type Tx } from "../platform/db";

/** node:crypto's SHA-256: the same rule as the phone's, many times faster over a million leaves. */
export const sha256Text: HashText = (text) => createHash("sha256").update(text).digest("hex");

/** pg_advisory_xact_lock key of the snapshot writer: ASCII "solvency". */
const SNAPSHOT_LOCK_KEY = "8317145924366935417";

/** Rows per insert statement: one parameter per column, so the statement's size never grows. */
const WRITE_CHUNK = 20_000;

export interface Liability {
  userId: bigint;
  balance: bigint;
}

/**
 * Every user with their liability as the ledger holds it now: what their five accounts (available,
 * frozen for trades and withdrawals, Yu'ebao pending and confirmed; never the practice account's virtual
 * units, which the platform owes nobody) hold, read in one statement so
 * every balance comes from the same committed state. A day's snapshot counts the ledger as it stands
 * when it is taken, in the minutes after the day closes, rather than rebuilding midnight from the
 * entries' times: a request that waited on a lock across midnight stamps its entries before it while
 * spending money stamped after it, so a sum by time can be a state the ledger never held, even a
 * negative one.
 */
export async function liabilitiesNow(db: Db | Tx): Promise<Liability[]> {
  const { rows } = await sql<{ user_id: bigint; balance: bigint }>`
    select u.id as user_id, coalesce(sum(a.balance), 0)::bigint as balance
    from users u left join accounts a on a.user_id = u.id
      and a.kind in (${sql.join(USER_ACCOUNT_KINDS.map((kind) => sql.lit(kind)))})
    group by u.id`.execute(db);
  return rows.map((row) => ({ userId: BigInt(row.user_id), balance: BigInt(row.balance) }));
}

export interface BuiltTree {
  /** The leaves' users, nonces and balances in leaf order. */
  leaves: { userId: bigint; nonce: string; balance: bigint }[];
  levels: SumNode[][];
}

/**
 * The Merkle-sum tree of these liabilities (docs/solvency.md): each user's leaf gets a fresh random
 * nonce, and the leaves stand in the order of an HMAC of the user's id under a key drawn for this
 * snapshot and then forgotten, so a leaf's place tells nothing of who it is or when they joined.
 */
export function buildTree(liabilities: readonly Liability[], hash: HashText = sha256Text): BuiltTree {
  const orderKey = randomBytes(32);
  const nonces = randomBytes(32 * liabilities.length);
  const keyed = liabilities.map((liability, i) => ({
    order: createHmac("sha256", orderKey).update(liability.userId.toString()).digest("hex"),
    userId: liability.userId,
    nonce: nonces.toString("hex", 32 * i, 32 * (i + 1)),
    balance: liability.balance,
  }));
  keyed.sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  const leaves = keyed.map(({ userId, nonce, balance }) => ({ userId, nonce, balance }));
  const levels = sumTreeLevels(
    leaves.map((leaf) => leafNode(leaf.nonce, leaf.balance, hash)),
    hash,
  );
  return { leaves, levels };
}

export type SnapshotOutcome =
  | { taken: true; day: string; users: number; root: string; totalMinor: bigint }
  | { taken: false; day: string; reason: "exists" | "busy" };

export interface SnapshotInput {
  /** The platform day (YYYY-MM-DD) that has closed, and the instant it ended. */
  day: string;
  cutoff: Date;
  now: () => Date;
  hash?: HashText;
  /** After each chunk of rows is written, inside the transaction (progress; tests stop it there). */
  onChunk?: (written: { leaves: number; nodes: number }) => void | Promise<void>;
}

/**
 * Takes the day's snapshot unless it exists. Exactly once across processes: the writer holds a
 * transaction-scoped advisory lock (another process finding it held leaves the day to that one), and
 * the snapshot, its leaves and its nodes are written in that one transaction, so a process stopped
 * midway leaves nothing behind and the next run starts the day afresh. The day's primary key refuses
 * a second snapshot even so.
 */
export async function takeSnapshot(db: Db, input: SnapshotInput): Promise<SnapshotOutcome> {
  const hash = input.hash ?? sha256Text;
  return db.transaction().execute(async (tx) => {
    const lock = await sql<{ held: boolean }>`
      select pg_try_advisory_xact_lock(${SNAPSHOT_LOCK_KEY}::bigint) as held`.execute(tx);
    if (!lock.rows[0]?.held) return { taken: false, day: input.day, reason: "busy" } as const;
    const existing = await tx
      .selectFrom("solvency_snapshots")
      .select("day")
      .where("day", "=", input.day)
      .executeTakeFirst();
    if (existing) return { taken: false, day: input.day, reason: "exists" } as const;

    const tree = buildTree(await liabilitiesNow(tx), hash);
    const root = tree.levels.at(-1)?.[0] as SumNode;
    await tx
      .insertInto("solvency_snapshots")
      .values({
        day: input.day,
        cutoff: input.cutoff,
        root: root.hash,
        total_minor: root.sum,
        users: tree.leaves.length,
        depth: tree.levels.length - 1,
        taken_at: input.now(),
      })
      .execute();
    await writeTree(tx, input.day, tree, input.onChunk);
    return { taken: true, day: input.day, users: tree.leaves.length, root: root.hash, totalMinor: root.sum };
  });
}

async function writeTree(tx: Tx, day: string, tree: BuiltTree, onChunk: SnapshotInput["onChunk"]) {
  const written = { leaves: 0, nodes: 0 };
  for (let from = 0; from < tree.leaves.length; from += WRITE_CHUNK) {
    const chunk = tree.leaves.slice(from, from + WRITE_CHUNK);
    await sql`
      insert into solvency_leaves (day, user_id, position, nonce, balance_minor)
      select ${day}::date, l.user_id, ${from}::int + l.ord::int - 1, l.nonce, l.balance
      from unnest(${bigintArray(chunk.map((leaf) => leaf.userId))}::bigint[], ${chunk.map((leaf) => leaf.nonce)}::text[],
        ${bigintArray(chunk.map((leaf) => leaf.balance))}::bigint[]) with ordinality as l (user_id, nonce, balance, ord)`.execute(
      tx,
    );
    written.leaves += chunk.length;
    await onChunk?.(written);
  }
  for (const [level, nodes] of tree.levels.entries()) {
    for (let from = 0; from < nodes.length; from += WRITE_CHUNK) {
      const chunk = nodes.slice(from, from + WRITE_CHUNK);
      // The hashes travel as one byte string cut on the server: one parameter, not one per node.
      const hashes = Buffer.from(chunk.map((node) => node.hash).join(""), "hex");
      await sql`
        insert into solvency_nodes (day, level, position, hash, sum_minor)
        select ${day}::date, ${level}::smallint, ${from}::int + n.ord::int - 1,
          substring(${hashes}::bytea from (n.ord::int - 1) * 32 + 1 for 32), n.sum
        from unnest(${bigintArray(chunk.map((node) => node.sum))}::bigint[]) with ordinality as n (sum, ord)`.execute(
        tx,
      );
      written.nodes += chunk.length;
      await onChunk?.(written);
    }
  }
}

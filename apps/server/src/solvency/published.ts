import type { Solvency, SolvencyProof, SolvencyRoot } from "@tickfair/contract";
import { emptyNode, type SumPathStep } from "@tickfair/verify";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { sha256Text } from "./snapshot";

/** The public answer keeps a year and a day of roots: the page shows recent days, not every one ever. */
export const HISTORY_DAYS = 366;

/** Where anyone downloads a public document (the files capability's route). */
export const documentUrl = (id: string) => `/api/v1/documents/${id}`;

interface RootRow {
  day: string;
  root: string;
  total_minor: bigint;
  users: number;
  taken_at: Date;
  document_id: string | null;
  document_name: string | null;
  uploaded_at: Date | null;
}

function asRoot(row: RootRow): SolvencyRoot {
  return {
    day: row.day,
    root: row.root,
    totalMinor: row.total_minor.toString(),
    users: row.users,
    takenAt: row.taken_at.toISOString(),
    attestation:
      row.document_id && row.document_name && row.uploaded_at
        ? {
            url: documentUrl(row.document_id),
            name: row.document_name,
            uploadedAt: row.uploaded_at.toISOString(),
          }
        : null,
  };
}

/** The published roots, newest first, each with its newest attestation. */
export async function solvencyRoots(db: Executor, limit = HISTORY_DAYS): Promise<Solvency> {
  const { rows } = await sql<RootRow>`
    select to_char(s.day, 'YYYY-MM-DD') as day, s.root, s.total_minor, s.users, s.taken_at,
      a.document_id::text as document_id, a.name as document_name, a.uploaded_at
    from solvency_snapshots s
    left join lateral (
      select t.document_id, d.name, t.uploaded_at from solvency_attestations t
      join public_documents d on d.id = t.document_id
      where t.day = s.day order by t.id desc limit 1
    ) a on true
    order by s.day desc limit ${limit}`.execute(db);
  const history = rows.map(asRoot);
  return { latest: history[0] ?? null, history };
}

/**
 * The signed-in user's leaf in the latest snapshot and its path to the root: two indexed reads, the
 * leaf and then every sibling at once. Keyed by the session's user alone, so no input reaches another
 * user's nonce. A sibling past a level's end is the empty node the tree paired the odd one with.
 */
export async function proofFor(db: Executor, userId: bigint): Promise<SolvencyProof> {
  const { rows } = await sql<{
    day: string;
    root: string;
    total_minor: bigint;
    depth: number;
    position: number | null;
    nonce: string | null;
    balance_minor: bigint | null;
  }>`
    select to_char(s.day, 'YYYY-MM-DD') as day, s.root, s.total_minor, s.depth, l.position, l.nonce, l.balance_minor
    from (select * from solvency_snapshots order by day desc limit 1) s
    left join solvency_leaves l on l.day = s.day and l.user_id = ${userId}`.execute(db);
  const found = rows[0];
  if (!found) throw new AppError("SOLVENCY_SNAPSHOT_NOT_FOUND");
  if (found.position === null || found.nonce === null || found.balance_minor === null)
    throw new AppError("SOLVENCY_NOT_INCLUDED");
  const leafAt = found.position;
  const levels: number[] = [];
  const positions: number[] = [];
  for (let level = 0, at = leafAt; level < found.depth; level++, at >>= 1) {
    levels.push(level);
    positions.push(at ^ 1);
  }
  const siblings = await sql<{ level: number; position: number; hash: Uint8Array; sum_minor: bigint }>`
    select n.level, n.position, n.hash, n.sum_minor from solvency_nodes n
    join unnest(${levels}::int[], ${positions}::int[]) as w (level, position)
      on n.level = w.level and n.position = w.position
    where n.day = ${found.day}::date`.execute(db);
  const byLevel = new Map(siblings.rows.map((row) => [row.level, row]));
  const empty = emptyNode(sha256Text);
  const path: SumPathStep[] = positions.map((position, level) => {
    const sibling = byLevel.get(level);
    return {
      hash: sibling ? Buffer.from(sibling.hash).toString("hex") : empty.hash,
      sumMinor: sibling ? sibling.sum_minor.toString() : "0",
      side: position < leafAt >> level ? "left" : "right",
    };
  });
  return {
    day: found.day,
    root: found.root,
    totalMinor: found.total_minor.toString(),
    nonce: found.nonce,
    balanceMinor: found.balance_minor.toString(),
    path,
  };
}

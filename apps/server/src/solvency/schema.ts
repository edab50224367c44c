import type { ColumnType, Generated } from "kysely";

/** A `date` column, as YYYY-MM-DD. */
type CalendarDate = ColumnType<string, string, string>;

export interface SolvencySnapshotsTable {
  day: CalendarDate;
  cutoff: Date;
  root: string;
  total_minor: bigint;
  users: number;
  depth: number;
  taken_at: Date;
}

export interface SolvencyLeavesTable {
  day: CalendarDate;
  user_id: bigint;
  position: number;
  nonce: string;
  balance_minor: bigint;
}

export interface SolvencyNodesTable {
  day: CalendarDate;
  level: number;
  position: number;
  hash: Buffer;
  sum_minor: bigint;
}

export interface SolvencyAttestationsTable {
  id: Generated<bigint>;
  day: CalendarDate;
  document_id: string;
  operator_id: bigint;
  uploaded_at: Date;
}

declare module "../platform/schema" {
  interface Database {
    solvency_snapshots: SolvencySnapshotsTable;
    solvency_leaves: SolvencyLeavesTable;
    solvency_nodes: SolvencyNodesTable;
    solvency_attestations: SolvencyAttestationsTable;
  }
}

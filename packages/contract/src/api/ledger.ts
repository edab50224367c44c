import { z } from "zod";

/** What a check read: everything, or only what came after the newest checkpoint (full when there is none). */
export const ledgerCheckScope = z.enum(["full", "since checkpoint"]);
export type LedgerCheckScope = z.infer<typeof ledgerCheckScope>;

/** `?scope=full` reads the whole ledger; by default a check reads what came after the newest checkpoint. */
export const ledgerCheckQuery = z.object({ scope: z.enum(["full", "checkpoint"]).default("checkpoint") });
export type LedgerCheckQuery = z.infer<typeof ledgerCheckQuery>;

const idString = z.string().regex(/^\d{1,19}$/);

/** The ledger's invariants checked on the live database: the same report `npm run ledger:check` prints. */
export const ledgerCheckReport = z.object({
  ok: z.boolean(),
  violations: z.array(z.string()),
  scope: ledgerCheckScope,
  /** The highest entry and posting ids the check read up to; the next checkpoint when ok. */
  cut: z.object({ entryId: idString, postingId: idString }),
  /** Accounts now; postings and entries up to the cut. */
  counts: z.object({
    accounts: z.number().int().nonnegative(),
    postings: z.number().int().nonnegative(),
    entries: z.number().int().nonnegative(),
  }),
  /**
   * The tick archives checked with it: their files and the ticks those hold (docs/operations.md, "Tick
   * archives"); null when the check was run without them.
   */
  tickArchives: z
    .object({ files: z.number().int().nonnegative(), ticks: z.number().int().nonnegative() })
    .nullable(),
});
export type LedgerCheckReport = z.infer<typeof ledgerCheckReport>;

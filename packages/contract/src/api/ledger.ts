import { z } from "zod";

/** The ledger's invariants checked on the live database: the same report `npm run ledger:check` prints. */
export const ledgerCheckReport = z.object({
  ok: z.boolean(),
  violations: z.array(z.string()),
  counts: z.object({
    accounts: z.number().int().nonnegative(),
    postings: z.number().int().nonnegative(),
    entries: z.number().int().nonnegative(),
  }),
});
export type LedgerCheckReport = z.infer<typeof ledgerCheckReport>;

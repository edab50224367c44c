import type { CheckedWithLedger, OwnedCheck } from "./ledger";
import { tickArchiveCheck } from "./market";
import type { BlobStore } from "./platform/blob-store";
import { savingsBooksCheck } from "./savings";
import { exposureCheck } from "./trading";

/** The other capabilities' invariants a ledger check runs: the exposure caps' totals, Yu'ebao's books. */
export const ownedChecks: readonly OwnedCheck[] = [exposureCheck, savingsBooksCheck];

/**
 * What a ledger check vouches for besides the ledger, the same whether it runs through the server or
 * from `npm run ledger:check`: the market's tick archives and the owned checks.
 */
export const checkedWithLedger = (blobs: BlobStore): CheckedWithLedger => ({
  tickArchives: tickArchiveCheck(blobs),
  owned: ownedChecks,
});

import type { CheckedWithLedger } from "./ledger";
import { tickArchiveCheck } from "./market";
import type { BlobStore } from "./platform/blob-store";
import { savingsBooksCheck } from "./savings";
import { exposureCheck } from "./trading";

/**
 * What a ledger check vouches for besides the ledger, the same whether it runs through the server or
 * from `npm run ledger:check`: the market's tick archives, the exposure caps' running totals and
 * Yu'ebao's books.
 */
export const checkedWithLedger = (blobs: BlobStore): CheckedWithLedger => ({
  tickArchives: tickArchiveCheck(blobs),
  owned: [exposureCheck, savingsBooksCheck],
});

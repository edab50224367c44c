import { checkedWithLedger } from "./checked-with-ledger";
import { runLedgerCheck } from "./ledger";
import { createBlobStore } from "./platform/s3-blob-store";

// `npm run ledger:check`: the ledger's check, with what it vouches for besides (checked-with-ledger.ts).
await runLedgerCheck((config) => checkedWithLedger(createBlobStore(config)));

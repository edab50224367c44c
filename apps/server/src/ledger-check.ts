import { runLedgerCheck } from "./ledger";
import { tickArchiveCheck } from "./market";
import { createBlobStore } from "./platform/s3-blob-store";

// `npm run ledger:check`: the ledger's check, with the market's archives of ticks (ledger/check-cli.ts).
await runLedgerCheck((config) => tickArchiveCheck(createBlobStore(config)));

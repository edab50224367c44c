export { runLedgerCheck } from "./check-cli";
export type { CheckedWithLedger, OwnedCheck, TickArchiveCheck } from "./invariants";
export { lastLedgerCheck } from "./last-check";
export { ledgerModule } from "./module";
export {
  asLedgerError,
  type HeldAccountKind,
  type JournalPosting,
  type Leg,
  lockUserAccounts,
  openPracticeAccounts,
  openUserAccounts,
  post,
  postJournal,
  practiceAccounts,
  systemAccountIds,
  transferEach,
  type UserBalances,
  userAccountIds,
  userBalances,
} from "./service";
export { userStatement } from "./statement";

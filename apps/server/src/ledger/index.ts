export { ledgerModule } from "./module";
export {
  asLedgerError,
  type JournalPosting,
  type Leg,
  lockUserAccounts,
  openUserAccounts,
  post,
  postJournal,
  systemAccountIds,
  transferEach,
  type UserBalances,
  userAccountIds,
  userBalances,
} from "./service";
export { userStatement } from "./statement";

export {
  asLedgerError,
  type JournalPosting,
  type Leg,
  openUserAccounts,
  post,
  postJournal,
  systemAccountIds,
  type UserBalances,
  userAccountIds,
  userBalances,
  writeLegs,
} from "./service";

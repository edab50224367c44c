export { accountSummaryNow, accountUpdates, type FiguresDeps } from "./live";
export {
  asLedgerError,
  type JournalPosting,
  type Leg,
  openUserAccounts,
  post,
  postJournal,
  systemAccountIds,
  toAccountSummary,
  userAccountIds,
  userBalances,
  userFigures,
  writeLegs,
} from "./service";

import de from "../locales/csv/de.json" with { type: "json" };
import en from "../locales/csv/en.json" with { type: "json" };
import fr from "../locales/csv/fr.json" with { type: "json" };
import id from "../locales/csv/id.json" with { type: "json" };
import ja from "../locales/csv/ja.json" with { type: "json" };
import ko from "../locales/csv/ko.json" with { type: "json" };
import th from "../locales/csv/th.json" with { type: "json" };
import vi from "../locales/csv/vi.json" with { type: "json" };
import zhCN from "../locales/csv/zh-CN.json" with { type: "json" };
import zhTW from "../locales/csv/zh-TW.json" with { type: "json" };
import type { FUND_RECORD_TYPES } from "./cashier-constants";
import type { Locale } from "./locales";

/** The fund-records CSV's columns, in file order. */
export const FUND_RECORDS_CSV_COLUMNS = [
  "time",
  "type",
  "amount",
  "balance",
  "balanceAfter",
  "reference",
  "note",
  "id",
] as const;

/** What a downloaded fund-records file says to a person: its header and the words in its cells. */
export interface FundRecordsCsvLabels {
  columns: Record<(typeof FUND_RECORDS_CSV_COLUMNS)[number], string>;
  /** Which balance a record moved, as the fund-records screen names it. */
  balances: Record<"available" | "savings", string>;
  /** The record types, worded as on the fund-records screen. */
  types: Record<(typeof FUND_RECORD_TYPES)[number], string>;
  /** A Yu'ebao record's day, as the screen says it ("Confirms on {{date}}"). */
  notes: Record<"confirmsOn" | "earnedFor", string>;
}

/** Every header of the console lists' files (the review queues, the users). */
export const LIST_CSV_COLUMN_KEYS = [
  "time",
  "registered",
  "orderNo",
  "userId",
  "account",
  "method",
  "amount",
  "fee",
  "netAmount",
  "reference",
  "payTo",
  "status",
  "reason",
  "reviewedAt",
  "paidAt",
  "reviewedBy",
  "name",
  "idNumber",
  "nationality",
  "nickname",
  "phone",
  "country",
  "verified",
  "inviteCode",
  "invitedBy",
  "id",
] as const;
export type ListCsvColumn = (typeof LIST_CSV_COLUMN_KEYS)[number];

/** The words of those files' cells: a review's state, a user's sign-in state, yes and no. */
export const LIST_CSV_VALUE_KEYS = [
  "under_review",
  "success",
  "failed",
  "cancelled",
  "verified",
  "rejected",
  "locked",
  "active",
  "yes",
  "no",
] as const;
export type ListCsvValue = (typeof LIST_CSV_VALUE_KEYS)[number];

export interface ListCsvLabels {
  columns: Record<ListCsvColumn, string>;
  values: Record<ListCsvValue, string>;
}

/**
 * Every locale's labels for the files the server writes. Plain JSON with no zod, so importing the
 * contract's index from the web app costs nothing when it does not use them.
 */
export const CSV_LABELS: Record<Locale, { fundRecords: FundRecordsCsvLabels; lists: ListCsvLabels }> = {
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  en,
  ja,
  th,
  vi,
  id,
  ko,
  fr,
  de,
};

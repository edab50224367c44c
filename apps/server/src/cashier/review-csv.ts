import type { OperatorDeposit, OperatorWithdrawal } from "@tickfair/contract";
import type { ListCsvColumns } from "../platform/list-csv";

/** The deposits queue's file: what a reviewer reconciles against the bank statement. */
export const DEPOSIT_CSV_COLUMNS: ListCsvColumns<OperatorDeposit> = [
  ["time", (d, write) => write.time(d.createdAt)],
  ["orderNo", (d) => d.orderNo],
  ["userId", (d) => d.user.id],
  ["account", (d) => d.user.account],
  ["method", (d) => d.method.name],
  ["amount", (d) => d.amount],
  ["reference", (d) => d.reference],
  ["status", (d, write) => write.labels.values[d.status]],
  ["reason", (d) => d.reason ?? ""],
  ["reviewedAt", (d, write) => write.time(d.reviewedAt)],
];

const paidStep = (w: OperatorWithdrawal) => w.steps.find((step) => step.kind === "paid");

/** The withdrawals queue's file: what was asked, what was paid out, where to, when and under which reference. */
export const WITHDRAWAL_CSV_COLUMNS: ListCsvColumns<OperatorWithdrawal> = [
  ["time", (w, write) => write.time(w.createdAt)],
  ["orderNo", (w) => w.orderNo],
  ["userId", (w) => w.user.id],
  ["account", (w) => w.user.account],
  ["amount", (w) => w.amount],
  ["fee", (w) => w.fee],
  ["netAmount", (w) => w.netAmount],
  ["method", (w) => w.method],
  ["payTo", (w) => w.destination],
  ["status", (w, write) => write.labels.values[w.status]],
  ["reason", (w) => w.reason ?? ""],
  ["reviewedAt", (w, write) => write.time(w.reviewedAt)],
  ["paidAt", (w, write) => write.time(paidStep(w)?.at ?? null)],
  ["reference", (w) => paidStep(w)?.reference ?? ""],
];

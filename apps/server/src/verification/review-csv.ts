import type { OperatorVerificationSummary } from "@tickfair/contract";
import type { ListCsvColumns } from "../platform/list-csv";

/** The verification queue's file: who submitted what, and how it was decided. The ID number stays masked. */
export const VERIFICATION_CSV_COLUMNS: ListCsvColumns<OperatorVerificationSummary> = [
  ["time", (v, write) => write.time(v.submittedAt)],
  ["userId", (v) => v.user.id],
  ["account", (v) => v.user.account],
  ["name", (v) => v.name],
  ["idNumber", (v) => v.idNumberMasked],
  ["nationality", (v) => v.nationality],
  ["status", (v, write) => (v.state === "not_submitted" ? "" : write.labels.values[v.state])],
  ["reason", (v) => (v.rejection ? v.rejection.text || v.rejection.reason : "")],
  ["reviewedBy", (v) => v.reviewedBy ?? ""],
  ["reviewedAt", (v, write) => write.time(v.reviewedAt)],
  ["id", (v) => v.id],
];

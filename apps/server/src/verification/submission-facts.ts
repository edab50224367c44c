import type { VerificationRejectReason } from "@tickfair/contract";
import type { Selectable } from "kysely";
import type { VerificationsTable } from "./schema";

type Submission = Selectable<VerificationsTable>;

/** Why a rejected submission was refused; null for any other. */
export const rejectionOf = (row: Pick<Submission, "state" | "reject_reason" | "reject_text">) =>
  row.state === "rejected" && row.reject_reason
    ? { reason: row.reject_reason as VerificationRejectReason, text: row.reject_text ?? "" }
    : null;

/**
 * What a submission says, the same to its user and to a reviewer: the name, masked ID number and
 * nationality given, when it was sent and decided, and why it was refused.
 */
export const submissionFacts = (
  row: Pick<
    Submission,
    | "state"
    | "name"
    | "id_number_masked"
    | "nationality"
    | "submitted_at"
    | "reviewed_at"
    | "reject_reason"
    | "reject_text"
  >,
) => ({
  state: row.state,
  name: row.name,
  idNumberMasked: row.id_number_masked,
  nationality: row.nationality,
  submittedAt: row.submitted_at.toISOString(),
  reviewedAt: row.reviewed_at?.toISOString() ?? null,
  rejection: rejectionOf(row),
});

import type {
  OperatorVerification,
  OperatorVerificationPage,
  OperatorVerificationSummary,
  VerificationIdNumber,
  VerificationRejectRequest,
  VerificationReviewFilters,
  VerificationReviewQuery,
} from "@tickfair/contract";
import { sql } from "kysely";
import { recordAudit } from "../audit";
import { markUserVerified, matchingUserIds, searchTerms } from "../auth";
import { issuePhotoLinks } from "../files";
import { recordNotice } from "../messages";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { everyRow, filteredPage, type ListOrder, withinDays } from "../platform/filtered-list";
import type { Operator } from "../platform/schema";
import { decryptIdNumber } from "./id-number-cipher";
import type { VerificationDeps } from "./service";
import { rejectionOf, submissionFacts } from "./submission-facts";

const fromSubmissions = (db: Executor) => db.selectFrom("verifications as v");

function submissions(db: Executor) {
  return withSubmissionColumns(fromSubmissions(db));
}

function withSubmissionColumns(q: ReturnType<typeof fromSubmissions>) {
  return q
    .innerJoin("users as u", "u.id", "v.user_id")
    .leftJoin("operators as o", "o.id", "v.reviewed_by")
    .select([
      "v.id",
      "v.user_id",
      "u.account",
      "u.created_at as user_created_at",
      "v.state",
      "v.name",
      "v.id_number_masked",
      "v.nationality",
      "v.submitted_at",
      "v.reviewed_at",
      "o.username as reviewed_by",
      "v.reject_reason",
      "v.reject_text",
      "v.front_photo_id",
      "v.back_photo_id",
    ]);
}

type SubmissionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof submissions>["executeTakeFirst"]>>>;

const summaryOf = (row: SubmissionRow): OperatorVerificationSummary => ({
  id: String(row.id),
  user: { id: String(row.user_id), account: row.account, createdAt: row.user_created_at.toISOString() },
  ...submissionFacts(row),
  reviewedBy: row.reviewed_by,
});

/**
 * The submissions the queue's filters match: a state, the days they were submitted on, and the search
 * text (the user's account, part of their phone or of a name they gave). Waiting submissions are worked
 * oldest first (first come, first reviewed); decided ones read newest first.
 */
function filteredSubmissions(db: Executor, filters: VerificationReviewFilters, timeZone: string) {
  const text = filters.q?.trim() ?? "";
  const users = text === "" ? null : matchingUserIds(db, searchTerms(text));
  const order: ListOrder = {
    idColumn: "v.id",
    direction: filters.state === "under_review" ? "asc" : "desc",
  };
  const matching = withinDays(db.selectFrom("verifications as v"), "v.submitted_at", filters, timeZone)
    .where("v.state", "=", filters.state)
    .$if(text !== "", (q) =>
      q.where(users === null ? sql<boolean>`false` : sql<boolean>`v.user_id in (${users})`),
    );
  return { matching, withColumns: withSubmissionColumns, order };
}

export async function listVerifications(
  db: Executor,
  query: VerificationReviewQuery,
  timeZone: string,
): Promise<OperatorVerificationPage> {
  const page = await filteredPage(db, filteredSubmissions(db, query, timeZone), query, summaryOf);
  return { ...page, timeZone };
}

/** Every submission the filters match, in the queue's order, up to `maxRows`, for an export. */
export async function* everySubmission(
  db: Executor,
  filters: VerificationReviewFilters,
  timeZone: string,
  maxRows: number,
): AsyncGenerator<OperatorVerificationSummary> {
  const list = filteredSubmissions(db, filters, timeZone);
  for await (const row of everyRow(list.withColumns(list.matching), list.order, maxRows))
    yield summaryOf(row);
}

/**
 * One submission as a reviewer sees it, with fresh links to both photos for this operator's session and
 * the user's earlier submissions. Each look is audited: the photos are a user's private documents.
 */
export async function verificationForReview(
  deps: VerificationDeps,
  operator: Operator,
  sessionTokenHash: string,
  id: bigint,
): Promise<OperatorVerification> {
  const row = await submissions(deps.db).where("v.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const now = deps.clock.now();
  const links = await issuePhotoLinks(
    deps.db,
    [row.front_photo_id, row.back_photo_id],
    { realm: "operator", sessionTokenHash },
    now,
  );
  const history = await submissions(deps.db)
    .where("v.user_id", "=", row.user_id)
    .where("v.id", "<>", row.id)
    .orderBy("v.id", "desc")
    .limit(20)
    .execute();
  await recordAudit(deps.db, deps.clock, {
    operatorId: operator.id,
    action: "verification.view",
    targetType: "verification",
    targetId: String(row.id),
    detail: { userId: String(row.user_id) },
  });
  const front = links.get(row.front_photo_id);
  const back = links.get(row.back_photo_id);
  if (!front || !back) throw new Error("photo links were not issued");
  return {
    ...summaryOf(row),
    photos: { front, back },
    history: history.map((entry) => ({
      submissionId: String(entry.id),
      state: entry.state,
      submittedAt: entry.submitted_at.toISOString(),
      reviewedAt: entry.reviewed_at?.toISOString() ?? null,
      reviewedBy: entry.reviewed_by,
      rejection: rejectionOf(entry),
    })),
  };
}

/**
 * A submission's ID number in full, decrypted for one reviewer's look (the masked form cannot be held
 * against the photo). Audited like a look at the photos, in the same statement's transaction: no
 * number leaves without its record.
 */
export async function revealIdNumber(
  deps: VerificationDeps,
  operator: Operator,
  id: bigint,
): Promise<VerificationIdNumber> {
  return deps.db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("verifications")
      .select(["user_id", "id_number_encrypted"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, deps.clock, {
      operatorId: operator.id,
      action: "verification.id_number_view",
      targetType: "verification",
      targetId: String(id),
      detail: { userId: String(row.user_id) },
    });
    return { idNumber: decryptIdNumber(deps.keys, row.id_number_encrypted) };
  });
}

/**
 * Approves or rejects a submission under review, once: a second decision finds it decided
 * (NOT_UNDER_REVIEW). Approval sets the user's verified badge. Audited with the decision; the user
 * finds it in their messages.
 */
export async function decideVerification(
  deps: VerificationDeps,
  operator: Operator,
  id: bigint,
  decision: { approve: true } | ({ approve: false } & VerificationRejectRequest),
): Promise<bigint> {
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock.now();
    const decided = await tx
      .updateTable("verifications")
      .set({
        state: decision.approve ? "verified" : "rejected",
        reject_reason: decision.approve ? null : decision.reason,
        reject_text: decision.approve ? null : decision.text,
        reviewed_at: now,
        reviewed_by: operator.id,
      })
      .where("id", "=", id)
      .where("state", "=", "under_review")
      .returning("user_id")
      .executeTakeFirst();
    if (!decided) {
      const exists = await tx
        .selectFrom("verifications")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      throw new AppError(exists ? "NOT_UNDER_REVIEW" : "NOT_FOUND");
    }
    if (decision.approve) await markUserVerified(tx, decided.user_id);
    await recordAudit(tx, deps.clock, {
      operatorId: operator.id,
      action: decision.approve ? "verification.approve" : "verification.reject",
      targetType: "verification",
      targetId: String(id),
      reason: decision.approve ? null : decision.text,
      detail: { userId: String(decided.user_id), ...(decision.approve ? {} : { code: decision.reason }) },
    });
    const notice = decision.approve
      ? { kind: "verification_approved" as const }
      : { kind: "verification_rejected" as const, reason: decision.reason, text: decision.text };
    await recordNotice(tx, decided.user_id, notice, now);
    return decided.user_id;
  });
}

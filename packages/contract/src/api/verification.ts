import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { isoTime } from "./common";
import { listFilters, listPageOf, listQuery } from "./list-query";

/**
 * Real-name verification (ARCHITECTURE §5): not submitted → under review → verified, or rejected with a
 * reason the user can act on, after which they correct and submit again.
 */
export const VERIFICATION_STATES = ["not_submitted", "under_review", "verified", "rejected"] as const;
export const verificationState = z.enum(VERIFICATION_STATES);
export type VerificationState = z.infer<typeof verificationState>;

/** Why a reviewer refused: each names something the user can fix. */
export const VERIFICATION_REJECT_REASONS = [
  "photo_blurred",
  "photo_incomplete",
  "name_mismatch",
  "id_number_mismatch",
  "document_expired",
  "document_unsupported",
  "other",
] as const;
export const verificationRejectReason = z.enum(VERIFICATION_REJECT_REASONS);
export type VerificationRejectReason = z.infer<typeof verificationRejectReason>;

export const VERIFICATION_PHOTO_SIDES = ["front", "back"] as const;
export const verificationPhotoSide = z.enum(VERIFICATION_PHOTO_SIDES);
export type VerificationPhotoSide = z.infer<typeof verificationPhotoSide>;

/** An uploaded ID photo, re-encoded by the server (rotated upright, metadata gone). */
export const verificationPhotoUpload = z.object({
  photoId: z.string().uuid(),
  width: z.number().int(),
  height: z.number().int(),
});
export type VerificationPhotoUpload = z.infer<typeof verificationPhotoUpload>;

/**
 * What the user submits. Names and numbers are checked by nationality: mainland IDs (CN) by the
 * specification's rules (a Chinese name of 2–5 characters; 15 digits, or 18 with the checksum), others by
 * generic ones (NAME_INVALID, ID_NUMBER_INVALID).
 */
export const verificationSubmitRequest = z.object({
  name: z.string().trim().min(1, { message: "REQUIRED" }).max(60, { message: "NAME_INVALID" }),
  idNumber: z.string().trim().min(1, { message: "REQUIRED" }).max(40, { message: "ID_NUMBER_INVALID" }),
  nationality: z.enum(COUNTRY_CODES, { message: "NATIONALITY_INVALID" }),
  frontPhotoId: z.string().uuid({ message: "PHOTO_REQUIRED" }),
  backPhotoId: z.string().uuid({ message: "PHOTO_REQUIRED" }),
});
export type VerificationSubmitRequest = z.infer<typeof verificationSubmitRequest>;

/** A photo's short-lived address (minutes), good only while the session that asked for it lasts. */
export const photoLink = z.object({ url: z.string(), thumbnailUrl: z.string(), expiresAt: isoTime });
export type PhotoLink = z.infer<typeof photoLink>;

export const verificationRejection = z.object({ reason: verificationRejectReason, text: z.string() });

/**
 * The user's verification as their page shows it; the ID number only masked. Before a first submission
 * `nationality` is the one declared at registration (null for an account older than that question).
 */
export const verificationStatus = z.object({
  state: verificationState,
  name: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  nationality: z.string().nullable(),
  submittedAt: isoTime.nullable(),
  reviewedAt: isoTime.nullable(),
  rejection: verificationRejection.nullable(),
  photos: z.object({ front: photoLink, back: photoLink }).nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatus>;

// ── Console ─────────────────────────────────────────────────────────────────────────────────────

const reviewState = { state: z.enum(["under_review", "verified", "rejected"]).default("under_review") };
export const verificationReviewQuery = listQuery(reviewState);
export type VerificationReviewQuery = z.infer<typeof verificationReviewQuery>;
/** The same filters for the queue's CSV export. */
export const verificationReviewFilters = listFilters(reviewState);
export type VerificationReviewFilters = z.infer<typeof verificationReviewFilters>;

/** One step of a user's verifications: a submission, an approval or a rejection. */
export const verificationHistoryEntry = z.object({
  submissionId: z.string(),
  state: verificationState,
  submittedAt: isoTime,
  reviewedAt: isoTime.nullable(),
  reviewedBy: z.string().nullable(),
  rejection: verificationRejection.nullable(),
});

/** A submission as a reviewer sees it: both photos, the user, their earlier submissions. */
export const operatorVerification = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), account: z.string(), createdAt: isoTime }),
  state: verificationState,
  name: z.string(),
  idNumberMasked: z.string(),
  nationality: z.string(),
  submittedAt: isoTime,
  reviewedAt: isoTime.nullable(),
  reviewedBy: z.string().nullable(),
  rejection: verificationRejection.nullable(),
  photos: z.object({ front: photoLink, back: photoLink }),
  history: z.array(verificationHistoryEntry),
});
export type OperatorVerification = z.infer<typeof operatorVerification>;
/** A row of the review queue: a submission without its photos and history. */
export const operatorVerificationSummary = operatorVerification.omit({ photos: true, history: true });
export type OperatorVerificationSummary = z.infer<typeof operatorVerificationSummary>;
export const operatorVerificationPage = listPageOf(operatorVerificationSummary);
export type OperatorVerificationPage = z.infer<typeof operatorVerificationPage>;

/**
 * A submission's ID number in full, for a reviewer holding it against the photo. Asked for one look at
 * a time (each is audited, nothing caches it); screens otherwise show only the masked form.
 */
export const verificationIdNumber = z.object({ idNumber: z.string() });
export type VerificationIdNumber = z.infer<typeof verificationIdNumber>;

/** A rejection: the reason code and a text the user reads (in their language or plain enough). */
export const verificationRejectRequest = z.object({
  reason: verificationRejectReason,
  text: z
    .string({ error: (issue) => (issue.input === undefined ? "REQUIRED" : "REASON_REQUIRED") })
    .trim()
    .min(4, { message: "REASON_REQUIRED" })
    .max(300, { message: "REASON_REQUIRED" }),
});
export type VerificationRejectRequest = z.infer<typeof verificationRejectRequest>;

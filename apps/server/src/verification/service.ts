import {
  type CountryCode,
  isChineseName,
  isGenericIdNumber,
  isGenericName,
  mainlandIdNumberProblem,
  type VerificationState,
  type VerificationStatus,
  type VerificationSubmitRequest,
} from "@tickfair/contract";
import { refuseRestrictedCountries } from "../auth";
import { issuePhotoLinks, type LinkHolder } from "../files";
import type { BlobStore } from "../platform/blob-store";
import type { Clock } from "../platform/clock";
import { type Db, type Executor, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from "../platform/db";
import { AppError } from "../platform/errors";
import {
  encryptIdNumber,
  type IdNumberKeys,
  idNumberIndex,
  maskIdNumber,
  normaliseIdNumber,
} from "./id-number-cipher";
import { submissionFacts } from "./submission-facts";

export interface VerificationDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  keys: IdNumberKeys;
  /** Nationalities the deployment may not serve (RESTRICTED_COUNTRIES), refused as at registration. */
  restrictedCountries: readonly CountryCode[];
}

/**
 * The specification's rules for mainland documents (a Chinese name of 2–5 characters; 15 digits, or
 * 18 with the checksum, a real birth date not after `now`), generic ones for every other nationality.
 */
export function checkIdentity(
  input: Pick<VerificationSubmitRequest, "name" | "idNumber" | "nationality">,
  now: Date,
): void {
  const idNumber = normaliseIdNumber(input.idNumber);
  const mainland = input.nationality === "CN";
  if (!(mainland ? isChineseName(input.name) : isGenericName(input.name))) throw new AppError("NAME_INVALID");
  const problem = mainland
    ? mainlandIdNumberProblem(idNumber, now)
    : isGenericIdNumber(idNumber)
      ? null
      : "ID_NUMBER_INVALID";
  if (problem) throw new AppError(problem);
}

/** The user's latest submission, the one their page shows. */
function latestSubmission(db: Executor, userId: bigint) {
  return db
    .selectFrom("verifications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Where the user's verification stands, without its details (the console's context beside a chat). */
export async function verificationStateOf(db: Executor, userId: bigint): Promise<VerificationState> {
  return (await latestSubmission(db, userId))?.state ?? "not_submitted";
}

/** The nationality the user declared at registration, where the first submission starts from. */
async function declaredNationality(db: Executor, userId: bigint): Promise<string | null> {
  const user = await db.selectFrom("users").select("nationality").where("id", "=", userId).executeTakeFirst();
  return user?.nationality ?? null;
}

/**
 * Where the user's verification stands, with fresh links to their own photos for `holder`'s session;
 * without a holder (a push to every open app of the user) no links: each app asks for its own.
 */
export async function verificationStatusOf(
  deps: VerificationDeps,
  userId: bigint,
  holder: LinkHolder | null,
): Promise<VerificationStatus> {
  const row = await latestSubmission(deps.db, userId);
  if (!row)
    return {
      state: "not_submitted",
      name: null,
      idNumberMasked: null,
      nationality: await declaredNationality(deps.db, userId),
      submittedAt: null,
      reviewedAt: null,
      rejection: null,
      photos: null,
    };
  const links = holder
    ? await issuePhotoLinks(deps.db, [row.front_photo_id, row.back_photo_id], holder, deps.clock.now())
    : new Map();
  const front = links.get(row.front_photo_id);
  const back = links.get(row.back_photo_id);
  return {
    ...submissionFacts(row),
    photos: front && back ? { front, back } : null,
  };
}

/**
 * A submission: allowed when nothing is under review or verified (the database's partial unique
 * indexes decide a race), with two distinct photos the user uploaded. The ID number is stored
 * encrypted, with its keyed hash and masked form. Answers the submission's id.
 */
export async function submitVerification(
  deps: VerificationDeps,
  userId: bigint,
  input: VerificationSubmitRequest,
): Promise<bigint> {
  checkIdentity(input, deps.clock.now());
  // Refused here too, not only at registration: the verified nationality is what operators rely on.
  refuseRestrictedCountries(deps.restrictedCountries, { nationality: input.nationality });
  if (input.frontPhotoId === input.backPhotoId) throw new AppError("PHOTO_REQUIRED");
  const idNumber = normaliseIdNumber(input.idNumber);
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const photos = await tx
        .selectFrom("verification_photos")
        .select("id")
        .where("id", "in", [input.frontPhotoId, input.backPhotoId])
        .where("user_id", "=", userId)
        .execute();
      if (photos.length !== 2) throw new AppError("PHOTO_REQUIRED");
      const submission = await tx
        .insertInto("verifications")
        .values({
          user_id: userId,
          name: input.name,
          nationality: input.nationality,
          id_number_encrypted: encryptIdNumber(deps.keys, idNumber),
          id_number_index: idNumberIndex(deps.keys, idNumber),
          id_number_masked: maskIdNumber(idNumber),
          front_photo_id: input.frontPhotoId,
          back_photo_id: input.backPhotoId,
          state: "under_review",
          submitted_at: deps.clock.now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return submission.id;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      const constraint = pgConstraint(error);
      if (constraint === "verifications_user_open") throw new AppError("VERIFICATION_IN_PROGRESS");
      if (constraint === "verifications_id_number_open") throw new AppError("ID_NUMBER_IN_USE");
    }
    throw error;
  }
}

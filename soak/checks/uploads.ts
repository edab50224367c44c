/**
 * Uploads: every payment proof answered 2xx is stored for its uploader with the very bytes sent, and
 * decodes as an image; every ID photo answered 2xx has its row for the uploader and both its blobs
 * (photo and thumbnail) in the blob store, decoding as JPEG; a deposit answered 2xx names the proof it
 * was sent with, a verification answered 2xx the two photos. What was refused at once is not stored,
 * and no stored proof of a soak user is one nobody sent.
 */
import path from "node:path";
import type {
  Deposit,
  UploadResponse,
  VerificationPhotoUpload,
  VerificationSubmitRequest,
} from "@tickfair/contract";
import type pg from "pg";
import sharp from "sharp";
import { FolderBlobStore } from "../../apps/server/src/platform/blob-store";
import { isSuccess, type LoggedRequest, refusedAtOnce } from "../answer-log";
import type { SentUpload } from "../http-client";
import type { Problem } from "./shared";

export interface UploadFigures {
  uploads: number;
  upload_mismatches: number;
}

const decodesAs = async (data: Buffer | null, formats: readonly string[]) => {
  if (!data) return false;
  try {
    const { format } = await sharp(data).metadata();
    return formats.includes(format ?? "");
  } catch {
    return false;
  }
};

export async function checkUploads(
  client: pg.Client,
  log: readonly LoggedRequest[],
  dataDir: string,
  problem: Problem,
): Promise<UploadFigures> {
  let mismatches = 0;
  const mismatch = (line: string) => {
    mismatches++;
    problem(line);
  };
  const files = await client.query<{ id: string; account: string; sha256: string; data: Buffer }>(
    `select f.id::text, u.account, encode(sha256(f.data), 'hex') as sha256, f.data
     from files f join users u on u.id = f.owner_user_id where u.account like 'soak%'`,
  );
  const fileById = new Map(files.rows.map((row) => [row.id, row]));
  const storedDigests = new Set(files.rows.map((row) => row.sha256));
  const sentDigests = new Set<string>();
  const proofs = log.filter((entry) => entry.action === "upload");
  for (const entry of proofs) {
    const sent = entry.sent as SentUpload;
    sentDigests.add(sent.sha256);
    if (isSuccess(entry.status)) {
      const { fileId } = entry.answer as UploadResponse;
      const row = fileById.get(fileId);
      if (!row || row.account !== entry.actor)
        mismatch(
          `proof ${sent.name} answered ${entry.status} as ${fileId}: stored ${row ? `for ${row.account}` : "nowhere"}`,
        );
      else if (row.sha256 !== sent.sha256) mismatch(`proof ${fileId} of ${entry.actor}: not the bytes sent`);
      else if (!(await decodesAs(row.data, ["jpeg", "png", "webp"])))
        mismatch(`proof ${fileId} of ${entry.actor} does not decode as an image`);
    } else if (refusedAtOnce(entry) && storedDigests.has(sent.sha256)) {
      mismatch(`proof ${sent.name} answered ${entry.status}, stored`);
    }
  }
  for (const row of files.rows)
    if (!sentDigests.has(row.sha256)) mismatch(`file ${row.id} of ${row.account} matches no upload sent`);

  const deposits = await client.query<{ id: string; proof: string | null }>(
    "select id::text, proof_file_id::text as proof from deposits",
  );
  const depositProof = new Map(deposits.rows.map((row) => [row.id, row.proof]));
  for (const entry of log) {
    if (entry.action !== "deposit" || !isSuccess(entry.status)) continue;
    const asked = (entry.sent as { proofFileId: string | null }).proofFileId;
    const { id } = entry.answer as Deposit;
    if (depositProof.get(id) !== asked)
      mismatch(`deposit ${id} answered ${entry.status} with proof ${asked}, stored ${depositProof.get(id)}`);
  }

  const photos = await client.query<{ id: string; account: string; blob_key: string; thumbnail_key: string }>(
    `select p.id::text, u.account, p.blob_key, p.thumbnail_key
     from verification_photos p join users u on u.id = p.user_id`,
  );
  const photoById = new Map(photos.rows.map((row) => [row.id, row]));
  // The servers' default store: `blobs` in DATA_DIR, the folder every process of the soak shares.
  const blobs = new FolderBlobStore(path.join(dataDir, "blobs"));
  const photoUploads = log.filter((entry) => entry.action === "verification_photo");
  for (const entry of photoUploads) {
    if (!isSuccess(entry.status)) continue;
    const { photoId } = entry.answer as VerificationPhotoUpload;
    const row = photoById.get(photoId);
    if (!row || row.account !== entry.actor) {
      mismatch(`photo ${photoId} answered ${entry.status}: stored ${row ? `for ${row.account}` : "nowhere"}`);
      continue;
    }
    for (const key of [row.blob_key, row.thumbnail_key])
      if (!(await decodesAs(await blobs.get(key), ["jpeg"])))
        mismatch(`photo ${photoId} of ${entry.actor}: blob ${key} missing or not a JPEG`);
  }
  const submissions = await client.query<{ account: string; front: string; back: string }>(
    `select u.account, v.front_photo_id::text as front, v.back_photo_id::text as back
     from verifications v join users u on u.id = v.user_id`,
  );
  const submitted = new Set(submissions.rows.map((row) => `${row.account} ${row.front} ${row.back}`));
  for (const entry of log) {
    if (entry.action !== "verification") continue;
    const sent = entry.sent as VerificationSubmitRequest;
    const key = `${entry.actor} ${sent.frontPhotoId} ${sent.backPhotoId}`;
    if (isSuccess(entry.status) && !submitted.has(key))
      mismatch(`verification ${key} answered ${entry.status}, not stored`);
    if (refusedAtOnce(entry) && submitted.has(key))
      mismatch(`verification ${key} answered ${entry.status}, stored`);
    if (isSuccess(entry.status) && !(photoById.has(sent.frontPhotoId) && photoById.has(sent.backPhotoId)))
      mismatch(`verification ${key}: a photo is not stored`);
  }
  return { uploads: proofs.length + photoUploads.length, upload_mismatches: mismatches };
}

import { createHash, randomBytes } from "node:crypto";
import type { PhotoLink } from "@tickfair/contract";
import { sql } from "kysely";
import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { RetentionRule } from "../platform/retention";

/** Long enough to look at a document and zoom in; short enough that a copied address soon stops working. */
export const PHOTO_LINK_MINUTES = 5;
const PHOTO_PATH = "/api/v1/verification/photos/";

/** Who a link is for: a user's session or an operator's, by its token hash. */
export interface LinkHolder {
  realm: "user" | "operator";
  sessionTokenHash: string;
}

/** Whether the session a link was issued to still signs requests (auth's and operators' rules). */
export type HolderLive = (holder: LinkHolder, now: Date) => Promise<boolean>;

/** A ticket goes once expired: nothing reads one then (an expired and an unknown one are refused alike). */
export const photoTicketRetention: RetentionRule = {
  table: "photo_view_tickets",
  key: ["ticket_hash"],
  windowMs: 0,
  expired: (cutoff) => sql`t.expires_at < ${cutoff}::timestamptz`,
};

const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

/**
 * Short-lived addresses of photos (each with its thumbnail) for one session: an <img> fetches them
 * without a header, so the random ticket in the address is the credential; only its hash is stored.
 * Expired tickets go with the retention job (photoTicketRetention).
 */
export async function issuePhotoLinks(
  db: Executor,
  photoIds: readonly string[],
  holder: LinkHolder,
  now: Date,
): Promise<Map<string, PhotoLink>> {
  const expiresAt = new Date(now.getTime() + PHOTO_LINK_MINUTES * 60_000);
  const links = new Map<string, PhotoLink>();
  const rows = [];
  for (const photoId of photoIds) {
    const full = randomBytes(24).toString("base64url");
    const thumbnail = randomBytes(24).toString("base64url");
    rows.push(
      { ticket: full, photoId, variant: "full" as const },
      { ticket: thumbnail, photoId, variant: "thumbnail" as const },
    );
    links.set(photoId, {
      url: `${PHOTO_PATH}${full}`,
      thumbnailUrl: `${PHOTO_PATH}${thumbnail}`,
      expiresAt: expiresAt.toISOString(),
    });
  }
  if (rows.length === 0) return links;
  await db
    .insertInto("photo_view_tickets")
    .values(
      rows.map((row) => ({
        ticket_hash: hashTicket(row.ticket),
        photo_id: row.photoId,
        variant: row.variant,
        realm: holder.realm,
        session_token_hash: holder.sessionTokenHash,
        expires_at: expiresAt,
      })),
    )
    .execute();
  return links;
}

/**
 * The photo a ticket names, while the ticket is young and the session it was issued to still signs
 * requests (a sign-out, an ended or idle session, a disabled operator end it at once). Anything else is
 * NOT_FOUND: an address that does not work says nothing about why.
 */
export async function photoByTicket(
  db: Executor,
  blobs: BlobStore,
  ticket: string,
  now: Date,
  holderLive: HolderLive,
): Promise<Buffer> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(ticket)) throw new AppError("NOT_FOUND");
  const found = await db
    .selectFrom("photo_view_tickets as t")
    .innerJoin("verification_photos as p", "p.id", "t.photo_id")
    .select(["t.variant", "t.realm", "t.session_token_hash", "t.expires_at", "p.blob_key", "p.thumbnail_key"])
    .where("t.ticket_hash", "=", hashTicket(ticket))
    .executeTakeFirst();
  if (!found || found.expires_at <= now) throw new AppError("NOT_FOUND");
  const holder = { realm: found.realm, sessionTokenHash: found.session_token_hash };
  if (!(await holderLive(holder, now))) throw new AppError("NOT_FOUND");
  const data = await blobs.get(found.variant === "full" ? found.blob_key : found.thumbnail_key);
  if (!data) throw new AppError("NOT_FOUND");
  return data;
}

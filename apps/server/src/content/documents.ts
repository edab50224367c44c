import {
  CONTENT_PAGE_KINDS,
  type ContentDocument,
  type ContentDocumentInput,
  type ContentKind,
  type ContentTranslations,
  type ContentVersionInput,
  DEFAULT_LOCALE,
} from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";

const isPageKind = (kind: ContentKind) => (CONTENT_PAGE_KINDS as readonly string[]).includes(kind);

/**
 * Adds the next version of a document: published at once when its time is now or past (the time
 * recorded is now), else left for the publisher. Audited.
 */
async function addVersion(
  tx: Tx,
  clock: Clock,
  operator: Operator | null,
  documentId: bigint,
  input: Omit<ContentVersionInput, "reason">,
  reason: string | null,
): Promise<number> {
  const now = clock.now();
  const publishAt = input.publishAt ? new Date(input.publishAt) : now;
  const latest = await tx
    .selectFrom("content_versions")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("document_id", "=", documentId)
    .executeTakeFirst();
  const version = (latest?.version ?? 0) + 1;
  const immediate = publishAt <= now;
  await tx
    .insertInto("content_versions")
    .values({
      document_id: documentId,
      version,
      translations: JSON.stringify(input.translations),
      publish_at: immediate ? now : publishAt,
      published_at: immediate ? now : null,
      created_by: operator?.id ?? null,
      created_at: now,
    })
    .execute();
  if (immediate)
    await tx
      .updateTable("content_documents")
      .set({ first_published_at: now })
      .where("id", "=", documentId)
      .where("first_published_at", "is", null)
      .execute();
  if (operator)
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "content.version",
      targetType: "content",
      targetId: String(documentId),
      reason,
      detail: { version, publishAt: (immediate ? now : publishAt).toISOString() },
    });
  return version;
}

/**
 * A new document with its first version: an article any time; about, privacy and agreement only when
 * none exists yet (then CONTENT_EXISTS: they get versions).
 */
export async function createDocument(
  db: Db,
  clock: Clock,
  operator: Operator | null,
  input: ContentDocumentInput,
): Promise<bigint> {
  return db.transaction().execute(async (tx) => {
    if (isPageKind(input.kind)) {
      const existing = await tx
        .selectFrom("content_documents")
        .select("id")
        .where("kind", "=", input.kind)
        .executeTakeFirst();
      if (existing) throw new AppError("CONTENT_EXISTS");
    }
    const created = await tx
      .insertInto("content_documents")
      .values({ kind: input.kind, created_at: clock.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addVersion(tx, clock, operator, created.id, input, input.reason);
    return created.id;
  });
}

/** The next version of an existing document (by an operator, or by the demo seed: null, not audited). */
export async function addDocumentVersion(
  db: Db,
  clock: Clock,
  operator: Operator | null,
  documentId: bigint,
  input: ContentVersionInput,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const document = await tx
      .selectFrom("content_documents")
      .select("id")
      .where("id", "=", documentId)
      .forUpdate()
      .executeTakeFirst();
    if (!document) throw new AppError("NOT_FOUND");
    return addVersion(tx, clock, operator, documentId, input, input.reason);
  });
}

const titleOf = (translations: unknown) => (translations as ContentTranslations)[DEFAULT_LOCALE]?.title ?? "";

/** The console's documents of a kind (or all), newest first, without their versions' texts. */
export async function listDocuments(db: Executor, kind: ContentKind | undefined) {
  const rows = await db
    .selectFrom("content_documents as d")
    .innerJoin("content_versions as v", "v.document_id", "d.id")
    .select(["d.id", "d.kind", "d.first_published_at", "v.version", "v.translations", "v.published_at"])
    .$if(kind !== undefined, (q) => q.where("d.kind", "=", kind ?? "news"))
    .orderBy("d.id", "desc")
    .orderBy("v.version", "desc")
    .execute();
  const documents = new Map<bigint, Omit<ContentDocument, "versions">>();
  for (const row of rows) {
    const known = documents.get(row.id);
    if (!known)
      documents.set(row.id, {
        id: String(row.id),
        kind: row.kind,
        title: titleOf(row.translations),
        latestVersion: row.version,
        publishedVersion: row.published_at ? row.version : null,
        firstPublishedAt: row.first_published_at?.toISOString() ?? null,
      });
    else if (known.publishedVersion === null && row.published_at) known.publishedVersion = row.version;
  }
  return [...documents.values()];
}

/** One document with every version, newest first. */
export async function documentWithVersions(db: Executor, id: bigint): Promise<ContentDocument> {
  const document = await db
    .selectFrom("content_documents")
    .select(["id", "kind", "first_published_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!document) throw new AppError("NOT_FOUND");
  const versions = await db
    .selectFrom("content_versions as v")
    .leftJoin("operators as o", "o.id", "v.created_by")
    .select(["v.version", "v.translations", "v.publish_at", "v.published_at", "o.username", "v.created_at"])
    .where("v.document_id", "=", id)
    .orderBy("v.version", "desc")
    .execute();
  const newest = versions[0];
  if (!newest) throw new Error(`content document ${id} has no version`);
  return {
    id: String(document.id),
    kind: document.kind,
    title: titleOf(newest.translations),
    latestVersion: newest.version,
    publishedVersion: versions.find((version) => version.published_at !== null)?.version ?? null,
    firstPublishedAt: document.first_published_at?.toISOString() ?? null,
    versions: versions.map((row) => ({
      version: row.version,
      translations: row.translations as ContentTranslations,
      publishAt: row.publish_at.toISOString(),
      publishedAt: row.published_at?.toISOString() ?? null,
      createdBy: row.username,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

import type { SolvencyRoot } from "@tickfair/contract";
import { recordAudit } from "../audit";
import { storePublicDocument } from "../files";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { AppError } from "../platform/errors";
import { solvencyRoots } from "./published";

/**
 * Publishes an auditor's or a bank's attestation of reserves beside a snapshot's root: the document
 * goes public, and the audit log records who published it. A later upload for the same day is shown
 * instead; the earlier one stays on record and at its address.
 */
export async function attest(
  db: Db,
  clock: Clock,
  operatorId: bigint,
  day: string,
  data: Buffer,
): Promise<SolvencyRoot> {
  return db.transaction().execute(async (tx) => {
    const snapshot = await tx
      .selectFrom("solvency_snapshots")
      .select("day")
      .where("day", "=", day)
      .executeTakeFirst();
    if (!snapshot) throw new AppError("SOLVENCY_SNAPSHOT_NOT_FOUND");
    const at = clock.now();
    const document = await storePublicDocument(tx, {
      data,
      baseName: `reserves-attestation-${day}`,
      at,
      invalid: "ATTESTATION_FILE_INVALID",
    });
    await tx
      .insertInto("solvency_attestations")
      .values({ day, document_id: document.id, operator_id: operatorId, uploaded_at: at })
      .execute();
    await recordAudit(tx, clock, {
      operatorId,
      action: "solvency.attest",
      targetType: "solvency_snapshot",
      targetId: day,
      detail: { documentId: document.id, contentType: document.contentType, size: document.size },
    });
    const { history } = await solvencyRoots(tx);
    const root = history.find((entry) => entry.day === day);
    if (!root) throw new Error("the attested snapshot is not published");
    return root;
  });
}

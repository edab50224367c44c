import type { Solvency, SolvencyRoot } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { operatorAuth, toppedUpUser } from "../test/cashier-fixtures";
import { multipart, PNG } from "../test/files";
import { auditEntry } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { snapshotClosedDay } from "./worker";

const t = useTestApp({ PLATFORM_TZ: "Asia/Shanghai" });

const DAY = "2026-03-03";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function attest(headers: Record<string, string>, day: string, file: Buffer, filename = "attestation.pdf") {
  const upload = multipart(file, filename);
  return t.app.inject({
    method: "PUT",
    url: `/api/v1/operator/solvency/${day}/attestation`,
    payload: upload.payload,
    headers: { ...headers, "content-type": upload.contentType },
  });
}

describe("the console's snapshots and the reserves attestation", () => {
  it("publishes an admin's attestation beside the day's root, for anyone to download", async () => {
    t.clock.set(new Date("2026-03-03T10:00:00+08:00"));
    await toppedUpUser(t, "12.34");
    t.clock.set(new Date("2026-03-04T00:05:00+08:00"));
    expect(await snapshotClosedDay({ db: t.db, clock: t.clock, timeZone: "Asia/Shanghai" })).toMatchObject({
      taken: true,
    });
    const admin = await operatorAuth(t, "admin");

    const uploaded = await attest(admin.headers, DAY, PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const root = uploaded.json<SolvencyRoot>();
    expect(root).toMatchObject({
      day: DAY,
      totalMinor: "1234",
      users: 1,
      attestation: { name: `reserves-attestation-${DAY}.pdf`, uploadedAt: t.clock.now().toISOString() },
    });
    const url = root.attestation?.url ?? "";
    const download = await t.app.inject({ method: "GET", url });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `inline; filename="reserves-attestation-${DAY}.pdf"`,
    );
    expect(download.headers["content-security-policy"]).toBe("sandbox");
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const published = (await t.app.inject({ method: "GET", url: "/api/v1/solvency" })).json<Solvency>();
    expect(published.latest?.attestation?.url).toBe(url);
    const console = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/solvency",
      headers: admin.headers,
    });
    expect(console.json<Solvency>()).toEqual(published);
    const audit = await auditEntry(t.db, "solvency.attest");
    expect(audit).toMatchObject({ target_type: "solvency_snapshot", target_id: DAY });

    // A newer document for the day is shown instead; the first stays downloadable.
    t.clock.advance(60_000);
    const again = await attest(admin.headers, DAY, PNG, "scan.png");
    expect(again.json<SolvencyRoot>().attestation?.name).toBe(`reserves-attestation-${DAY}.png`);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
  });

  it("refuses a bad day, a day without a snapshot and a file that is not a document, with codes", async () => {
    const admin = await operatorAuth(t, "admin");
    const cases: [string, Buffer, number, string][] = [
      ["2026-13-45", PDF, 400, "RANGE_INVALID"],
      ["yesterday", PDF, 400, "RANGE_INVALID"],
      ["2020-01-01", PDF, 404, "SOLVENCY_SNAPSHOT_NOT_FOUND"],
      [DAY, Buffer.from("plain text, not a document"), 400, "ATTESTATION_FILE_INVALID"],
      [DAY, Buffer.alloc(0), 400, "ATTESTATION_FILE_INVALID"],
    ];
    for (const [day, file, status, code] of cases) {
      const answer = await attest(admin.headers, day, file);
      expect([day, answer.statusCode, answer.json().error?.code]).toEqual([day, status, code]);
    }
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/documents/not-a-uuid" });
    expect(missing.statusCode).toBe(400);
  });
});

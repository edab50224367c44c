import {
  mainlandIdCheckCharacter,
  type OperatorVerification,
  type VerificationStatus,
} from "@tickfair/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { auditEntry, registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import {
  mainlandIdNumber,
  phonePhoto,
  submitVerificationThroughApi,
  uploadIdPhoto,
} from "../test/verification-fixtures";
import { decryptIdNumber, parseIdNumberKeys } from "./id-number-cipher";

const t = useTestApp();

const upload = (auth: Record<string, string>, data: Buffer) => uploadIdPhoto(t.app, auth, data);
const submitted = (auth: Record<string, string>, overrides: Record<string, string> = {}) =>
  submitVerificationThroughApi(t.app, auth, overrides);

const statusOf = async (auth: Record<string, string>) =>
  (
    await t.app.inject({ method: "GET", url: "/api/v1/verification", headers: auth })
  ).json<VerificationStatus>();

const review = (
  headers: Record<string, string>,
  id: string,
  action: "approve" | "reject",
  payload?: object,
) =>
  t.app.inject({ method: "POST", url: `/api/v1/operator/verifications/${id}/${action}`, headers, payload });

async function queuedIdOf(headers: Record<string, string>, account: string): Promise<string> {
  const page = await t.app.inject({
    method: "GET",
    url: "/api/v1/operator/verifications?limit=100",
    headers,
  });
  const found = page
    .json<{ items: OperatorVerification[] }>()
    .items.find((item) => item.user.account === account);
  if (!found) throw new Error(`${account} is not in the queue`);
  return found.id;
}

describe("ID photos", () => {
  it("are re-encoded upright, without EXIF or GPS, with a thumbnail", async () => {
    const user = await registerAndLogin(t);
    const original = await phonePhoto();
    // The GPS directory's pointer (tag 0x8825), in either byte order.
    const exif = (await sharp(original).metadata()).exif ?? Buffer.alloc(0);
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const uploaded = await upload(user.auth, original);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // Stored sideways at 120×80 with orientation 6: kept upright, 80×120.
    expect(uploaded.json()).toMatchObject({ width: 80, height: 120 });
    const sent = await submitted(user.auth);
    const links = sent.json<VerificationStatus>().photos;
    if (!links) throw new Error("no photo links");
    const photo = await t.app.inject({ method: "GET", url: links.front.url });
    expect(photo.statusCode).toBe(200);
    const kept = await sharp(photo.rawPayload).metadata();
    expect(kept.exif).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from("TestPhone"))).toBe(false);
    expect([kept.format, kept.orientation ?? 1]).toEqual(["jpeg", 1]);
    const thumbnail = await t.app.inject({ method: "GET", url: links.front.thumbnailUrl });
    expect(thumbnail.statusCode).toBe(200);
  });

  it("refuse what is not an image, or not a whole one", async () => {
    const user = await registerAndLogin(t);
    for (const data of [
      Buffer.from("not an image"),
      (await phonePhoto()).subarray(0, 200),
      Buffer.alloc(0),
    ]) {
      const answer = await upload(user.auth, data);
      expect([answer.statusCode, answer.json().error.code]).toEqual([400, "PHOTO_INVALID"]);
    }
  });

  it("open only while the session they were issued to lasts, and only for a few minutes", async () => {
    const user = await registerAndLogin(t);
    const links = (await submitted(user.auth)).json<VerificationStatus>().photos;
    if (!links) throw new Error("no photo links");
    expect((await t.app.inject({ method: "GET", url: links.back.url })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: `${links.back.url.slice(0, -4)}AAAA` })).statusCode,
    ).toBe(404);
    t.clock.advance(6 * 60_000);
    expect((await t.app.inject({ method: "GET", url: links.back.url })).statusCode).toBe(404);
    const fresh = (await statusOf(user.auth)).photos;
    if (!fresh) throw new Error("no photo links");
    await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: user.auth });
    expect((await t.app.inject({ method: "GET", url: fresh.front.url })).statusCode).toBe(404);
  });
});

describe("a verification", () => {
  it("goes under review, is rejected with a reason, corrected, and approved; decided once", async () => {
    const user = await registerAndLogin(t);
    // The form starts from the nationality declared at registration.
    expect(await statusOf(user.auth)).toMatchObject({ state: "not_submitted", nationality: "CN" });
    expect((await submitted(user.auth)).statusCode).toBe(201);
    const waiting = await statusOf(user.auth);
    expect(waiting).toMatchObject({ state: "under_review", name: "张三", nationality: "CN" });
    expect(waiting.idNumberMasked).toMatch(/^110\*{13}\w{2}$/);
    const again = await submitted(user.auth);
    expect([again.statusCode, again.json().error.code]).toEqual([409, "VERIFICATION_IN_PROGRESS"]);

    const support = await operatorAuth(t, "support");
    const first = await queuedIdOf(support.headers, user.registration.account);
    const rejected = await review(support.headers, first, "reject", {
      reason: "photo_blurred",
      text: "The back photo is blurred; take it again in good light.",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statusOf(user.auth)).toMatchObject({
      state: "rejected",
      rejection: { reason: "photo_blurred", text: "The back photo is blurred; take it again in good light." },
    });
    expect((await review(support.headers, first, "approve")).json().error.code).toBe("NOT_UNDER_REVIEW");

    expect((await submitted(user.auth)).statusCode).toBe(201);
    const second = await queuedIdOf(support.headers, user.registration.account);
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/v1/operator/verifications/${second}`,
      headers: support.headers,
    });
    const seen = detail.json<OperatorVerification>();
    expect(seen.history.map((entry) => [entry.submissionId, entry.state])).toEqual([[first, "rejected"]]);
    expect((await t.app.inject({ method: "GET", url: seen.photos.front.url })).statusCode).toBe(200);
    expect(await auditEntry(t.db, "verification.view")).toBeDefined();

    expect((await review(support.headers, second, "approve")).statusCode).toBe(200);
    expect((await statusOf(user.auth)).state).toBe("verified");
    const me = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: user.auth });
    expect(me.json().user.verified).toBe(true);
    expect((await submitted(user.auth)).json().error.code).toBe("VERIFICATION_IN_PROGRESS");
    expect(
      (await review(support.headers, second, "reject", { reason: "other", text: "Changed my mind" }))
        .statusCode,
    ).toBe(409);
  });

  it("keeps the ID number encrypted, with only its masked form readable", async () => {
    const user = await registerAndLogin(t);
    const idNumber = mainlandIdNumber();
    expect((await submitted(user.auth, { idNumber })).statusCode).toBe(201);
    const row = await t.db
      .selectFrom("verifications")
      .selectAll()
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(Object.values(row).map(String).join(" ")).not.toContain(idNumber.slice(0, 12));
    const keys = parseIdNumberKeys(t.config.ID_NUMBER_KEYS ?? "", t.config.ID_NUMBER_INDEX_KEY ?? "");
    expect(decryptIdNumber(keys, row.id_number_encrypted)).toBe(idNumber);
  });

  it("shows a reviewer the full ID number, one audited look at a time; others get 403", async () => {
    const user = await registerAndLogin(t);
    const idNumber = mainlandIdNumber();
    expect((await submitted(user.auth, { idNumber })).statusCode).toBe(201);
    const support = await operatorAuth(t, "support");
    const id = await queuedIdOf(support.headers, user.registration.account);
    const reveal = (headers: Record<string, string>, target = id) =>
      t.app.inject({ method: "POST", url: `/api/v1/operator/verifications/${target}/id-number`, headers });
    const looks = () =>
      t.db
        .selectFrom("audit_log as a")
        .innerJoin("operators as o", "o.id", "a.operator_id")
        .select(["o.username", "a.target_id", "a.detail"])
        .where("a.action", "=", "verification.id_number_view")
        .where("a.target_id", "=", id)
        .execute();

    const finance = await operatorAuth(t, "finance");
    const refused = await reveal(finance.headers);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, "OPERATOR_ROLE_FORBIDDEN"]);
    expect(await looks()).toEqual([]);

    const shown = await reveal(support.headers);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ idNumber });
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect(await looks()).toEqual([
      { username: support.username, target_id: id, detail: { userId: String(user.userId) } },
    ]);
    // Every look is its own record: nothing is remembered between them.
    expect((await reveal(support.headers)).json()).toEqual({ idNumber });
    expect(await looks()).toHaveLength(2);

    const missing = await reveal(support.headers, "999999999");
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, "NOT_FOUND"]);
    const malformed = await reveal(support.headers, "abc");
    expect(malformed.statusCode).toBe(400);
  });

  it("lets one ID number verify one account: two users racing with it, one goes through", async () => {
    const [a, b] = [await registerAndLogin(t), await registerAndLogin(t)];
    const idNumber = mainlandIdNumber();
    const answers = await Promise.all([submitted(a.auth, { idNumber }), submitted(b.auth, { idNumber })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error.code).toBe("ID_NUMBER_IN_USE");
    // The same number typed with a lower-case x or spaces is the same number.
    const c = await registerAndLogin(t);
    const spaced = `${idNumber.slice(0, 6)} ${idNumber.slice(6, 14)} ${idNumber.slice(14).toLowerCase()}`;
    expect((await submitted(c.auth, { idNumber: spaced })).json().error.code).toBe("ID_NUMBER_IN_USE");
  });

  it("refuses bad input with a code and stores nothing", async () => {
    const user = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const othersPhoto = (await upload(other.auth, await phonePhoto())).json().photoId as string;
    const cases: [Record<string, string>, string][] = [
      [{ name: "Zhang San" }, "NAME_INVALID"],
      [{ name: "张" }, "NAME_INVALID"],
      [{ idNumber: "110105194912310021" }, "ID_NUMBER_CHECK_DIGIT_MISMATCH"],
      [{ idNumber: "11010119900307777X" }, "ID_NUMBER_CHECK_DIGIT_MISMATCH"],
      [{ idNumber: "110101199013010012" }, "ID_NUMBER_BIRTH_DATE_INVALID"],
      [{ idNumber: "110105490229002" }, "ID_NUMBER_BIRTH_DATE_INVALID"],
      [{ idNumber: "11010519491231" }, "ID_NUMBER_INVALID"],
      [{ nationality: "XX" }, "NATIONALITY_INVALID"],
      [{ nationality: "FR", name: "張三", idNumber: "12@34" }, "ID_NUMBER_INVALID"],
      [{ frontPhotoId: othersPhoto }, "PHOTO_REQUIRED"],
      [{ backPhotoId: "not-a-uuid" }, "PHOTO_REQUIRED"],
    ];
    for (const [overrides, code] of cases) {
      const answer = await submitted(user.auth, overrides);
      expect([overrides, answer.statusCode, answer.json().error.code]).toEqual([overrides, 400, code]);
    }
    expect((await statusOf(user.auth)).state).toBe("not_submitted");
    const accepted = await submitted(user.auth, {
      nationality: "FR",
      name: "Jeanne d'Arc",
      idNumber: "AB 123-456",
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it("refuses a birth date after today by the server's clock, in Beijing time", async () => {
    const user = await registerAndLogin(t);
    // The test clock stands at 2026-01-05 16:00 in Beijing: born on the 6th is a day too early.
    const head = "11010520260106001";
    const bornTomorrow = head + mainlandIdCheckCharacter(head);
    const early = await submitted(user.auth, { idNumber: bornTomorrow });
    expect([early.statusCode, early.json().error.code]).toEqual([400, "ID_NUMBER_BIRTH_DATE_INVALID"]);
    t.clock.advance(8 * 3600 * 1000);
    expect((await submitted(user.auth, { idNumber: bornTomorrow })).statusCode).toBe(201);
  });
});

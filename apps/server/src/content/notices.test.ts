import type { ContentNotice, LiveBanners, LivePopup, PublicImage } from "@tickfair/contract";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { multipart } from "../test/files";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { phonePhoto, uploadIdPhoto } from "../test/verification-fixtures";

const t = useTestApp();
const HOUR = 3_600_000;
const at = (offset: number) => new Date(t.clock.now().getTime() + offset).toISOString();

async function write(headers: Record<string, string>, payload: object) {
  const answer = await t.app.inject({ method: "POST", url: "/api/v1/operator/notices", headers, payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<ContentNotice>();
}

const read = (url: string, language: string, auth: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { "accept-language": language, ...auth } });

const banners = async (language: string) =>
  (await read("/api/v1/content/banners", language)).json<LiveBanners>().items.map((item) => item.title);

function uploadImage(headers: Record<string, string>, data: Buffer) {
  const { payload, contentType } = multipart(data, "banner.jpg");
  return t.app.inject({
    method: "POST",
    url: "/api/v1/operator/images",
    headers: { ...headers, "content-type": contentType },
    payload,
  });
}

describe("banners", () => {
  it("shows the banners live now, in order, in the reader's language or the next they read", async () => {
    const admin = await operatorAuth(t, "admin");
    await write(admin.headers, {
      kind: "banner",
      translations: { "zh-CN": { title: "第二" }, en: { title: "Second" } },
      position: 2,
      startsAt: at(-HOUR),
      reason: "Spring campaign",
    });
    await write(admin.headers, {
      kind: "banner",
      translations: { "zh-CN": { title: "第一" }, "zh-TW": { title: "第一（繁）" }, ja: { title: "一番" } },
      position: 1,
      link: "/pages/Detail/Detail?symbol=BTC%2FUSDT",
      startsAt: at(-HOUR),
      endsAt: at(HOUR),
      reason: "Spring campaign",
    });
    await write(admin.headers, {
      kind: "banner",
      translations: { "zh-CN": { title: "未开始" } },
      startsAt: at(HOUR),
      reason: "Summer campaign",
    });
    await write(admin.headers, {
      kind: "banner",
      translations: { "zh-CN": { title: "已结束" } },
      startsAt: at(-2 * HOUR),
      endsAt: at(-HOUR),
      reason: "Winter campaign",
    });

    expect(await banners("zh-CN")).toEqual(["第一", "第二"]);
    expect(await banners("ja")).toEqual(["一番", "Second"]);
    // No Traditional Chinese of the second: the Simplified; no Thai: English, then the default.
    expect(await banners("zh-TW")).toEqual(["第一（繁）", "第二"]);
    expect(await banners("th")).toEqual(["第一", "Second"]);
    const [first] = (await read("/api/v1/content/banners", "en")).json<LiveBanners>().items;
    expect(first).toMatchObject({
      locale: "zh-CN",
      link: "/pages/Detail/Detail?symbol=BTC%2FUSDT",
      image: null,
    });

    // An hour on, the first has ended and the third has started.
    t.clock.advance(HOUR);
    expect(await banners("zh-CN")).toEqual(["未开始", "第二"]);
  });

  it("refuses a link outside the app and a schedule that ends before it starts", async () => {
    const admin = await operatorAuth(t, "admin");
    for (const link of [
      "https://evil.example/",
      "//evil.example/pages/index/index",
      "/pages/nowhere",
      "javascript:alert(1)",
    ]) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/v1/operator/notices",
        headers: { ...admin.headers, "accept-language": "en" },
        payload: {
          kind: "banner",
          translations: { "zh-CN": { title: "x" } },
          link,
          startsAt: at(0),
          reason: "Try a link",
        },
      });
      expect([answer.statusCode, answer.json().error.fields], link).toEqual([
        400,
        { link: "CONTENT_LINK_INVALID" },
      ]);
    }
    const backwards = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/notices",
      headers: admin.headers,
      payload: {
        kind: "popup",
        translations: { "zh-CN": { title: "x" } },
        startsAt: at(HOUR),
        endsAt: at(0),
        reason: "Backwards",
      },
    });
    expect([backwards.statusCode, backwards.json().error.fields]).toEqual([400, { endsAt: "RANGE_INVALID" }]);
    const noDefault = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/notices",
      headers: admin.headers,
      payload: {
        kind: "popup",
        translations: { en: { title: "English only" } },
        startsAt: at(0),
        reason: "No Chinese",
      },
    });
    expect(noDefault.statusCode).toBe(400);
  });
});

describe("pop-up notices", () => {
  it("shows a pop-up once per user per version, on every device, and again when its text changes", async () => {
    const admin = await operatorAuth(t, "admin");
    const user = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const popup = await write(admin.headers, {
      kind: "popup",
      translations: {
        "zh-CN": { title: "维护通知", body: "周六维护" },
        en: { title: "Maintenance", body: "On Saturday" },
      },
      startsAt: at(-HOUR),
      reason: "Maintenance notice",
    });
    const unseen = async (auth: Record<string, string>) =>
      (await read("/api/v1/content/popup/unseen", "en", auth)).json<LivePopup>().popup;

    expect(await unseen(user.auth)).toMatchObject({
      id: popup.id,
      version: 1,
      title: "Maintenance",
      body: "On Saturday",
    });
    const seen = await t.app.inject({
      method: "POST",
      url: `/api/v1/content/popup/${popup.id}/seen`,
      headers: user.auth,
      payload: { version: 1 },
    });
    expect(seen.statusCode, seen.body).toBe(204);
    expect(await unseen(user.auth)).toBeNull();
    // Another device of the same user (a new session) does not show it either; another user still sees it.
    const again = await registerAndLogin(t);
    expect(await unseen(again.auth)).not.toBeNull();
    expect(await unseen(other.auth)).not.toBeNull();
    // The public route shows it to anyone signed out: their device remembers the dismissal.
    expect((await read("/api/v1/content/popup", "zh-CN")).json<LivePopup>().popup).toMatchObject({
      title: "维护通知",
    });

    // A new schedule alone keeps the version; a new text bumps it, and the user sees it again.
    const update = (translations: object) =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/operator/notices/${popup.id}`,
        headers: admin.headers,
        payload: { translations, startsAt: at(-2 * HOUR), reason: "Change the notice" },
      });
    const same = await update(popup.translations);
    expect([same.statusCode, same.json<ContentNotice>().version]).toEqual([200, 1]);
    expect(await unseen(user.auth)).toBeNull();
    const changed = await update({
      "zh-CN": { title: "维护通知", body: "改到周日" },
      en: { title: "Maintenance", body: "Now Sunday" },
    });
    expect(changed.json<ContentNotice>().version).toBe(2);
    expect(await unseen(user.auth)).toMatchObject({ version: 2, body: "Now Sunday" });

    // Dismissing the older version after the newer one never hides the newer.
    await t.app.inject({
      method: "POST",
      url: `/api/v1/content/popup/${popup.id}/seen`,
      headers: user.auth,
      payload: { version: 2 },
    });
    await t.app.inject({
      method: "POST",
      url: `/api/v1/content/popup/${popup.id}/seen`,
      headers: user.auth,
      payload: { version: 1 },
    });
    expect(await unseen(user.auth)).toBeNull();
    const future = await t.app.inject({
      method: "POST",
      url: `/api/v1/content/popup/${popup.id}/seen`,
      headers: user.auth,
      payload: { version: 9 },
    });
    expect(future.statusCode).toBe(404);

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "reason"])
      .where("target_type", "=", "content_notice")
      .where("target_id", "=", popup.id)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "content.popup.create", reason: "Maintenance notice" },
      { action: "content.popup.update", reason: "Change the notice" },
      { action: "content.popup.update", reason: "Change the notice" },
    ]);
  });

  it("shows no pop-up before its start or after its end", async () => {
    const admin = await operatorAuth(t, "admin");
    await write(admin.headers, {
      kind: "popup",
      translations: { "zh-CN": { title: "稍后" } },
      startsAt: at(HOUR),
      endsAt: at(2 * HOUR),
      reason: "Later notice",
    });
    // Other tests' pop-ups may be live too: the one started last is shown.
    const popup = async () => (await read("/api/v1/content/popup", "zh-CN")).json<LivePopup>().popup?.title;
    expect(await popup()).not.toBe("稍后");
    t.clock.advance(HOUR);
    expect(await popup()).toBe("稍后");
    t.clock.advance(HOUR);
    expect(await popup()).not.toBe("稍后");
  });
});

describe("public images", () => {
  it("re-encodes an upload to WebP without its metadata, and serves it for good", async () => {
    const admin = await operatorAuth(t, "admin");
    const answer = await uploadImage(admin.headers, await phonePhoto());
    expect(answer.statusCode, answer.body).toBe(201);
    const image = answer.json<PublicImage>();
    // Turned upright by its orientation: the 120×80 phone photo stored sideways is 80×120.
    expect(image).toMatchObject({ width: 80, height: 120, url: `/api/v1/images/${image.id}` });
    const served = await t.app.inject({ method: "GET", url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.exif, metadata.orientation]).toEqual(["webp", undefined, undefined]);

    const banner = await write(admin.headers, {
      kind: "banner",
      translations: { "zh-CN": { title: "有图" } },
      imageId: image.id,
      startsAt: at(-HOUR),
      reason: "With an image",
    });
    expect(banner.image).toEqual(image);
    const live = (await read("/api/v1/content/banners", "zh-CN")).json<LiveBanners>().items;
    expect(live.find((item) => item.id === banner.id)?.image).toEqual(image);
  });

  it("refuses what is not an image, too large an image, and an image id the store does not hold", async () => {
    const admin = await operatorAuth(t, "admin");
    const headers = { ...admin.headers, "accept-language": "en" };
    const notImage = await uploadImage(headers, Buffer.from("%PDF-1.4 not an image"));
    expect([notImage.statusCode, notImage.json().error.code]).toEqual([400, "FILE_INVALID"]);
    expect(notImage.json().error.message).toMatch(/JPEG, PNG or WebP/);
    const truncated = (await phonePhoto()).subarray(0, 200);
    expect((await uploadImage(headers, truncated)).json().error.code).toBe("FILE_INVALID");
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await uploadImage(headers, big);
    expect([tooLarge.statusCode, tooLarge.json().error.code]).toEqual([413, "FILE_TOO_LARGE"]);

    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/notices",
      headers,
      payload: {
        kind: "banner",
        translations: { "zh-CN": { title: "x" } },
        imageId: "00000000-0000-4000-8000-000000000000",
        startsAt: at(0),
        reason: "Unknown image",
      },
    });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, "FILE_INVALID"]);
  });

  it("never serves a private file or a verification photo from the public route", async () => {
    const user = await registerAndLogin(t);
    const photo = (await uploadIdPhoto(t.app, user.auth, await phonePhoto())).json<{ photoId: string }>();
    const { payload, contentType } = multipart(await phonePhoto(), "proof.jpg");
    const file = (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/files",
        headers: { ...user.auth, "content-type": contentType },
        payload,
      })
    ).json<{ fileId: string }>();
    for (const id of [photo.photoId, file.fileId]) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const answer = await t.app.inject({ method: "GET", url: `/api/v1/images/${id}` });
      expect(answer.statusCode).toBe(404);
    }
  });
});

import type { ContentArticlePage, ContentDocument, PublishedContent } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { publishDueContent } from "./publisher";

const t = useTestApp();
const text = (title: string, body = `# ${title}\n\nSome **words**.`) => ({
  title,
  summary: `${title}.`,
  body,
});

async function publish(headers: Record<string, string>, payload: object, url = "/api/v1/operator/content") {
  const answer = await t.app.inject({ method: "POST", url, headers, payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<ContentDocument>();
}

const read = (url: string, language: string) =>
  t.app.inject({ method: "GET", url, headers: { "accept-language": language } });

describe("content", () => {
  it("serves a page in the reader's language or the default one, newest published version", async () => {
    const admin = await operatorAuth(t, "admin");
    const about = await publish(admin.headers, {
      kind: "about",
      translations: { "zh-CN": text("关于我们"), en: text("About us") },
      reason: "First text",
    });
    expect(about).toMatchObject({ kind: "about", latestVersion: 1, publishedVersion: 1 });
    expect((await read("/api/v1/content/pages/about", "en")).json<PublishedContent>()).toMatchObject({
      locale: "en",
      title: "About us",
      version: 1,
    });
    // No Thai text: the English (as broadcasts); no Traditional Chinese: the Simplified.
    expect((await read("/api/v1/content/pages/about", "th")).json<PublishedContent>()).toMatchObject({
      locale: "en",
      title: "About us",
    });
    expect((await read("/api/v1/content/pages/about", "zh-TW")).json<PublishedContent>()).toMatchObject({
      locale: "zh-CN",
      title: "关于我们",
    });

    const again = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/content",
      headers: admin.headers,
      payload: { kind: "about", translations: { "zh-CN": text("又一个") }, reason: "Second about" },
    });
    expect([again.statusCode, again.json().error.code]).toEqual([409, "CONTENT_EXISTS"]);

    await publish(
      admin.headers,
      { translations: { "zh-CN": text("关于我们（新）"), en: text("About us (new)") }, reason: "Update" },
      `/api/v1/operator/content/${about.id}/versions`,
    );
    expect((await read("/api/v1/content/pages/about", "en")).json()).toMatchObject({
      version: 2,
      title: "About us (new)",
    });
    expect((await read("/api/v1/content/pages/privacy", "en")).statusCode).toBe(404);
  });

  it("never changes a version once written", async () => {
    const admin = await operatorAuth(t, "admin");
    const news = await publish(admin.headers, {
      kind: "news",
      translations: { "zh-CN": text("新闻") },
      reason: "News",
    });
    const edit = sql`update content_versions set translations = '{}' where document_id = ${BigInt(news.id)}`;
    await expect(edit.execute(t.db)).rejects.toThrow(/never changed/);
    await expect(
      sql`delete from content_versions where document_id = ${BigInt(news.id)}`.execute(t.db),
    ).rejects.toThrow();
  });

  it("publishes a scheduled article once, at its time, even with two publishers at once", async () => {
    const admin = await operatorAuth(t, "admin");
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await publish(admin.headers, {
      kind: "news",
      translations: { "zh-CN": text("定时新闻"), en: text("Scheduled news") },
      publishAt: at,
      reason: "Scheduled",
    });
    expect(scheduled.publishedVersion).toBeNull();
    const listed = async () =>
      (await read("/api/v1/content/articles?kind=news", "en"))
        .json<ContentArticlePage>()
        .items.map((i) => i.title);
    expect(await listed()).not.toContain("Scheduled news");
    expect((await read(`/api/v1/content/articles/${scheduled.id}`, "en")).statusCode).toBe(404);

    t.clock.advance(3_600_000);
    const counts = await Promise.all([
      publishDueContent(t.db, t.clock.now()),
      publishDueContent(t.db, t.clock.now()),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await publishDueContent(t.db, t.clock.now())).toBe(0);
    expect((await listed())[0]).toBe("Scheduled news");
    const article = (await read(`/api/v1/content/articles/${scheduled.id}`, "en")).json<PublishedContent>();
    expect(article).toMatchObject({ title: "Scheduled news", publishedAt: t.clock.now().toISOString() });
  });

  it("keeps a body's raw HTML as text to render inertly, and refuses texts without the default locale", async () => {
    const admin = await operatorAuth(t, "admin");
    const body = 'Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> [link](javascript:alert(3))';
    const news = await publish(admin.headers, {
      kind: "news",
      translations: { "zh-CN": text("脚本", body) },
      reason: "Markdown with HTML",
    });
    expect((await read(`/api/v1/content/articles/${news.id}`, "zh-CN")).json().body).toBe(body);
    for (const translations of [
      { en: text("English only") },
      { "zh-CN": text("好"), xx: text("No locale") },
      {},
    ]) {
      const refused = await t.app.inject({
        method: "POST",
        url: "/api/v1/operator/content",
        headers: admin.headers,
        payload: { kind: "news", translations, reason: "Bad texts" },
      });
      expect(refused.statusCode).toBe(400);
    }
  });

  it("records the agreement and privacy versions a new user accepted", async () => {
    const admin = await operatorAuth(t, "admin");
    for (const kind of ["agreement", "privacy"])
      await publish(admin.headers, { kind, translations: { "zh-CN": text(kind) }, reason: "Terms" });
    const user = await registerAndLogin(t);
    const row = await t.db
      .selectFrom("users")
      .select(["accepted_agreement_version", "accepted_privacy_version"])
      .where("id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ accepted_agreement_version: 1, accepted_privacy_version: 1 });
  });
});

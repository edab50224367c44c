import { createHash } from "node:crypto";
import { contentDocumentInput, LOCALES } from "@tickfair/contract";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDocument } from "../content";
import { onPostgres } from "../market/testing";
import { createOperator } from "../operators";
import { ManualClock } from "../platform/clock";
import { createTestDb, type TestDb } from "../test/harness";
import { loadDemoContent } from "./content";
import { seedDemo } from "./seed";

const {
  pages: DEMO_PAGES,
  pageVersions: DEMO_PAGE_VERSIONS,
  articles: DEMO_ARTICLES,
} = await loadDemoContent();
const DEMO_DOCUMENTS = [...DEMO_PAGES, ...DEMO_ARTICLES];

// An HTML tag opening (`<p`, `<br`, `<script`): the renderer drops raw HTML, so a tag would show as lost text.
const RAW_HTML = /<[a-z!/]/i;

describe("demo content", () => {
  it.each(
    [...DEMO_DOCUMENTS, ...DEMO_PAGE_VERSIONS].map(
      (document, index) => [`${document.kind} #${index}`, document] as const,
    ),
  )("%s passes the console's own input schema in every locale, without raw HTML", (_name, document) => {
    const parsed = contentDocumentInput.parse({ ...document, publishAt: null, reason: "demo" });
    expect(Object.keys(parsed.translations).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const text = parsed.translations[locale];
      expect(text?.title, locale).toMatch(/\S/);
      expect(text?.body, locale).toMatch(/\S/);
      expect(text?.body, locale).not.toMatch(RAW_HTML);
      expect(text?.summary, locale).not.toMatch(RAW_HTML);
    }
  });

  // A demo database compares its agreement with these texts and publishes a new version, which every
  // user must accept, when a byte differs: a text changes only by an intended edit, which updates this.
  it("reads the same texts from its Markdown files on every machine", () => {
    const texts = JSON.stringify({
      pages: DEMO_PAGES,
      versions: DEMO_PAGE_VERSIONS,
      articles: DEMO_ARTICLES,
    });
    expect(createHash("sha256").update(texts).digest("hex")).toBe(
      "c34f818f4ff99137a3fe2e9a943400258bd29338b115ae48ecccd5fff70f843f",
    );
  });

  it("has one of each page and two news articles and two highlights", () => {
    expect(DEMO_PAGES.map((page) => page.kind).sort()).toEqual(["about", "agreement", "privacy"]);
    expect(DEMO_ARTICLES.map((article) => article.kind).sort()).toEqual([
      "highlight",
      "highlight",
      "news",
      "news",
    ]);
  });
});

describe("seeding the demo content", () => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await createTestDb();
  });
  afterEach(async () => {
    await testDb.destroy();
  });

  const countsByKind = async () =>
    Object.fromEntries(
      (
        await sql<{ kind: string; n: number }>`
          select d.kind, count(*)::int as n
          from content_documents d join content_versions v on v.document_id = d.id
          group by d.kind`.execute(testDb.db)
      ).rows.map((row) => [row.kind, row.n]),
    );

  it("creates each document once, published, however often the seed runs", async () => {
    const clock = new ManualClock();
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    // The agreement's second version (the limits section) is added once.
    expect(await countsByKind()).toEqual({ about: 1, privacy: 1, agreement: 2, news: 2, highlight: 2 });
    const unpublished = await testDb.db
      .selectFrom("content_versions")
      .select("id")
      .where("published_at", "is", null)
      .execute();
    expect(unpublished).toEqual([]);
  });

  it("puts the limits section in the agreement before the disputes, in every locale", async () => {
    const [next] = DEMO_PAGE_VERSIONS;
    for (const locale of LOCALES) {
      const body = next?.translations[locale].body ?? "";
      const headings = body.split("\n").filter((line) => line.startsWith("## "));
      expect(headings.length, locale).toBe(6);
      expect(body.indexOf("24"), locale).toBeGreaterThan(0);
    }
    expect(next?.translations.en.body).toMatch(/## Limits you set on yourself[\s\S]*## Disputes/);
  });

  it("gives no demo version to an agreement an operator has written", async () => {
    const clock = new ManualClock();
    const [agreement] = DEMO_PAGES.filter((page) => page.kind === "agreement");
    if (!agreement) throw new Error("no demo agreement");
    const editor = await createOperator(testDb.db, clock, {
      username: "editor",
      password: "editor-password-1",
      role: "admin",
    });
    await createDocument(testDb.db, clock, editor, {
      ...agreement,
      publishAt: null,
      reason: "our own terms",
    });
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    expect((await countsByKind()).agreement).toBe(1);
  });

  it("leaves an operator's own news alone and still seeds the kinds that are missing", async () => {
    const clock = new ManualClock();
    const [own] = DEMO_ARTICLES.filter((article) => article.kind === "news");
    if (!own) throw new Error("no demo news");
    await createDocument(testDb.db, clock, null, { ...own, publishAt: null, reason: "own news" });
    await seedDemo(testDb.db, clock, { shared: onPostgres() });
    expect(await countsByKind()).toEqual({ about: 1, privacy: 1, agreement: 2, news: 1, highlight: 2 });
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { StaticRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { type ListQuery, PagedTable } from "./PagedTable";
import { useLocalPaging, useUrlPaging } from "./paging";

interface Row {
  id: string;
  name: string;
}

const texts = (locale: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, "../../i18n/locales", `${locale}.json`), "utf8"));

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: "en",
    resources: { en: { translation: texts("en") } },
    interpolation: { escapeValue: false },
  });
});

const page = (items: Row[], nextCursor: string | null = null): ListQuery<Row> => ({
  data: { items, nextCursor },
  isError: false,
  error: null,
  isFetching: false,
});

type Pages = "url" | "url-sizes" | "local" | "none";

/** The list as an operator would see it at `url`. */
function render(query: ListQuery<Row>, { url = "/", pages = "url" as Pages, toolbar = "" } = {}) {
  function List() {
    const url = useUrlPaging({ sizes: pages === "url-sizes" });
    const local = useLocalPaging();
    const paging = pages === "local" ? local : pages === "none" ? undefined : url;
    return createElement(PagedTable<Row>, {
      query,
      paging,
      empty: "No rows match.",
      toolbar: toolbar ? createElement("div", { "data-testid": "toolbar" }, toolbar) : undefined,
      columns: [{ title: "Name", dataIndex: "name" }],
    });
  }
  const html = renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(StaticRouter, { location: url }, createElement(List)),
    ),
  );
  return new DOMParserLite(html);
}

/** Just enough of the markup to ask what an operator sees: elements by test id, text, disabled. */
class DOMParserLite {
  constructor(readonly html: string) {}
  has(testId: string): boolean {
    return this.html.includes(`data-testid="${testId}"`);
  }
  /** The opening tag of the element with this test id. */
  tag(testId: string): string {
    const at = this.html.indexOf(`data-testid="${testId}"`);
    if (at < 0) throw new Error(`no ${testId}`);
    return this.html.slice(this.html.lastIndexOf("<", at), this.html.indexOf(">", at) + 1);
  }
  disabled(testId: string): boolean {
    return /\sdisabled=""/.test(this.tag(testId));
  }
  get text(): string {
    return this.html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  }
}

const rows = [
  { id: "1", name: "Alice" },
  { id: "2", name: "Bob" },
];

describe("PagedTable", () => {
  it("shows the toolbar, then the rows, then page one with only 'next' open while more pages follow", () => {
    const list = render(page(rows, "c2"), { toolbar: "Filters here" });
    expect(list.text).toContain("Filters here");
    expect(list.html.indexOf("toolbar")).toBeLessThan(list.html.indexOf("Alice"));
    expect(list.text).toContain("Alice");
    expect(list.text).toContain("Bob");
    expect(list.text).toContain("Page 1");
    expect(list.disabled("page-previous")).toBe(true);
    expect(list.disabled("page-next")).toBe(false);
    expect(list.has("list-page-size")).toBe(false);
  });

  it("reads its place from the URL: page three of a trail of two cursors, the last page", () => {
    const list = render(page(rows, null), { url: "/?after=c1,c2" });
    expect(list.text).toContain("Page 3");
    expect(list.disabled("page-previous")).toBe(false);
    expect(list.disabled("page-next")).toBe(true);
  });

  it("offers the rows-per-page choice only where the list has one, showing the URL's size", () => {
    expect(render(page(rows), { pages: "url-sizes" }).text).toContain("20 / page");
    expect(render(page(rows), { pages: "url-sizes", url: "/?size=50" }).text).toContain("50 / page");
    expect(render(page(rows), { pages: "url-sizes", url: "/?size=7" }).text).toContain("20 / page");
  });

  it("keeps a list's place of its own where the URL belongs to the page (a user's tabs)", () => {
    const list = render(page(rows, "c2"), { pages: "local", url: "/?after=c1,c2" });
    expect(list.text).toContain("Page 1");
    expect(list.disabled("page-previous")).toBe(true);
  });

  it("has no pager for a list that comes whole", () => {
    const list = render(page(rows), { pages: "none" });
    expect(list.text).toContain("Alice");
    expect(list.has("pager")).toBe(false);
  });

  it("says what the page gives when there are no rows", () => {
    const list = render(page([]));
    expect(list.text).toContain("No rows match.");
    expect(list.disabled("page-next")).toBe(true);
  });

  it("says the list could not be read above an empty table, and no rows from nowhere", () => {
    const list = render({ isError: true, error: new Error("boom"), isFetching: false });
    expect(list.html).toContain('role="alert"');
    expect(list.text).toContain(texts("en").errors.unknown);
    expect(list.text).not.toContain("boom");
    expect(list.text).toContain("No rows match.");
  });

  it("spins while the page is read, and holds the pager still until it is", () => {
    const list = render({ ...page(rows, "c2"), isFetching: true });
    expect(list.html).toContain("ant-spin-spinning");
    expect(list.disabled("page-next")).toBe(true);
    expect(render(page(rows, "c2")).html).not.toContain("ant-spin-spinning");
  });
});

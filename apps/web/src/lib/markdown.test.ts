import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

// The web tests run without a DOM: the output's tags and attributes are read with patterns. micromark
// writes tags in one fixed form (lower case, double-quoted attributes), so the patterns see them all.
const tags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
const addresses = (html: string) => [...html.matchAll(/\b(?:href|src)="([^"]*)"/gi)].map((m) => m[1] ?? "");

describe("renderMarkdown", () => {
  const body = [
    "# Title",
    "",
    "<script>alert(1)</script>",
    "",
    '<img src="x" onerror="alert(2)">',
    "",
    "A [link](javascript:alert(3)) and [another](JaVaScRiPt:alert(4)) and [ok](https://example.com).",
    "",
    "![pic](javascript:alert(5))",
  ].join("\n");
  const html = renderMarkdown(body);

  it("leaves no script element, event handler or javascript: address", () => {
    expect(tags(html).some((tag) => /^<script/i.test(tag))).toBe(false);
    expect(tags(html).some((tag) => /\son[a-z]+=/i.test(tag))).toBe(false);
    expect(addresses(html).some((url) => url.toLowerCase().includes("javascript:"))).toBe(false);
  });

  it("shows the raw HTML as text and keeps the safe markup", () => {
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(addresses(html)).toContain("https://example.com");
  });
});

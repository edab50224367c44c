import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { initialsOf, ProductIcon } from "./ProductIcon";
import { PRODUCT_ICONS } from "./product-icons";

/** The symbols the server seeds, read from its catalogue (the web app does not import server code). */
const CATALOGUE_SYMBOLS = [
  ...readFileSync(new URL("../../../../server/src/market/catalogue.ts", import.meta.url), "utf8").matchAll(
    /^\s*symbol: "([^"]+)",$/gm,
  ),
].map((match) => match[1] as string);

const render = (symbol: string, label?: string) =>
  renderToStaticMarkup(createElement(ProductIcon, { symbol, label }));
const FALLBACK_MARK = "<text";

describe("product icons", () => {
  it("reads the ten catalogue products", () => {
    expect(CATALOGUE_SYMBOLS).toHaveLength(10);
    expect(new Set(CATALOGUE_SYMBOLS).size).toBe(10);
  });

  it("draws every catalogue product with an icon of its own, not the initials", () => {
    for (const symbol of CATALOGUE_SYMBOLS) {
      expect(PRODUCT_ICONS[symbol], symbol).toBeDefined();
      expect(render(symbol), symbol).not.toContain(FALLBACK_MARK);
    }
  });

  it("gives no two products the same drawing", () => {
    const drawings = CATALOGUE_SYMBOLS.map((symbol) => render(symbol));
    expect(new Set(drawings).size).toBe(CATALOGUE_SYMBOLS.length);
  });

  it("keeps each icon small, on the 32×32 grid, with no ids to clash on a page", () => {
    for (const symbol of CATALOGUE_SYMBOLS) {
      const svg = render(symbol);
      expect(svg, symbol).toContain('viewBox="0 0 32 32"');
      expect(svg, symbol).not.toMatch(/\sid=/);
      expect(svg.length, symbol).toBeLessThan(1000);
    }
  });

  it("shows an unknown product's initials in a circle", () => {
    const svg = render("NEW/USD");
    expect(svg).toContain(FALLBACK_MARK);
    expect(svg).toContain(">NE</text>");
    expect(initialsOf("us500")).toBe("US");
    expect(initialsOf("/")).toBe("?");
  });

  it("is hidden from screen readers next to the name, a labelled image on its own", () => {
    expect(render("BTC/USDT")).toContain('aria-hidden="true"');
    const labelled = render("BTC/USDT", "Bitcoin");
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="Bitcoin"');
    expect(labelled).not.toContain("aria-hidden");
  });
});

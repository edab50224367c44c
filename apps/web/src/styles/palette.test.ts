import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "global.css"), "utf8");
const root = css.slice(css.indexOf(":root"), css.indexOf("}"));
const tokens = new Map([...root.matchAll(/--(tf-[\w-]+):\s*#([0-9a-f]{6})\b/gi)].map((m) => [m[1], m[2]]));

function token(name: string): string {
  const hex = tokens.get(name);
  if (!hex) throw new Error(`--${name} is not a six-digit colour of :root`);
  return hex;
}

/** WCAG 2.1's relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

// The small texts that say something in passing (hints, times, "closed now"), and the cards and tints
// they are set on. axe checks only the states a page happens to be in; this checks every pairing.
const TEXTS = [
  "tf-text",
  "tf-text-2",
  "tf-text-3",
  "tf-warn",
  "tf-warn-text",
  "tf-green",
  "tf-red",
  "tf-brand",
];
const SURFACES = [
  "tf-card",
  "tf-bg",
  "tf-brand-soft",
  "tf-green-soft",
  "tf-red-soft",
  "tf-warn-soft",
  "tf-grey-50",
  "tf-grey-100",
  "tf-grey-200",
  "tf-grey-300",
];

describe("the palette", () => {
  it("sets every text colour at 4.5:1 or more on every card and tint (WCAG 2.1 AA, small text)", () => {
    const weak = TEXTS.flatMap((text) =>
      SURFACES.filter((surface) => contrast(token(text), token(surface)) < 4.5).map(
        (surface) => `${text} on ${surface}: ${contrast(token(text), token(surface)).toFixed(2)}`,
      ),
    );
    expect(weak).toEqual([]);
  });
});

/**
 * Which colour shows a rise, by the reader's language. Most markets show a rise in green and a fall
 * in red; Chinese (mainland, Taiwan, Hong Kong), Japanese and Korean readers are used to the opposite,
 * and a falling figure in red reads as a gain to them. Both apps colour every figure that moves with
 * the market (prices, changes, directions, profit and loss) by this one rule; success and error
 * colours do not follow it.
 */
export type RiseColour = "red" | "green";

const RED_RISE_LANGUAGES: ReadonlySet<string> = new Set(["zh", "ja", "ko"]);

/** The colour of a rise for a BCP 47 locale ("zh-TW" → red, "en" → green); a fall takes the other. */
export function riseColourOf(locale: string): RiseColour {
  const language = locale.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return RED_RISE_LANGUAGES.has(language) ? "red" : "green";
}

/** Marks the page with its language's convention (`<html data-rise="red">`), for its style sheets. */
export function applyRiseColour(locale: string, root: HTMLElement = document.documentElement): void {
  root.dataset.rise = riseColourOf(locale);
}

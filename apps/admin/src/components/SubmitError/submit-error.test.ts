import { describe, expect, it } from "vitest";
import { shownSubmitError } from "./submit-error";

describe("a submit's error under its form", () => {
  const refused = new Error("Choose a page of the app");
  const sent = JSON.stringify({ link: "https://example.com/" });

  it("shows nothing while there is no error", () => {
    expect(shownSubmitError(null, null, sent)).toBeNull();
  });

  it("shows the error while the form holds the values it was refused for", () => {
    expect(shownSubmitError(refused, null, sent)).toBe(refused);
    expect(shownSubmitError(refused, { error: refused, values: sent }, sent)).toBe(refused);
  });

  it("hides it once a field changes, and shows it again if the same values come back", () => {
    const fixed = JSON.stringify({ link: "/pages/fairness/fairness" });
    expect(shownSubmitError(refused, { error: refused, values: sent }, fixed)).toBeNull();
    expect(shownSubmitError(refused, { error: refused, values: sent }, sent)).toBe(refused);
  });

  it("shows a new submit's error whatever the values were for the last one", () => {
    const again = new Error("Reason required");
    const fixed = JSON.stringify({ link: "/pages/fairness/fairness" });
    expect(shownSubmitError(again, { error: refused, values: sent }, fixed)).toBe(again);
  });
});

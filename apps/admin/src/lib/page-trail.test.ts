import { describe, expect, it } from "vitest";
import { filterParams, nextPageParams, previousPageParams, readPageTrail } from "./page-trail";

describe("a list's place in the URL", () => {
  it("starts on page one without a cursor", () => {
    expect(readPageTrail(new URLSearchParams("status=all"))).toEqual({ cursor: undefined, page: 1 });
  });

  it("walks forward with each page's next cursor and back without asking the server", () => {
    const first = new URLSearchParams("status=all");
    const second = nextPageParams(first, "120");
    const third = nextPageParams(second, "80");
    expect(third.toString()).toBe("status=all&after=120%2C80");
    expect(readPageTrail(third)).toEqual({ cursor: "80", page: 3 });
    expect(readPageTrail(previousPageParams(third))).toEqual({ cursor: "120", page: 2 });
    const back = previousPageParams(previousPageParams(third));
    expect(back.toString()).toBe("status=all");
    expect(readPageTrail(previousPageParams(back)).page).toBe(1);
  });

  it("goes back to page one when a filter changes", () => {
    const deep = new URLSearchParams("status=failed&after=120,80");
    expect(filterParams(deep, "status", "success").toString()).toBe("status=success");
    expect(filterParams(deep, "status", undefined).toString()).toBe("");
  });

  it("ignores empty cursors a hand-edited URL may hold", () => {
    expect(readPageTrail(new URLSearchParams("after=,,42,"))).toEqual({ cursor: "42", page: 2 });
  });
});

import { APP_LINK_PATHS } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { paths } from "./paths";

describe("banner and pop-up links", () => {
  it("names only routes this app has, so a banner's link always opens a page", () => {
    const routes: readonly string[] = Object.values(paths);
    expect(APP_LINK_PATHS.filter((path) => !routes.includes(path))).toEqual([]);
  });
});

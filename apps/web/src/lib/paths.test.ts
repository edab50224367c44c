import { describe, expect, it } from "vitest";
import { loginPath, orderDetailPath, paths, safeRedirect, stripBasename } from "./paths";

describe("safeRedirect", () => {
  it("keeps paths inside the app", () => {
    expect(safeRedirect("/pages/user/user", paths.home)).toBe("/pages/user/user");
    expect(safeRedirect("/pages/password/password?type=pay", paths.home)).toBe(
      "/pages/password/password?type=pay",
    );
    expect(safeRedirect("/h5/pages/set/set", paths.home)).toBe("/pages/set/set");
  });

  it("refuses other hosts, schemes and the login pages", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "pages/user/user",
      "/pages/login/login",
      "/pages/login/register",
      "/\u0000x",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad, paths.user)).toBe(paths.user);
    }
  });
});

describe("loginPath", () => {
  it("carries the way back", () => {
    expect(loginPath("/pages/set/set")).toBe("/pages/login/login?redirect=%2Fpages%2Fset%2Fset");
    expect(loginPath()).toBe("/pages/login/login");
    expect(loginPath("/pages/login/login?redirect=x")).toBe("/pages/login/login");
  });
});

describe("stripBasename", () => {
  it("removes /h5", () => {
    expect(stripBasename("/h5/pages/user/user")).toBe("/pages/user/user");
    expect(stripBasename("/h5")).toBe("/");
    expect(stripBasename("/h5x")).toBe("/h5x");
  });
});

describe("orderDetailPath", () => {
  it("names the contract in the query", () => {
    expect(orderDetailPath("12")).toBe("/pages/order/detail?id=12");
    expect(safeRedirect(orderDetailPath("12"), paths.home)).toBe("/pages/order/detail?id=12");
  });
});

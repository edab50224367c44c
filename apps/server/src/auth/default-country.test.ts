import type { AppInfo } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config";
import { useTestApp } from "../test/harness";

const t = useTestApp({ DEFAULT_COUNTRY: "DE", RESTRICTED_COUNTRIES: ["GB"] });

describe("DEFAULT_COUNTRY", () => {
  const base = { DATA_DIR: "unused" };

  it("is told to the app, which starts registration's phone code and nationality from it", async () => {
    const info = (await t.app.inject({ method: "GET", url: "/api/v1/app" })).json<AppInfo>();
    expect(info.defaultCountry).toBe("DE");
  });

  it("is none unless set, and takes a phone country in any case", () => {
    expect(loadConfig(base).DEFAULT_COUNTRY).toBeNull();
    expect(loadConfig({ ...base, DEFAULT_COUNTRY: "" }).DEFAULT_COUNTRY).toBeNull();
    expect(loadConfig({ ...base, DEFAULT_COUNTRY: " th " }).DEFAULT_COUNTRY).toBe("TH");
  });

  it("refuses to start with a country the phone field does not offer", () => {
    expect(() => loadConfig({ ...base, DEFAULT_COUNTRY: "UK" })).toThrow(/DEFAULT_COUNTRY: /);
    expect(() => loadConfig({ ...base, DEFAULT_COUNTRY: "BR" })).toThrow(/DEFAULT_COUNTRY: /);
  });

  it("refuses to start when it is a restricted country: registration would refuse its own default", () => {
    expect(() => loadConfig({ ...base, DEFAULT_COUNTRY: "fr", RESTRICTED_COUNTRIES: "GB,FR" })).toThrow(
      /DEFAULT_COUNTRY FR is in RESTRICTED_COUNTRIES/,
    );
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES, errorMessage } from "./error-messages";
import { errorBody, errorCode } from "./error-schema";
import { ERROR_CODES, type ErrorCode, isErrorCode } from "./errors";
import { LOCALES, type Locale } from "./locales";

const LOCALE_DIR = new URL("../locales/errors/", import.meta.url);
const readLocaleFile = (locale: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALE_DIR), "utf8"));

describe("error codes", () => {
  it("are unique SCREAMING_SNAKE_CASE names", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*[A-Z0-9]$/);
  });

  it("isErrorCode and the zod enum agree with the list", () => {
    for (const code of ERROR_CODES) {
      expect(isErrorCode(code)).toBe(true);
      expect(errorCode.safeParse(code).success).toBe(true);
    }
    for (const other of ["", "not_found", "NOPE", 1, null, undefined]) {
      expect(isErrorCode(other)).toBe(false);
      expect(errorCode.safeParse(other).success).toBe(false);
    }
  });
});

describe("locale files", () => {
  it("exist for exactly the supported locales", () => {
    const files = readdirSync(LOCALE_DIR).filter((f) => f.endsWith(".json"));
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)("%s has a non-empty message for every code and no other key", (locale) => {
    const messages = readLocaleFile(locale);
    expect(Object.keys(messages).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const message = messages[code];
      expect(typeof message, `${locale}.${code}`).toBe("string");
      expect((message as string).trim(), `${locale}.${code}`).not.toBe("");
    }
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s is translated, not a copy of English", (locale) => {
    const messages = readLocaleFile(locale);
    const en = readLocaleFile("en");
    const copied = ERROR_CODES.filter((code) => messages[code] === en[code]);
    expect(copied).toEqual([]);
  });

  it("ERROR_MESSAGES holds the files' contents", () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(ERROR_MESSAGES[locale]).toEqual(readLocaleFile(locale));
  });
});

describe("errorMessage", () => {
  it("returns the locale's message", () => {
    expect(errorMessage("AMOUNT_INVALID", "en")).toBe("Please enter another amount.");
    expect(errorMessage("NOT_FOUND", "de")).toBe(readLocaleFile("de").NOT_FOUND);
    for (const locale of LOCALES) {
      for (const code of ERROR_CODES) expect(errorMessage(code, locale)).toBe(readLocaleFile(locale)[code]);
    }
  });

  it("falls back to English for an unknown locale", () => {
    expect(errorMessage("NOT_FOUND", "pt" as Locale)).toBe("Not found.");
  });

  it("falls back to the code itself for an unknown code", () => {
    expect(errorMessage("SOMETHING_NEW" as ErrorCode, "fr")).toBe("SOMETHING_NEW");
  });
});

describe("errorBody", () => {
  it("parses a sample error body", () => {
    const sample = {
      error: {
        code: "VALIDATION_FAILED",
        message: "Please check the highlighted fields.",
        fields: { account: "ACCOUNT_ID_INVALID", password: "PASSWORD_INVALID" },
      },
    };
    expect(errorBody.parse(sample)).toEqual(sample);
    expect(errorBody.parse({ error: { code: "NOT_FOUND", message: "Not found." } })).toEqual({
      error: { code: "NOT_FOUND", message: "Not found." },
    });
  });

  it("rejects bodies that break the shape", () => {
    expect(errorBody.safeParse({ error: { code: "NOPE", message: "x" } }).success).toBe(false);
    expect(errorBody.safeParse({ error: { code: "NOT_FOUND" } }).success).toBe(false);
    expect(errorBody.safeParse({ error: { code: "NOT_FOUND", message: 1 } }).success).toBe(false);
    expect(
      errorBody.safeParse({ error: { code: "VALIDATION_FAILED", message: "x", fields: { a: "NOPE" } } })
        .success,
    ).toBe(false);
    expect(errorBody.safeParse({ code: "NOT_FOUND", message: "x" }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  ApiError,
  apiErrorFromResponse,
  BAD_RESPONSE,
  describeError,
  describeFields,
  NETWORK_ERROR,
  TIMEOUT,
} from "./api-error";

/** The H5 app translates codes itself; the console shows the server's message. */
const appTexts = {
  lookup: (code: string) =>
    ({ INVALID_CREDENTIALS: "Wrong account or password.", PHONE_TAKEN: "Phone taken." })[code],
  networkError: "Network error",
  unknownError: "Something went wrong",
};
const consoleTexts = { networkError: "offline", unknownError: "unknown" };

describe("apiErrorFromResponse", () => {
  it("reads code, message and fields, and ignores a field that has no code", () => {
    const error = apiErrorFromResponse(400, {
      error: {
        code: "VALIDATION_FAILED",
        message: "Check",
        fields: { phone: "PHONE_TAKEN", "translations.zh-CN.title": "REQUIRED", bad: 3 },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", status: 400, serverMessage: "Check" });
    expect(error.fields).toEqual({ phone: "PHONE_TAKEN", "translations.zh-CN.title": "REQUIRED" });
    expect(apiErrorFromResponse(400, { error: { code: "X", fields: "no" } }).fields).toEqual({});
  });

  it("reads a refusal's details, keeping only text values", () => {
    const error = apiErrorFromResponse(409, {
      error: {
        code: "EXPOSURE_LIMIT_REACHED",
        message: "Full",
        details: { cap: "product_direction", symbol: "BTC/USDT", direction: "up", odd: 1 },
      },
    });
    expect(error.details).toEqual({ cap: "product_direction", symbol: "BTC/USDT", direction: "up" });
    expect(apiErrorFromResponse(409, { error: { code: "X" } }).details).toEqual({});
  });

  it("names an answer without the error shape by its status", () => {
    expect(apiErrorFromResponse(502, "<html>").code).toBe("INTERNAL");
    expect(apiErrorFromResponse(502, undefined).code).toBe("INTERNAL");
    expect(apiErrorFromResponse(401, null).code).toBe("UNAUTHENTICATED");
    expect(apiErrorFromResponse(404, { error: "nope" }).code).toBe(BAD_RESPONSE);
    expect(apiErrorFromResponse(400, { error: { code: "" } }).code).toBe(BAD_RESPONSE);
  });
});

describe("describeError", () => {
  it("translates a known code where the app has its own texts", () => {
    const error = new ApiError("INVALID_CREDENTIALS", 401, "账号或密码错误。");
    expect(describeError(error, appTexts)).toBe("Wrong account or password.");
  });

  it("shows the server's message, already in the console's language, where the app has no texts", () => {
    const error = apiErrorFromResponse(401, {
      error: { code: "SECOND_FACTOR_INVALID", message: "验证码不正确。" },
    });
    expect(describeError(error, consoleTexts)).toBe("验证码不正确。");
  });

  it("falls back to the server message, then to a generic one", () => {
    expect(describeError(new ApiError("NEW_CODE", 400, "From server"), appTexts)).toBe("From server");
    expect(describeError(new ApiError("NEW_CODE", 400), appTexts)).toBe("Something went wrong");
    expect(describeError(apiErrorFromResponse(502, undefined), consoleTexts)).toBe("unknown");
    expect(describeError(new Error("boom"), appTexts)).toBe("Something went wrong");
    expect(describeError(new TypeError("x is undefined"), consoleTexts)).toBe("unknown");
  });

  it("shows the network message for network failures and timeouts", () => {
    for (const texts of [appTexts, consoleTexts]) {
      expect(describeError(new ApiError(NETWORK_ERROR, 0), texts)).toBe(texts.networkError);
      expect(describeError(new ApiError(TIMEOUT, 0), texts)).toBe(texts.networkError);
    }
    expect(new ApiError(TIMEOUT, 0).isNetwork).toBe(true);
    expect(new ApiError("INTERNAL", 500).isNetwork).toBe(false);
  });
});

describe("describeFields", () => {
  it("translates each field's code", () => {
    const error = new ApiError("VALIDATION_FAILED", 400, null, { phone: "PHONE_TAKEN", x: "ODD" });
    expect(describeFields(error, appTexts)).toEqual({ phone: "Phone taken.", x: "Something went wrong" });
    expect(describeFields(new Error("x"), appTexts)).toEqual({});
  });
});

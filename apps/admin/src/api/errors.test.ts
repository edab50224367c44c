import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFromResponse, describeError, NETWORK_ERROR, TIMEOUT } from "./errors";

const texts = { networkError: "offline", unknownError: "unknown" };

describe("errors from the API", () => {
  it("keeps the code and the server's message, already in the console's language", () => {
    const error = apiErrorFromResponse(401, {
      error: { code: "SECOND_FACTOR_INVALID", message: "验证码不正确。" },
    });
    expect(error).toMatchObject({
      code: "SECOND_FACTOR_INVALID",
      status: 401,
      serverMessage: "验证码不正确。",
    });
    expect(describeError(error, texts)).toBe("验证码不正确。");
  });

  it("keeps the fields a form got wrong, each with its code, and ignores a malformed list", () => {
    const error = apiErrorFromResponse(400, {
      error: {
        code: "VALIDATION_FAILED",
        message: "Please check the highlighted fields.",
        fields: { "translations.zh-CN.title": "REQUIRED", reason: 3 },
      },
    });
    expect(error.fields).toEqual({ "translations.zh-CN.title": "REQUIRED" });
    expect(apiErrorFromResponse(400, { error: { code: "X", fields: "no" } }).fields).toEqual({});
  });

  it("names an answer without the error shape by its status", () => {
    expect(apiErrorFromResponse(401, "<html>").code).toBe("UNAUTHENTICATED");
    expect(apiErrorFromResponse(502, undefined).code).toBe("INTERNAL");
    expect(apiErrorFromResponse(404, { error: { code: "" } }).code).toBe("BAD_RESPONSE");
    expect(describeError(apiErrorFromResponse(502, undefined), texts)).toBe("unknown");
  });

  it("says the network is down when no answer came, and never shows a stray exception", () => {
    expect(describeError(new ApiError(NETWORK_ERROR, 0), texts)).toBe("offline");
    expect(describeError(new ApiError(TIMEOUT, 0), texts)).toBe("offline");
    expect(describeError(new TypeError("x is undefined"), texts)).toBe("unknown");
  });
});

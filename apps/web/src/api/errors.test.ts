import { describe, expect, it } from "vitest";
import {
  ApiError,
  apiErrorFromResponse,
  BAD_RESPONSE,
  describeError,
  describeFields,
  NETWORK_ERROR,
  TIMEOUT,
} from "./errors";

const texts = {
  lookup: (code: string) =>
    ({ INVALID_CREDENTIALS: "Wrong account or password.", PHONE_TAKEN: "Phone taken." })[code],
  networkError: "Network error",
  unknownError: "Something went wrong",
};

describe("apiErrorFromResponse", () => {
  it("reads code, message and fields", () => {
    const error = apiErrorFromResponse(400, {
      error: { code: "VALIDATION_FAILED", message: "Check", fields: { phone: "PHONE_TAKEN", bad: 3 } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Check");
    expect(error.fields).toEqual({ phone: "PHONE_TAKEN" });
  });

  it("copes with bodies that are not the error shape", () => {
    expect(apiErrorFromResponse(502, "<html>").code).toBe("INTERNAL");
    expect(apiErrorFromResponse(401, null).code).toBe("UNAUTHENTICATED");
    expect(apiErrorFromResponse(404, { error: "nope" }).code).toBe(BAD_RESPONSE);
    expect(apiErrorFromResponse(400, { error: { code: "" } }).code).toBe(BAD_RESPONSE);
  });
});

describe("describeError", () => {
  it("translates a known code", () => {
    const error = new ApiError("INVALID_CREDENTIALS", 401, { serverMessage: "账号或密码错误。" });
    expect(describeError(error, texts)).toBe("Wrong account or password.");
  });

  it("falls back to the server message, then to a generic one", () => {
    expect(describeError(new ApiError("NEW_CODE", 400, { serverMessage: "From server" }), texts)).toBe(
      "From server",
    );
    expect(describeError(new ApiError("NEW_CODE", 400), texts)).toBe("Something went wrong");
    expect(describeError(new Error("boom"), texts)).toBe("Something went wrong");
  });

  it("shows the network message for network failures and timeouts", () => {
    expect(describeError(new ApiError(NETWORK_ERROR, 0), texts)).toBe("Network error");
    expect(describeError(new ApiError(TIMEOUT, 0), texts)).toBe("Network error");
    expect(new ApiError(TIMEOUT, 0).isNetwork).toBe(true);
    expect(new ApiError("INTERNAL", 500).isNetwork).toBe(false);
  });
});

describe("describeFields", () => {
  it("translates each field's code", () => {
    const error = new ApiError("VALIDATION_FAILED", 400, { fields: { phone: "PHONE_TAKEN", x: "ODD" } });
    expect(describeFields(error, texts)).toEqual({ phone: "Phone taken.", x: "Something went wrong" });
    expect(describeFields(new Error("x"), texts)).toEqual({});
  });
});

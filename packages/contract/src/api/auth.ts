import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { moneyString } from "../money-schema";
import { PHONE_COUNTRIES } from "../phone-countries";
import { isoTime, newSession, signInPassword, totpCode } from "./common";

const trimmed = (max: number) => z.string().trim().max(max);

export const registerCheckRequest = z.object({
  account: trimmed(64),
  phoneCountry: z.enum(PHONE_COUNTRIES),
  phone: trimmed(32),
  inviteCode: trimmed(32),
  /** Declared at registration and checked against the deployment's restricted countries with the phone's. */
  nationality: z.enum(COUNTRY_CODES, { message: "NATIONALITY_INVALID" }),
});
export type RegisterCheckRequest = z.infer<typeof registerCheckRequest>;

export const registerRequest = registerCheckRequest.extend({
  password: z.string().max(128),
  passwordConfirm: z.string().max(128),
  payPassword: z.string().max(32),
  payPasswordConfirm: z.string().max(32),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const userInfo = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  phone: z.string().describe("Masked phone number"),
  inviteCode: z.string().describe("The user's own account-opening code to share"),
  creditScore: z.number().int(),
  verified: z.boolean(),
  createdAt: isoTime,
});
export type UserInfo = z.infer<typeof userInfo>;

export const registerResponse = z.object({ user: userInfo });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const loginRequest = z.object({
  account: trimmed(64),
  password: signInPassword,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionResponse = newSession.extend({ user: userInfo });
export type SessionResponse = z.infer<typeof sessionResponse>;

/**
 * What a right password answers: a session (`step: "session"`), or, for a user who turned on
 * two-step sign-in, a challenge (`step: "totp"`) that `POST /auth/login/second-factor` takes with the
 * authenticator's code or a recovery code. The challenge is single-use and short-lived.
 */
export const loginResponse = z.discriminatedUnion("step", [
  sessionResponse.extend({ step: z.literal("session") }),
  z.object({ step: z.literal("totp"), challenge: z.string(), expiresAt: isoTime }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const passwordType = z.enum(["login", "pay"]);
export type PasswordType = z.infer<typeof passwordType>;

export const changePasswordRequest = z.object({
  type: passwordType,
  oldPassword: z.string().max(128),
  newPassword: z.string().max(128),
  confirmPassword: z.string().max(128),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The personal center's figures, all from the ledger (ARCHITECTURE §5 "User figures"). */
export const accountSummary = z.object({
  totalAssets: moneyString,
  available: moneyString,
  frozen: moneyString,
  savings: moneyString,
  accountPnl: moneyString,
  todayPnl: moneyString,
});
export type AccountSummary = z.infer<typeof accountSummary>;

export const meResponse = z.object({ user: userInfo, summary: accountSummary });
export type MeResponse = z.infer<typeof meResponse>;

/** Two-step sign-in (TOTP) as its owner sees it in settings. */
export const totpStatus = z.object({
  enabled: z.boolean(),
  enabledAt: isoTime.nullable(),
  /** Recovery codes not used yet; 0 while off. */
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof totpStatus>;

/** A new secret offered for enrolment: it counts only once `POST /me/totp/confirm` brings a right code. */
export const totpEnrolment = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** A current code from the authenticator: confirms an enrolment, or asks for new recovery codes. */
export const totpCodeRequest = z.object({ code: totpCode });
export type TotpCodeRequest = z.infer<typeof totpCodeRequest>;

/** Recovery codes, shown once: the server keeps only their hashes. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

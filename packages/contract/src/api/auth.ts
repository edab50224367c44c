import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { moneyString } from "../money-schema";
import { PHONE_COUNTRIES } from "../phone-countries";
import { isoTime, newSession, signInPassword } from "./common";

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

import type { StepUpKind, StepUpMethod } from "@tickfair/contract";
import type { ColumnType, Generated, GeneratedAlways } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

export interface UsersTable {
  id: Id;
  account: string;
  phone: string;
  phone_country: string;
  /** Declared at registration (ISO 3166-1 alpha-2); users registered before it was asked have none. */
  nationality: ColumnType<string | null, string | null | undefined, string | null>;
  nickname: string;
  password_hash: string;
  pay_password_hash: string;
  invite_code: string;
  invited_by: string | null;
  credit_score: Generated<number>;
  verified: Generated<boolean>;
  pay_failures: Generated<number>;
  pay_locked_until: Date | null;
  created_at: Timestamp;
  /** Set while an operator has locked the user's sign-in, with who and why (all three or none). */
  sign_in_locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  sign_in_locked_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  sign_in_lock_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The agreement's and the privacy policy's versions accepted at registration (none published: null). */
  accepted_agreement_version: ColumnType<number | null, number | null | undefined, number | null>;
  accepted_privacy_version: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface InviteCodesTable {
  code: string;
  owner_user_id: bigint | null;
  created_by_operator: bigint | null;
  max_uses: number | null;
  uses: Generated<number>;
  note: Generated<string>;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** What operators name a session by; the token's hash never leaves the server. */
  id: GeneratedAlways<bigint>;
  token_hash: string;
  user_id: bigint;
  created_at: Timestamp;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  /** The browser and system it was opened from ("Chrome · Android"), when the request said. */
  device: ColumnType<string | null, string | null | undefined, never>;
  /** The client's address at sign-in, and at the session's latest slide (authenticate). */
  first_address: ColumnType<string | null, string | null | undefined, never>;
  last_address: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SignInFailuresTable {
  realm: "user" | "operator";
  /** The account or user name as typed, lower-cased: known or not, a failure is counted alike. */
  name: string;
  failures: number;
  throttled_until: Date | null;
  updated_at: Date;
}

export interface StepUpGrantsTable {
  token_hash: string;
  user_id: bigint;
  session_token_hash: string;
  kind: StepUpKind;
  /** sha256 of the action's kind and fields (step-up.ts actionDigest). */
  action_digest: string;
  method: StepUpMethod;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface UserPasskeysTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  /** base64url, as assertions name it. */
  credential_id: string;
  /** COSE-encoded, as registration gave it. */
  public_key: Buffer;
  sign_count: ColumnType<bigint, bigint | number, bigint | number>;
  transports: string[];
  name: string;
  created_at: Timestamp;
  last_used_at: Date | null;
}

export type PasskeyChallengePurpose = "register" | "sign_in" | "step_up";

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: PasskeyChallengePurpose;
  session_token_hash: string | null;
  attempt_hash: string | null;
  action_digest: string | null;
  created_at: Timestamp;
  expires_at: Date;
}

export interface UserTotpTable {
  user_id: bigint;
  /** The authenticator's base32 secret. */
  secret: string;
  /** When the secret was offered: a new start replaces an unconfirmed one. */
  created_at: Date;
  /** Null while enrolling: the secret counts only once a right code came back for it. */
  confirmed_at: Date | null;
  /** The time step of the last code accepted: a code is never taken twice. */
  last_step: bigint | null;
}

export interface UserRecoveryCodesTable {
  user_id: bigint;
  /** sha256 of the code, normalised (platform/totp.ts). */
  code_hash: string;
  created_at: Timestamp;
  used_at: Date | null;
}

export interface UserSignInChallengesTable {
  challenge_hash: string;
  user_id: bigint;
  /** The device and address the password was typed on: the session the challenge opens is theirs. */
  device: string | null;
  address: string | null;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

declare module "../platform/schema" {
  interface Database {
    users: UsersTable;
    invite_codes: InviteCodesTable;
    sessions: SessionsTable;
    sign_in_failures: SignInFailuresTable;
    step_up_grants: StepUpGrantsTable;
    user_passkeys: UserPasskeysTable;
    passkey_challenges: PasskeyChallengesTable;
    user_totp: UserTotpTable;
    user_recovery_codes: UserRecoveryCodesTable;
    user_sign_in_challenges: UserSignInChallengesTable;
  }
}

import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

export interface OperatorsTable {
  id: Id;
  username: string;
  password_hash: string;
  role: "support" | "finance" | "admin";
  created_at: Timestamp;
  /** Base32 TOTP secret; null until the operator enrols. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enrolled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The time step of the last code accepted, so no code is taken twice. */
  totp_last_step: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OperatorRecoveryCodesTable {
  operator_id: bigint;
  /** SHA-256 (hex) of the normalised code. */
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

export interface OperatorSignInChallengesTable {
  challenge_hash: string;
  operator_id: bigint;
  /** The secret an enrolment offered; it becomes the operator's only with a right code. */
  pending_secret: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: bigint;
  created_at: Timestamp;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

declare module "../platform/schema" {
  interface Database {
    operators: OperatorsTable;
    operator_recovery_codes: OperatorRecoveryCodesTable;
    operator_sign_in_challenges: OperatorSignInChallengesTable;
    operator_sessions: OperatorSessionsTable;
  }
}

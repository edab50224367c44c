import { z } from "zod";
import {
  filteredPageQuery,
  isoTime,
  isoTimeInput,
  newSession,
  operatorReason,
  pageOf,
  secondFactorRequest,
  signInPassword,
} from "./common";

export const OPERATOR_ROLES = ["support", "finance", "admin"] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRole>;

/**
 * What an operator may do, one key per group of operator endpoints. The server's permission table
 * (apps/server/src/operators/permissions.ts) grants each key to roles and names the key each operator
 * route needs; the console builds its menus from the keys the signed-in operator holds.
 */
export const OPERATOR_PERMISSIONS = [
  "dashboard.view",
  "users.read",
  "userMoney.read",
  "userSessions.revoke",
  "userSignIn.lock",
  "userTotp.reset",
  "deposits.review",
  "withdrawals.review",
  "withdrawalAccounts.unbind",
  "inviteCodes.create",
  "depositMethods.manage",
  "cashierSettings.manage",
  "cashierSettings.decide",
  "controlChanges.read",
  "markets.read",
  "markets.manage",
  "risk.manage",
  "savings.read",
  "savings.manage",
  "solvency.read",
  "solvency.attest",
  "risk.read",
  "verifications.review",
  "chats.answer",
  "content.manage",
  "ledger.check",
  "audit.read",
  "operators.manage",
] as const;
export const operatorPermission = z.enum(OPERATOR_PERMISSIONS);
export type OperatorPermission = z.infer<typeof operatorPermission>;

/** The signed-in operator, with the permission keys their role holds (sorted). */
export const operatorInfo = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRole,
  permissions: z.array(operatorPermission),
});
export type OperatorInfo = z.infer<typeof operatorInfo>;

export const operatorLoginRequest = z.object({
  username: z.string().trim().max(64),
  password: signInPassword,
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequest>;

/**
 * Sign-in is two steps. The password answers with a challenge: `totp` asks for the authenticator's
 * code (or a recovery code); `enrol` (an operator without a second factor yet, or whose factor an
 * admin reset) also carries the new secret and its `otpauth://` URI to show as a QR code. The
 * challenge is single-use and short-lived.
 */
export const operatorLoginChallenge = z.discriminatedUnion("step", [
  z.object({ step: z.literal("totp"), challenge: z.string(), expiresAt: isoTime }),
  z.object({
    step: z.literal("enrol"),
    challenge: z.string(),
    expiresAt: isoTime,
    secret: z.string(),
    otpauthUri: z.string(),
  }),
]);
export type OperatorLoginChallenge = z.infer<typeof operatorLoginChallenge>;

/** Exactly one of `code` (six digits from the authenticator) and `recoveryCode`. */
export const operatorSecondFactorRequest = secondFactorRequest;
export type OperatorSecondFactorRequest = z.infer<typeof operatorSecondFactorRequest>;

/** `recoveryCodes` only when this sign-in completed an enrolment: shown once, stored only hashed. */
export const operatorSessionResponse = newSession.extend({
  operator: operatorInfo,
  recoveryCodes: z.array(z.string()).optional(),
});
export type OperatorSessionResponse = z.infer<typeof operatorSessionResponse>;

export const createInviteCodeRequest = z.object({
  maxUses: z.number().int().min(1).max(1_000_000).nullable().default(null),
  note: z.string().trim().max(200).default(""),
});
export type CreateInviteCodeRequest = z.infer<typeof createInviteCodeRequest>;

export const inviteCode = z.object({
  code: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  note: z.string(),
  createdAt: isoTime,
});
export type InviteCode = z.infer<typeof inviteCode>;

export const auditEntry = z.object({
  id: z.string(),
  operator: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = pageOf(auditEntry);

/** An audit action's code, e.g. "deposit.confirm", "operator_role.propose". */
export const auditActionCode = z
  .string()
  .max(64)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/)
  .describe('An action code, e.g. "withdrawal.approve"');

/**
 * What the audit log can be narrowed to, each optional and all combined: who (an operator's username,
 * any case), what (an action code), which record (its type, and with it an id), and when (`from`
 * inclusive, `to` exclusive; `from` before `to`, else RANGE_INVALID). A `targetId` needs its
 * `targetType` (REQUIRED). An unknown username matches nothing.
 */
export const auditFilters = z.object({
  operator: z
    .string()
    .regex(/^\w{3,32}$/)
    .optional()
    .describe("An operator's username (3–32 letters, digits or underscores)"),
  action: auditActionCode.optional(),
  targetType: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/)
    .optional()
    .describe('A record type, e.g. "deposit", "operator"'),
  targetId: z
    .string()
    .regex(/^[\w.:-]{1,100}$/)
    .optional()
    .describe("A record's id (with targetType)"),
  from: isoTimeInput().optional(),
  to: isoTimeInput().optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;
export const auditQuery = auditFilters.extend(filteredPageQuery({}).shape);
export type AuditQuery = z.infer<typeof auditQuery>;

/**
 * A change that weakens a control (a threshold, a fee, a limit, a role): proposed by one operator,
 * in force only once another admin approves it. `base` is what it was proposed against; if the
 * control has changed since, the proposal can no longer be approved.
 */
export const CONTROL_CHANGE_STATUSES = ["pending", "approved", "rejected"] as const;
export const controlChange = z.object({
  id: z.string(),
  subject: z.string(),
  base: z.record(z.string(), z.unknown()),
  proposed: z.record(z.string(), z.unknown()),
  /** The fields whose change weakens the control, which is why a second admin must approve. */
  weakens: z.array(z.string()),
  proposedBy: z.string(),
  proposedAt: isoTime,
  status: z.enum(CONTROL_CHANGE_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  reason: z.string().nullable(),
});
export type ControlChange = z.infer<typeof controlChange>;
export const controlChangePage = pageOf(controlChange);
export const controlChangeQuery = filteredPageQuery({
  status: z.enum(CONTROL_CHANGE_STATUSES).optional(),
  /** What the change is about: "cashier_settings", "operator_role", … */
  subject: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/)
    .optional(),
});
export const rejectControlChangeRequest = z.object({ reason: operatorReason });

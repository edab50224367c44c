import { z } from "zod";
import { isoTime, pageOf } from "./common";

export const OPERATOR_ROLES = ["support", "finance", "admin"] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRole>;

export const operatorInfo = z.object({ id: z.string(), username: z.string(), role: operatorRole });
export type OperatorInfo = z.infer<typeof operatorInfo>;

export const operatorLoginRequest = z.object({
  username: z.string().trim().max(64),
  password: z.string().max(128),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequest>;

export const operatorSessionResponse = z.object({
  token: z.string(),
  expiresAt: isoTime,
  operator: operatorInfo,
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

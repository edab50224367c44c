import { z } from "zod";
import { isoTime, operatorReason, pageOf } from "./common";
import { controlChange, operatorPermission, operatorRole } from "./operators";

/** An operator as admins manage them (operators and roles in the console). */
export const operatorAccount = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRole,
  /** When the operator enrolled their authenticator; null until the first sign-in (or after a reset). */
  totpEnrolledAt: isoTime.nullable(),
  /** Set while the operator is disabled: no sign-in, no session. */
  disabledAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type OperatorAccount = z.infer<typeof operatorAccount>;
export const operatorAccountPage = pageOf(operatorAccount);

export const operatorUsername = z
  .string()
  .trim()
  .regex(/^\w{3,32}$/, { message: "OPERATOR_USERNAME_INVALID" })
  .describe("3–32 letters, digits or underscores");

export const createOperatorRequest = z.object({ username: operatorUsername, role: operatorRole });
export type CreateOperatorRequest = z.infer<typeof createOperatorRequest>;

/**
 * A new operator: the generated password is shown here once (never stored in clear); the authenticator
 * is enrolled at the first sign-in. An admin account is created as support with a role change to admin
 * that a second admin must approve (`roleChange`).
 */
export const createOperatorResponse = z.object({
  operator: operatorAccount,
  password: z.string(),
  roleChange: controlChange.nullable(),
});
export type CreateOperatorResponse = z.infer<typeof createOperatorResponse>;

/** A role change: applied at once when it only removes permissions, else proposed to a second admin. */
export const changeOperatorRoleRequest = z.object({ role: operatorRole });
export type ChangeOperatorRoleRequest = z.infer<typeof changeOperatorRoleRequest>;

/** Disable, enable, reset of the authenticator: each needs a reason for the audit log. */
export const operatorActionRequest = z.object({ reason: operatorReason });
export type OperatorActionRequest = z.infer<typeof operatorActionRequest>;

export const rolePermissions = z.object({ role: operatorRole, permissions: z.array(operatorPermission) });
export const rolePermissionsList = z.object({ items: z.array(rolePermissions) });
export type RolePermissions = z.infer<typeof rolePermissions>;

import type { OperatorRole } from "@tickfair/contract";

/** The roles, least to most powerful (the contract's OPERATOR_ROLES, without loading its schemas). */
export const ROLES = ["support", "finance", "admin"] as const satisfies readonly OperatorRole[];

export const ROLE_COLORS: Record<OperatorRole, string> = {
  support: "cyan",
  finance: "gold",
  admin: "purple",
};

/** The subject of a role change in the control-changes list. */
export const ROLE_SUBJECT = "operator_role";

/** What a role change proposes: the operator and the role. */
export function roleChangeValue(value: Record<string, unknown>): {
  operatorId: string;
  role: OperatorRole | null;
} {
  const role = ROLES.find((candidate) => candidate === value.role) ?? null;
  return { operatorId: String(value.operatorId ?? ""), role };
}

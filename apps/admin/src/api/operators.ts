import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  ControlChange,
  CreateOperatorRequest,
  CreateOperatorResponse,
  OperatorAccount,
  OperatorRole,
  RolePermissions,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";
import { asOutcome } from "./settings";
import { type OperatorAccountPage, type PageRequest, queryString } from "./types";

export function useOperatorPage(request: PageRequest) {
  return useQuery({
    queryKey: queryKeys.operatorPage(request),
    queryFn: ({ signal }) =>
      apiRequest<OperatorAccountPage>(`/operator/operators${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Each role with the permissions it holds: what a role change would grant. */
export function useRoles() {
  return useQuery({
    queryKey: queryKeys.roles,
    queryFn: ({ signal }) => apiRequest<{ items: RolePermissions[] }>("/operator/roles", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const refreshOperators = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.operators }),
    queryClient.invalidateQueries({ queryKey: queryKeys.controlChanges }),
  ]);

/** A new operator and the generated password, answered this once. */
export function useCreateOperator() {
  return useMutation({
    mutationFn: (body: CreateOperatorRequest) =>
      apiRequest<CreateOperatorResponse>("/operator/operators", { body }),
    onSettled: refreshOperators,
  });
}

/** Applied at once when the new role only takes permissions away, else proposed for a second admin. */
export function useChangeRole() {
  return useMutation({
    mutationFn: async ({ id, role }: { id: string; role: OperatorRole }) =>
      asOutcome(
        await apiRequest<OperatorAccount | ControlChange>(`/operator/operators/${id}`, {
          method: "PATCH",
          body: { role },
        }),
      ),
    onSettled: refreshOperators,
  });
}

export type OperatorAction = "disable" | "enable" | "reset-totp";

/** Disable, enable or reset the authenticator of an operator, with the reason the audit log keeps. */
export function useOperatorAction() {
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: OperatorAction; reason: string }) =>
      apiRequest<OperatorAccount>(`/operator/operators/${id}/${action}`, { body: { reason } }),
    onSettled: refreshOperators,
  });
}

/** Another admin's decision on a proposed role change. */
export function useDecideRoleChange() {
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) =>
      apiRequest<ControlChange>(
        `/operator/operators/role-changes/${id}/${approve ? "approve" : "reject"}`,
        approve ? { method: "POST" } : { body: { reason } },
      ),
    onSettled: refreshOperators,
  });
}

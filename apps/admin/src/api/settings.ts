import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  CashierSettings,
  ControlChange,
  DepositMethod,
  DepositMethodInput,
  DepositMethodList,
  RejectRequest,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";
import { type ControlChangePage, queryString } from "./types";

// ── Deposit methods ───────────────────────────────────────────────────────────────────────────────

/** Every method, enabled or not; each `name` in the console's language (the others in `names`). */
export function useDepositMethods() {
  return useQuery({
    queryKey: queryKeys.depositMethods,
    queryFn: ({ signal }) => apiRequest<DepositMethodList>("/operator/deposit-methods", { signal }),
  });
}

/** Creates (no id) or replaces a method; enabling and disabling are a change of `active`. */
export function useSaveDepositMethod() {
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DepositMethodInput }) =>
      apiRequest<DepositMethod>(
        id === null ? "/operator/deposit-methods" : `/operator/deposit-methods/${id}`,
        {
          method: id === null ? "POST" : "PUT",
          body: input,
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.depositMethods }),
  });
}

/** The input that saves `method` as it is (to change one field of it, e.g. `active`). */
export function depositMethodInput(method: DepositMethod): DepositMethodInput {
  return {
    kind: method.kind,
    names: method.names,
    bankName: method.bankName,
    accountName: method.accountName,
    accountNumber: method.accountNumber,
    network: method.network,
    address: method.address,
    instructions: method.instructionsByLocale,
    minAmount: method.minAmount,
    maxAmount: method.maxAmount,
    active: method.active,
  };
}

// ── Cashier settings and changes of controls ──────────────────────────────────────────────────────

export function useCashierSettings() {
  return useQuery({
    queryKey: queryKeys.cashierSettings,
    queryFn: ({ signal }) => apiRequest<CashierSettings>("/operator/cashier-settings", { signal }),
  });
}

/** What a change of a control came to: applied at once, or proposed for a second admin. */
type ControlOutcome<T> = { applied: T } | { proposed: ControlChange };

/** A proposal is the only answer with a `subject`: the server answers 202 with it. */
function isControlChange(value: unknown): value is ControlChange {
  return typeof value === "object" && value !== null && "subject" in value && "proposedBy" in value;
}

export function asOutcome<T>(answer: T | ControlChange): ControlOutcome<T> {
  return isControlChange(answer) ? { proposed: answer } : { applied: answer as T };
}

const refreshControls = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.cashierSettings }),
    queryClient.invalidateQueries({ queryKey: queryKeys.controlChanges }),
  ]);

export function useSaveCashierSettings() {
  return useMutation({
    mutationFn: async (settings: CashierSettings) =>
      asOutcome(
        await apiRequest<CashierSettings | ControlChange>("/operator/cashier-settings", {
          method: "PUT",
          body: settings,
        }),
      ),
    onSettled: refreshControls,
  });
}

interface ControlChangeRequest {
  status: ControlChange["status"] | undefined;
  subject: string | undefined;
  cursor: string | undefined;
  limit: number;
}

export function useControlChanges(request: ControlChangeRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.controlChangePage(request),
    queryFn: ({ signal }) =>
      apiRequest<ControlChangePage>(`/operator/control-changes${queryString({ ...request })}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * A second admin's decision on a proposed change of a control, under `changes` (the path of that
 * control's changes); `refresh` invalidates what the decision may have changed.
 */
export function useDecideControlChange(changes: string, refresh: () => Promise<unknown>) {
  return useMutation({
    mutationFn: ({
      id,
      decision,
    }: {
      id: string;
      decision: { approve: true } | ({ approve: false } & RejectRequest);
    }) =>
      apiRequest<ControlChange>(
        `${changes}/${id}/${decision.approve ? "approve" : "reject"}`,
        decision.approve ? { method: "POST" } : { body: { reason: decision.reason } },
      ),
    onSettled: refresh,
  });
}

/** A second admin's decision on a proposed change of the cashier settings. */
export function useDecideCashierChange() {
  return useDecideControlChange("/operator/cashier-settings/changes", refreshControls);
}

import type { OperatorProduct, ProductDuration, UpdateProductRequest } from "@tickfair/contract";

/** A payout rate in basis points as the percentage an operator types (8500 → 85). */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/** A typed percentage as basis points, to the nearest basis point (85.255 → 8526); null if not a usable rate. */
export function percentToBps(percent: number | null | undefined): number | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  const bps = Math.round(percent * 100);
  return bps >= 1 && bps <= 100_000 ? bps : null;
}

/** A duration as operators read it: "30 s", "5 min", "1 h" (whole units only; otherwise seconds). */
export function durationLabel(seconds: number): { value: number; unit: "second" | "minute" | "hour" } {
  if (seconds % 3600 === 0) return { value: seconds / 3600, unit: "hour" };
  if (seconds % 60 === 0 && seconds >= 60) return { value: seconds / 60, unit: "minute" };
  return { value: seconds, unit: "second" };
}

export function formatDuration(seconds: number, locale: string): string {
  const { value, unit } = durationLabel(seconds);
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(value);
}

/** What the edit drawer holds: rates in percent, the maintenance time as an ISO string or null. */
export interface ProductFormValues {
  status: "open" | "maintenance";
  maintenanceUntil: string | null;
  schedule: OperatorProduct["schedule"];
  rates: Record<string, number | null>;
  minStake: string;
  maxStake: string;
  reason: string;
}

export function productFormValues(product: OperatorProduct): ProductFormValues {
  return {
    status: product.setStatus,
    maintenanceUntil: product.maintenanceUntil,
    schedule: product.schedule,
    rates: Object.fromEntries(
      product.durations.map((d) => [String(d.seconds), bpsToPercent(d.payoutRateBps)]),
    ),
    minStake: product.minStake,
    maxStake: product.maxStake,
    reason: "",
  };
}

/**
 * The PUT body for what changed in the drawer (the contract's strict UpdateProductRequest): only the
 * fields that differ from the product, and always the reason. Null when a rate is unusable.
 */
export function productUpdate(
  product: OperatorProduct,
  values: ProductFormValues,
): UpdateProductRequest | null {
  const request: UpdateProductRequest = { reason: values.reason.trim() };
  const durations: ProductDuration[] = [];
  for (const duration of product.durations) {
    const bps = percentToBps(values.rates[String(duration.seconds)]);
    if (bps === null) return null;
    durations.push({ seconds: duration.seconds, payoutRateBps: bps });
  }
  if (durations.some((d, i) => d.payoutRateBps !== product.durations[i]?.payoutRateBps))
    request.durations = durations;
  if (values.status !== product.setStatus) request.status = values.status;
  const until = values.status === "maintenance" ? values.maintenanceUntil : null;
  if (values.status === "maintenance" && (until !== product.maintenanceUntil || request.status)) {
    request.reopensAt = until;
  }
  if (values.schedule !== product.schedule) request.schedule = values.schedule;
  if (values.minStake.trim() !== product.minStake) request.minStake = values.minStake.trim();
  if (values.maxStake.trim() !== product.maxStake) request.maxStake = values.maxStake.trim();
  return request;
}

/** Whether an update changes anything beyond its reason. */
export function changesSomething(request: UpdateProductRequest): boolean {
  return Object.keys(request).some((key) => key !== "reason");
}

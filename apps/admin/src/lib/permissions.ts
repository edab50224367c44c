import type { OperatorInfo, OperatorPermission } from "@tickfair/contract";

/** The console's areas: each is a menu entry and a route. */
export const CONSOLE_AREAS = ["deposits", "withdrawals", "audit"] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/**
 * The permission each area needs, as the server's permission table names it for the area's
 * endpoints. The server stays the authority: this only keeps the menu from offering what would
 * answer 403.
 */
const AREA_PERMISSION: Record<ConsoleArea, OperatorPermission> = {
  deposits: "deposits.review",
  withdrawals: "withdrawals.review",
  audit: "audit.read",
};

/** The areas `operator` may open, in menu order. */
export function areasOf(operator: Pick<OperatorInfo, "permissions">): ConsoleArea[] {
  const held = new Set(operator.permissions);
  return CONSOLE_AREAS.filter((area) => held.has(AREA_PERMISSION[area]));
}

/** What a route tells the layout (its `handle`): the area it belongs to, for the menu and the check. */
export interface AreaHandle {
  area: ConsoleArea;
}

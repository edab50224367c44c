import type { OperatorInfo, OperatorPermission } from "@tickfair/contract";

/** The console's areas: each is a menu entry and a route, in menu order. */
const CONSOLE_AREAS = [
  "dashboard",
  "desk",
  "risk",
  "deposits",
  "withdrawals",
  "verifications",
  "chats",
  "users",
  "markets",
  "savings",
  "solvency",
  "content",
  "broadcasts",
  "settings",
  "operators",
  "audit",
] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/**
 * The permissions that open each area (any one of them), as the server's permission table names them
 * for the area's endpoints. The server stays the authority: this only keeps the menu from offering
 * what would answer 403. Inside an area, each part shows by its own permission (see `holds`).
 */
const AREA_PERMISSIONS: Record<ConsoleArea, readonly OperatorPermission[]> = {
  dashboard: ["dashboard.view"],
  desk: ["risk.read"],
  risk: ["risk.read"],
  deposits: ["deposits.review"],
  withdrawals: ["withdrawals.review"],
  verifications: ["verifications.review"],
  chats: ["chats.answer"],
  users: ["users.read"],
  markets: ["markets.read"],
  savings: ["savings.read"],
  solvency: ["solvency.read"],
  content: ["content.manage"],
  broadcasts: ["content.manage"],
  settings: ["depositMethods.manage", "cashierSettings.manage"],
  operators: ["operators.manage"],
  audit: ["audit.read"],
};

/** The areas `operator` may open, in menu order. */
export function areasOf(operator: Pick<OperatorInfo, "permissions">): ConsoleArea[] {
  const held = new Set(operator.permissions);
  return CONSOLE_AREAS.filter((area) => AREA_PERMISSIONS[area].some((permission) => held.has(permission)));
}

/** Whether the operator holds `permission` (a button, a tab, a card inside an area). */
export function holds(
  operator: Pick<OperatorInfo, "permissions"> | null | undefined,
  permission: OperatorPermission,
): boolean {
  return operator?.permissions.includes(permission) ?? false;
}

/** What a route tells the layout (its `handle`): the area it belongs to, for the menu and the check. */
export interface AreaHandle {
  area: ConsoleArea;
}

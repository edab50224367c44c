import {
  OPERATOR_PERMISSIONS,
  OPERATOR_ROLES,
  type OperatorPermission,
  type OperatorRole,
} from "@tickfair/contract";

/**
 * Who may call each operator endpoint: the one table (ARCHITECTURE §5, operator console). A role holds
 * permissions; each operator route names the permission it needs. The guard of every operator plugin
 * looks the route up here and refuses a route that is not listed (fail closed), and a test keeps the
 * table and the app's routes in step both ways. The console shows only what `/operator/me`'s
 * permissions allow; the server decides either way.
 */

/** The roles that hold each permission. */
const GRANTS = {
  "dashboard.view": ["support", "finance", "admin"],
  // Users: support finds a user, sees their sessions and ends them, and locks or unlocks their sign-in;
  // finance reads their money (figures, statement, contracts, deposits, withdrawals).
  "users.read": ["support", "finance", "admin"],
  "userMoney.read": ["finance", "admin"],
  "userSessions.revoke": ["support", "admin"],
  "userSignIn.lock": ["support", "admin"],
  // Turning a user's two-step sign-in off: support, once the user proved who they are.
  "userTotp.reset": ["support", "admin"],
  "deposits.review": ["finance", "admin"],
  "withdrawals.review": ["finance", "admin"],
  "withdrawalAccounts.unbind": ["support", "admin"],
  "inviteCodes.create": ["support", "admin"],
  "depositMethods.manage": ["finance", "admin"],
  "cashierSettings.manage": ["finance", "admin"],
  // Deciding a proposal that weakens a control is for a second admin only.
  "cashierSettings.decide": ["admin"],
  "controlChanges.read": ["finance", "admin"],
  // Everyone may look at the markets (support answers "why can I not trade"); only admins change them.
  "markets.read": ["support", "finance", "admin"],
  "markets.manage": ["admin"],
  // Exposure caps: everyone reads them beside the markets (markets.read); only admins set them, and a
  // loosening waits for a second admin.
  "risk.manage": ["admin"],
  // Savings: finance and support read the figures and the rate; only admins change the rate or limits.
  "savings.read": ["support", "finance", "admin"],
  "savings.manage": ["admin"],
  // Proof of liabilities: anyone at the console sees the published snapshots; an attestation of
  // reserves is published beside them by an admin only.
  "solvency.read": ["support", "finance", "admin"],
  "solvency.attest": ["admin"],
  // The house's exposure and the order desk: every console role watches the book (no role changes it).
  "risk.read": ["support", "finance", "admin"],
  // Real-name review: support checks documents; finance has no need to see ID photos.
  "verifications.review": ["support", "admin"],
  // Customer service: support answers users' chats; finance is not at the front desk.
  "chats.answer": ["support", "admin"],
  // What the app tells everyone (about us, the agreement, news, broadcasts) is published by admins.
  "content.manage": ["admin"],
  "ledger.check": ["admin"],
  "audit.read": ["admin"],
  "operators.manage": ["admin"],
} as const satisfies Record<OperatorPermission, readonly OperatorRole[]>;

/** A route anyone may call (the sign-in steps), or any signed-in operator (their own session). */
export const PUBLIC = "public";
export const ANY_OPERATOR = "any operator";
export type RouteRequirement = OperatorPermission | typeof PUBLIC | typeof ANY_OPERATOR;

const API = "/api/v1/operator";

// biome-ignore format: one route a line, so the table reads (and diffs) as a table
export const OPERATOR_ROUTES: Readonly<Record<string, RouteRequirement>> = {
  [`POST ${API}/auth/login`]:                                PUBLIC,
  [`POST ${API}/auth/second-factor`]:                        PUBLIC,
  [`POST ${API}/auth/logout`]:                               ANY_OPERATOR,
  [`POST ${API}/auth/logout-everywhere`]:                    ANY_OPERATOR,
  [`GET ${API}/me`]:                                         ANY_OPERATOR,

  [`GET ${API}/dashboard`]:                                  "dashboard.view",
  [`GET ${API}/limits/figures`]:                             "dashboard.view",

  [`GET ${API}/users`]:                                      "users.read",
  [`GET ${API}/users.csv`]:                                  "users.read",
  [`GET ${API}/users/:id`]:                                  "users.read",
  [`GET ${API}/users/:id/sessions`]:                         "users.read",
  [`POST ${API}/users/:id/sessions/:sessionId/revoke`]:      "userSessions.revoke",
  [`POST ${API}/users/:id/lock`]:                            "userSignIn.lock",
  [`POST ${API}/users/:id/unlock`]:                          "userSignIn.lock",
  [`POST ${API}/users/:id/totp/reset`]:                      "userTotp.reset",
  [`GET ${API}/users/:id/statement`]:                        "userMoney.read",
  [`GET ${API}/users/:id/contracts`]:                        "userMoney.read",
  [`GET ${API}/users/:id/deposits`]:                         "userMoney.read",
  [`GET ${API}/users/:id/withdrawals`]:                      "userMoney.read",
  [`GET ${API}/users/:id/limits`]:                           "users.read",

  [`GET ${API}/deposits`]:                                   "deposits.review",
  [`GET ${API}/deposits.csv`]:                               "deposits.review",
  [`GET ${API}/deposits/:id/proof`]:                         "deposits.review",
  [`POST ${API}/deposits/:id/confirm`]:                      "deposits.review",
  [`POST ${API}/deposits/:id/reject`]:                       "deposits.review",
  [`GET ${API}/withdrawals`]:                                "withdrawals.review",
  [`GET ${API}/withdrawals.csv`]:                            "withdrawals.review",
  [`POST ${API}/withdrawals/:id/approve`]:                   "withdrawals.review",
  [`POST ${API}/withdrawals/:id/reject`]:                    "withdrawals.review",
  [`POST ${API}/withdrawals/:id/pick-up`]:                   "withdrawals.review",
  [`POST ${API}/withdrawals/:id/paid`]:                      "withdrawals.review",
  [`DELETE ${API}/users/:id/withdrawal-account`]:            "withdrawalAccounts.unbind",
  [`GET ${API}/deposit-methods`]:                            "depositMethods.manage",
  [`POST ${API}/deposit-methods`]:                           "depositMethods.manage",
  [`PUT ${API}/deposit-methods/:id`]:                        "depositMethods.manage",
  [`GET ${API}/cashier-settings`]:                           "cashierSettings.manage",
  [`PUT ${API}/cashier-settings`]:                           "cashierSettings.manage",
  [`POST ${API}/cashier-settings/changes/:id/approve`]:      "cashierSettings.decide",
  [`POST ${API}/cashier-settings/changes/:id/reject`]:       "cashierSettings.decide",
  [`GET ${API}/control-changes`]:                            "controlChanges.read",

  [`POST ${API}/invite-codes`]:                              "inviteCodes.create",
  [`GET ${API}/market/products`]:                            "markets.read",
  [`GET ${API}/market/products/:symbol/verify`]:             "markets.read",
  [`PUT ${API}/market/products/:symbol`]:                    "markets.manage",
  [`PUT ${API}/market/products/:symbol/feed`]:               "markets.manage",
  [`GET ${API}/risk/caps`]:                                  "markets.read",
  [`PUT ${API}/risk/caps/:symbol`]:                          "risk.manage",
  [`POST ${API}/risk/caps/changes/:id/approve`]:             "risk.manage",
  [`POST ${API}/risk/caps/changes/:id/reject`]:              "risk.manage",
  [`GET ${API}/savings`]:                                    "savings.read",
  [`POST ${API}/savings/rates`]:                             "savings.manage",
  [`PUT ${API}/savings/settings`]:                           "savings.manage",
  [`GET ${API}/solvency`]:                                   "solvency.read",
  [`PUT ${API}/solvency/:day/attestation`]:                  "solvency.attest",
  [`GET ${API}/risk/exposure`]:                              "risk.read",
  [`GET ${API}/desk`]:                                       "risk.read",
  [`GET ${API}/verifications`]:                              "verifications.review",
  [`GET ${API}/verifications.csv`]:                          "verifications.review",
  [`GET ${API}/verifications/:id`]:                          "verifications.review",
  [`POST ${API}/verifications/:id/id-number`]:               "verifications.review",
  [`POST ${API}/verifications/:id/approve`]:                 "verifications.review",
  [`POST ${API}/verifications/:id/reject`]:                  "verifications.review",
  [`GET ${API}/content`]:                                    "content.manage",
  [`GET ${API}/content/:id`]:                                "content.manage",
  [`POST ${API}/content`]:                                   "content.manage",
  [`POST ${API}/content/:id/versions`]:                      "content.manage",
  [`GET ${API}/notices`]:                                    "content.manage",
  [`GET ${API}/notices/:id`]:                                "content.manage",
  [`POST ${API}/notices`]:                                   "content.manage",
  [`PUT ${API}/notices/:id`]:                                "content.manage",
  [`POST ${API}/images`]:                                    "content.manage",
  [`GET ${API}/chats`]:                                      "chats.answer",
  [`GET ${API}/chats/:id/messages`]:                         "chats.answer",
  [`GET ${API}/chats/:id/context`]:                          "chats.answer",
  [`GET ${API}/canned-replies`]:                             "chats.answer",
  [`POST ${API}/canned-replies`]:                            "chats.answer",
  [`POST ${API}/canned-replies/:id/delete`]:                 "chats.answer",
  [`POST ${API}/chats/:id/messages`]:                        "chats.answer",
  [`POST ${API}/chats/:id/read`]:                            "chats.answer",
  [`POST ${API}/chats/:id/assign`]:                          "chats.answer",
  [`POST ${API}/chats/:id/resolve`]:                         "chats.answer",
  [`POST ${API}/chats/:id/reopen`]:                          "chats.answer",
  [`GET ${API}/broadcasts`]:                                 "content.manage",
  [`POST ${API}/broadcasts`]:                                "content.manage",
  [`POST ${API}/broadcasts/:id/cancel`]:                     "content.manage",
  [`GET ${API}/ledger/check`]:                               "ledger.check",
  [`GET ${API}/audit`]:                                      "audit.read",
  [`GET ${API}/audit.csv`]:                                  "audit.read",

  [`GET ${API}/roles`]:                                      "operators.manage",
  [`GET ${API}/operators`]:                                  "operators.manage",
  [`POST ${API}/operators`]:                                 "operators.manage",
  [`PATCH ${API}/operators/:id`]:                            "operators.manage",
  [`POST ${API}/operators/:id/disable`]:                     "operators.manage",
  [`POST ${API}/operators/:id/enable`]:                      "operators.manage",
  [`POST ${API}/operators/:id/reset-totp`]:                  "operators.manage",
  [`POST ${API}/operators/role-changes/:id/approve`]:        "operators.manage",
  [`POST ${API}/operators/role-changes/:id/reject`]:         "operators.manage",
};

/** The permissions a role holds, in the contract's order. */
export function permissionsOf(role: OperatorRole): OperatorPermission[] {
  return OPERATOR_PERMISSIONS.filter((permission) =>
    (GRANTS[permission] as readonly OperatorRole[]).includes(role),
  );
}

/** Whether the operator's role holds `permission` (for an answer that shows more to some roles). */
export function operatorMay(operator: { role: OperatorRole }, permission: OperatorPermission): boolean {
  return (GRANTS[permission] as readonly OperatorRole[]).includes(operator.role);
}

/** Every role with its permissions, for the console's operators and roles page. */
export function rolePermissions(): { role: OperatorRole; permissions: OperatorPermission[] }[] {
  return OPERATOR_ROLES.map((role) => ({ role, permissions: permissionsOf(role) }));
}

/** The table's key of a route as Fastify names it; a HEAD request is its GET route's. */
export function routeKey(method: string | readonly string[], url: string | undefined): string {
  const first = typeof method === "string" ? method : (method[0] ?? "");
  return `${first === "HEAD" ? "GET" : first} ${url ?? ""}`;
}

/** Whether `role` may call the route; a route the table does not list is refused. */
export function roleMayCall(role: OperatorRole, key: string): boolean {
  const requirement = OPERATOR_ROUTES[key];
  if (requirement === undefined) return false;
  if (requirement === PUBLIC || requirement === ANY_OPERATOR) return true;
  return (GRANTS[requirement] as readonly OperatorRole[]).includes(role);
}

/**
 * Whether moving from `from` to `to` grants any permission `from` lacked: such a change weakens a
 * control and needs a second admin; one that only takes permissions away applies at once.
 */
export function roleChangeGrants(from: OperatorRole, to: OperatorRole): boolean {
  const held = new Set(permissionsOf(from));
  return permissionsOf(to).some((permission) => !held.has(permission));
}

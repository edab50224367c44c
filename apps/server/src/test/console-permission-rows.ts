import type { Row } from "./permission-probe";

/**
 * The permission matrix's rows for the console's users and markets routes, its read-only view of
 * users' limits, the exposure board and the order desk, run by console-permissions.test.ts; permissions.test.ts reads them too, so its checks that every
 * route has a row, and that each row agrees with the permission table, cover these routes as well.
 * User sessions and operator sessions are separate realms: a user's token on an operator route is 401.
 */
// biome-ignore format: one route a line with aligned columns, so the matrix reads (and diffs) as a table
export const CONSOLE_MATRIX = {
  //                                                                   anonymous  user  other  support  finance  admin
  "GET /api/v1/operator/users":                                       [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/users.csv":                                   [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/users/:id":                                   [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/users/:id/sessions":                          [401,       401,  401,   "ok",    "ok",    "ok"],
  "POST /api/v1/operator/users/:id/sessions/:sessionId/revoke":       [401,       401,  401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/users/:id/lock":                             [401,       401,  401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/users/:id/unlock":                           [401,       401,  401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/users/:id/totp/reset":                       [401,       401,  401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/users/:id/statement":                         [401,       401,  401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/users/:id/contracts":                         [401,       401,  401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/users/:id/deposits":                          [401,       401,  401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/users/:id/withdrawals":                       [401,       401,  401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/users/:id/limits":                            [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/limits/figures":                              [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/market/products":                             [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/market/products/:symbol/verify":              [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/risk/exposure":                               [401,       401,  401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/desk":                                        [401,       401,  401,   "ok",    "ok",    "ok"],
} as const satisfies Record<string, Row>;
export type ConsoleRoute = keyof typeof CONSOLE_MATRIX;

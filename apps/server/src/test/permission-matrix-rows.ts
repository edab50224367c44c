import type { CashierSettings } from "@tickfair/contract";
import { BANK_CARD, bankMethodInput } from "./cashier-fixtures";
import { PNG } from "./files";
import { newRegistration } from "./fixtures";
import type { TestContext } from "./harness";
import { type OperatorCredentials, unusedTotpCode } from "./operator-fixtures";
import type { Row } from "./permission-probe";

/**
 * The permission matrix's rows (permissions.test.ts): every route of the app, as each kind of caller,
 * with the answer class it must give, and what each route is sent. User and operator sessions are
 * separate sign-in realms, so a token of the other realm is 401 rather than 403.
 */
// biome-ignore format: one route a line with aligned columns, so the matrix reads (and diffs) as a table
export const MATRIX = {
  //                                                             anonymous  user   other  support  finance  admin
  "GET /api/v1/health":                                         ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/app":                                            ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/ws":                                                ["ok",      "ok",  "ok",  401,     401,     401],

  "POST /api/v1/auth/register/check":                           ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "POST /api/v1/auth/register":                                 ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "POST /api/v1/auth/login":                                    ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "POST /api/v1/auth/logout":                                   [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/me":                                             [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/me/password":                                   [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/files":                                         [401,       "ok",  "ok",  401,     401,     401],

  "GET /api/v1/market/products":                                ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/market/products/:symbol":                        ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/market/products/:symbol/candles":                ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/market/products/:symbol/ticks":                  ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/market/products/:symbol/verify":                 ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],

  "POST /api/v1/cashier/demo-topup":                            [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/cashier/deposit-methods":                        [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/cashier/deposits":                              [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/cashier/deposits":                               [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/cashier/deposits/:id/proof":                     [401,       "ok",  404,   401,     401,     401],
  "GET /api/v1/cashier/withdrawal-account":                     [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/cashier/withdrawal-account":                    [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/cashier/withdrawals/quote":                      [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/cashier/withdrawals":                           [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/cashier/withdrawals/:id/cancel":                [401,       "ok",  404,   401,     401,     401],
  "GET /api/v1/cashier/withdrawals":                            [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/cashier/fund-records":                           [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/cashier/fund-records.csv":                       [401,       "ok",  "ok",  401,     401,     401],

  "POST /api/v1/trading/contracts":                             [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/trading/contracts/open":                         [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/trading/contracts/closed":                       [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/trading/contracts/:id":                          [401,       "ok",  404,   401,     401,     401],

  "GET /api/v1/savings/rules":                                  ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/savings":                                        [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/savings/history":                                [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/savings/records":                                [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/savings/move-in":                               [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/savings/move-out":                              [401,       "ok",  "ok",  401,     401,     401],

  "GET /api/v1/verification":                                   [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/verification/photos":                           [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/verification":                                  [401,       "ok",  "ok",  401,     401,     401],
  // The ticket in the address is the credential (an <img> sends no header): anyone holding it sees it.
  "GET /api/v1/verification/photos/:ticket":                    ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],

  "GET /api/v1/content/pages/:kind":                            ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/content/articles":                               ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "GET /api/v1/content/articles/:id":                           ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],

  "GET /api/v1/messages":                                       [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/messages/unread":                                [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/messages/:id/read":                             [401,       "ok",  404,   401,     401,     401],
  "POST /api/v1/messages/read-all":                             [401,       "ok",  "ok",  401,     401,     401],

  "GET /api/v1/chat":                                           [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/chat/messages":                                  [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/chat/messages":                                 [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/chat/photos":                                   [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/chat/read":                                     [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/chat/rating":                                   [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/limits":                                         [401,       "ok",  "ok",  401,     401,     401],
  "PUT /api/v1/limits/:kind":                                   [401,       "ok",  "ok",  401,     401,     401],
  "DELETE /api/v1/limits/:kind/pending":                        [401,       "ok",  "ok",  401,     401,     401],
  "POST /api/v1/limits/break":                                  [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/limits/session":                                 [401,       "ok",  "ok",  401,     401,     401],
  "GET /api/v1/risk-warning":                                   ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],

  "POST /api/v1/operator/auth/login":                           ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "POST /api/v1/operator/auth/second-factor":                   ["ok",      "ok",  "ok",  "ok",    "ok",    "ok"],
  "POST /api/v1/operator/auth/logout":                          [401,       401,   401,   "ok",    "ok",    "ok"],
  "POST /api/v1/operator/auth/logout-everywhere":               [401,       401,   401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/me":                                    [401,       401,   401,   "ok",    "ok",    "ok"],
  "GET /api/v1/operator/dashboard":                             [401,       401,   401,   "ok",    "ok",    "ok"],
  "POST /api/v1/operator/invite-codes":                         [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/audit":                                 [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/audit.csv":                             [401,       401,   401,   403,     403,     "ok"],
  "PUT /api/v1/operator/market/products/:symbol":               [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/deposits":                              [401,       401,   401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/deposits.csv":                          [401,       401,   401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/deposits/:id/proof":                    [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/deposits/:id/confirm":                 [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/deposits/:id/reject":                  [401,       401,   401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/withdrawals":                           [401,       401,   401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/withdrawals.csv":                       [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/withdrawals/:id/approve":              [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/withdrawals/:id/reject":               [401,       401,   401,   403,     "ok",    "ok"],
  "DELETE /api/v1/operator/users/:id/withdrawal-account":       [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/deposit-methods":                       [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/deposit-methods":                      [401,       401,   401,   403,     "ok",    "ok"],
  "PUT /api/v1/operator/deposit-methods/:id":                   [401,       401,   401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/cashier-settings":                      [401,       401,   401,   403,     "ok",    "ok"],
  "PUT /api/v1/operator/cashier-settings":                      [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/cashier-settings/changes/:id/approve": [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/cashier-settings/changes/:id/reject":  [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/control-changes":                       [401,       401,   401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/savings":                               [401,       401,   401,   "ok",    "ok",    "ok"],
  "POST /api/v1/operator/savings/rates":                        [401,       401,   401,   403,     403,     "ok"],
  "PUT /api/v1/operator/savings/settings":                      [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/verifications":                         [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/verifications.csv":                     [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/verifications/:id":                     [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/verifications/:id/id-number":          [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/verifications/:id/approve":            [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/verifications/:id/reject":             [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/content":                               [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/content/:id":                           [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/content":                              [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/content/:id/versions":                 [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/chats":                                 [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/chats/:id/messages":                    [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/chats/:id/context":                     [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/canned-replies":                        [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/canned-replies":                       [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/canned-replies/:id/delete":            [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/chats/:id/messages":                   [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/chats/:id/read":                       [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/chats/:id/assign":                     [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/chats/:id/resolve":                    [401,       401,   401,   "ok",    403,     "ok"],
  "POST /api/v1/operator/chats/:id/reopen":                     [401,       401,   401,   "ok",    403,     "ok"],
  "GET /api/v1/operator/broadcasts":                            [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/broadcasts":                           [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/broadcasts/:id/cancel":                [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/ledger/check":                          [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/roles":                                 [401,       401,   401,   403,     403,     "ok"],
  "GET /api/v1/operator/operators":                             [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/operators":                            [401,       401,   401,   403,     403,     "ok"],
  "PATCH /api/v1/operator/operators/:id":                       [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/operators/:id/disable":                [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/operators/:id/enable":                 [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/operators/:id/reset-totp":             [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/operators/role-changes/:id/approve":   [401,       401,   401,   403,     403,     "ok"],
  "POST /api/v1/operator/operators/role-changes/:id/reject":    [401,       401,   401,   403,     403,     "ok"],
} as const satisfies Record<string, Row>;
export type RouteKey = keyof typeof MATRIX;

/**
 * Routes the matrix leaves out on purpose: the built web app, the built operator console and the API
 * documentation are static files for anyone, served by plugins rather than by our handlers.
 */
export const STATIC_ROUTES = /^\/(?:(?:h5|admin)(?:\/.*)?)?$|^\/api\/docs(?:\/.*)?$/;

/** The ids and values the calls need, made once through the API as the owning actor would. */
export interface Fixtures {
  symbol: string;
  quoteSeq: string;
  methodId: string;
  ownDeposit: string;
  ownWithdrawal: string;
  ownContract: string;
  depositToConfirm: string;
  depositToReject: string;
  withdrawalToApprove: string;
  withdrawalToReject: string;
  boundUserId: string;
  settings: CashierSettings;
  /** Proposals by the finance operator, so the admin deciding them is the "other admin" they need. */
  changeToApprove: string;
  changeToReject: string;
  userAccount: string;
  /** The operator the sign-in routes sign in, with what it takes. */
  signInOperator: OperatorCredentials;
  /** The operator the operators' routes change, and role changes a second admin proposed for it. */
  targetOperatorId: string;
  roleChangeToApprove: string;
  roleChangeToReject: string;
  /** A photo link of the user's own verification, and submissions for the reviewers to decide. */
  photoTicket: string;
  verificationToApprove: string;
  verificationToReject: string;
  /** A published news article. */
  article: string;
  /** A notice in the user's inbox, and a broadcast scheduled far ahead. */
  ownMessage: string;
  scheduledBroadcast: string;
  /** The user's conversation with support (one message in it), and a canned reply. */
  conversation: string;
  cannedReply: string;
}

export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload instead of a JSON body. */
  file?: Buffer;
  /** The call ends its own session, so it runs on a fresh one and the actor's token stays usable. */
  freshSession?: boolean;
  /** Opens a WebSocket instead of an HTTP call: its authentication is a message, not a header. */
  socket?: boolean;
  /**
   * The call ends every session of its operator, so it runs as another operator of the actor's role,
   * signed in for it.
   */
  ownOperator?: boolean;
}

export const PASSWORD = "secret-pass1";
export const PAY_PASSWORD = "246810";
export const REASON = "Permission matrix check";

const inactiveBankMethod = bankMethodInput({ active: false });

/**
 * What each route is sent. Inputs are valid by the route's own schema (checked below), since Fastify
 * validates before the handler runs its auth check: an invalid body would answer 400 and hide a 401/403.
 * Routes without path parameters or a body need no line here.
 */
export const SEND: Partial<Record<RouteKey, (fx: Fixtures, t: TestContext) => Call | Promise<Call>>> = {
  "GET /api/ws": () => ({ socket: true }),
  "POST /api/v1/auth/register/check": () => {
    const { account, phoneCountry, phone, inviteCode, nationality } = newRegistration();
    return { body: { account, phoneCountry, phone, inviteCode, nationality } };
  },
  "POST /api/v1/auth/register": () => ({ body: newRegistration() }),
  "POST /api/v1/auth/login": (fx) => ({ body: { account: fx.userAccount, password: PASSWORD } }),
  "POST /api/v1/auth/logout": () => ({ freshSession: true }),
  // The same password again: refused by the handler (NEW_PASSWORD_SAME), so no session is touched.
  "POST /api/v1/me/password": () => ({
    body: { type: "login", oldPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
  }),
  "POST /api/v1/files": () => ({ file: PNG }),
  "GET /api/v1/market/products/:symbol": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/candles": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/ticks": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/verify": (fx) => ({
    params: { symbol: fx.symbol },
    query: { fromSeq: "1", toSeq: "1" },
  }),
  "POST /api/v1/cashier/demo-topup": () => ({ body: { amount: "10.00" } }),
  "POST /api/v1/cashier/deposits": (fx) => ({
    body: { methodId: fx.methodId, amount: "20.00", reference: "matrix" },
  }),
  "GET /api/v1/cashier/deposits/:id/proof": (fx) => ({ params: { id: fx.ownDeposit } }),
  "POST /api/v1/cashier/withdrawal-account": () => ({ body: BANK_CARD }),
  "POST /api/v1/cashier/withdrawals": () => ({ body: { amount: "10.00", payPassword: PAY_PASSWORD } }),
  "POST /api/v1/cashier/withdrawals/:id/cancel": (fx) => ({ params: { id: fx.ownWithdrawal } }),
  "POST /api/v1/trading/contracts": (fx) => ({
    body: { symbol: fx.symbol, direction: "up", stake: "10.00", durationSeconds: 60, quoteSeq: fx.quoteSeq },
  }),
  "GET /api/v1/trading/contracts/:id": (fx) => ({ params: { id: fx.ownContract } }),
  "POST /api/v1/verification/photos": () => ({ file: PNG }),
  // Photos that are not the caller's: refused by the handler (PHOTO_REQUIRED), so nothing is stored.
  "POST /api/v1/verification": () => ({
    body: {
      name: "张三",
      idNumber: "11010519491231002X",
      nationality: "CN",
      frontPhotoId: "00000000-0000-4000-8000-000000000001",
      backPhotoId: "00000000-0000-4000-8000-000000000002",
    },
  }),
  "GET /api/v1/verification/photos/:ticket": (fx) => ({ params: { ticket: fx.photoTicket } }),
  "GET /api/v1/operator/verifications/:id": (fx) => ({ params: { id: fx.verificationToApprove } }),
  "POST /api/v1/operator/verifications/:id/id-number": (fx) => ({ params: { id: fx.verificationToApprove } }),
  "POST /api/v1/operator/verifications/:id/approve": (fx) => ({ params: { id: fx.verificationToApprove } }),
  "POST /api/v1/operator/verifications/:id/reject": (fx) => ({
    params: { id: fx.verificationToReject },
    body: { reason: "photo_blurred", text: REASON },
  }),
  "GET /api/v1/content/pages/:kind": () => ({ params: { kind: "about" } }),
  "POST /api/v1/messages/:id/read": (fx) => ({ params: { id: fx.ownMessage } }),
  "POST /api/v1/chat/messages": () => ({ body: { clientKey: "matrix-message-key", body: "Hello" } }),
  "POST /api/v1/chat/photos": () => ({ file: PNG }),
  "POST /api/v1/chat/read": () => ({ body: { seq: "1" } }),
  // Nobody's conversation is resolved here: refused by the handler (CHAT_NOT_RATEABLE), nothing stored.
  "POST /api/v1/chat/rating": () => ({ body: { rating: 5 } }),
  "PUT /api/v1/limits/:kind": () => ({ params: { kind: "reminder_minutes" }, body: { value: "60" } }),
  // Nothing waits: refused by the handler (NOT_FOUND).
  "DELETE /api/v1/limits/:kind/pending": () => ({ params: { kind: "reminder_minutes" } }),
  // A wrong password: refused by the handler, so no break starts and no session of the matrix ends.
  "POST /api/v1/limits/break": () => ({
    body: { kind: "time_out", days: 1, password: "matrix-wrong-password" },
  }),
  "GET /api/v1/operator/chats/:id/messages": (fx) => ({ params: { id: fx.conversation } }),
  "GET /api/v1/operator/chats/:id/context": (fx) => ({ params: { id: fx.conversation } }),
  "POST /api/v1/operator/canned-replies": () => ({
    body: { locale: "en", title: "Hello", body: "Hello, how can we help?" },
  }),
  // Each caller deletes the same reply: the first finds it, the others NOT_FOUND (a 404 past the guard).
  "POST /api/v1/operator/canned-replies/:id/delete": (fx) => ({ params: { id: fx.cannedReply } }),
  "POST /api/v1/operator/chats/:id/messages": (fx) => ({
    params: { id: fx.conversation },
    body: { clientKey: "matrix-answer-key", body: "Hello", note: true },
  }),
  "POST /api/v1/operator/chats/:id/read": (fx) => ({ params: { id: fx.conversation }, body: { seq: "1" } }),
  "POST /api/v1/operator/chats/:id/assign": (fx) => ({
    params: { id: fx.conversation },
    body: { operatorId: null },
  }),
  "POST /api/v1/operator/chats/:id/resolve": (fx) => ({ params: { id: fx.conversation } }),
  "POST /api/v1/operator/chats/:id/reopen": (fx) => ({ params: { id: fx.conversation } }),
  // Scheduled far ahead, so it is never sent: each caller's cancel finds it scheduled or cancelled.
  "POST /api/v1/operator/broadcasts": () => ({
    body: {
      translations: { "zh-CN": { title: "公告", body: "正文" } },
      publishAt: "2099-01-01T00:00:00Z",
      reason: REASON,
    },
  }),
  "POST /api/v1/operator/broadcasts/:id/cancel": (fx) => ({
    params: { id: fx.scheduledBroadcast },
    body: { reason: REASON },
  }),
  "GET /api/v1/content/articles/:id": (fx) => ({ params: { id: fx.article } }),
  "GET /api/v1/operator/content/:id": (fx) => ({ params: { id: fx.article } }),
  "POST /api/v1/operator/content": () => ({
    body: { kind: "news", translations: { "zh-CN": { title: "新闻", body: "正文" } }, reason: REASON },
  }),
  "POST /api/v1/operator/content/:id/versions": (fx) => ({
    params: { id: fx.article },
    body: { translations: { "zh-CN": { title: "新闻", body: "正文" } }, reason: REASON },
  }),
  "POST /api/v1/savings/move-in": () => ({ body: { amount: "1.00" } }),
  "POST /api/v1/savings/move-out": () => ({ body: { amount: "0.01" } }),
  "POST /api/v1/operator/savings/rates": () => ({
    body: { annualRate: "2.10", effectiveFrom: "2099-01-01", reason: REASON },
  }),
  "PUT /api/v1/operator/savings/settings": () => ({
    body: {
      cutOff: "15:00",
      moveIn: { perDay: 100, min: "0.01", max: "999999.00" },
      moveOut: { perDay: 100, min: "0.01", max: "999999.00" },
      reason: REASON,
    },
  }),
  "POST /api/v1/operator/auth/login": (fx) => ({
    body: { username: fx.signInOperator.username, password: fx.signInOperator.password },
  }),
  // A live challenge and an unused code each time, so every caller completes a sign-in.
  "POST /api/v1/operator/auth/second-factor": async (fx, t) => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/auth/login",
      payload: { username: fx.signInOperator.username, password: fx.signInOperator.password },
    });
    const { challenge } = login.json<{ challenge: string }>();
    return { body: { challenge, code: await unusedTotpCode(t.db, t.clock, fx.signInOperator) } };
  },
  "POST /api/v1/operator/auth/logout": () => ({ freshSession: true }),
  "POST /api/v1/operator/auth/logout-everywhere": () => ({ ownOperator: true }),
  "POST /api/v1/operator/invite-codes": () => ({ body: { maxUses: 1, note: "matrix" } }),
  "PUT /api/v1/operator/market/products/:symbol": (fx) => ({
    params: { symbol: fx.symbol },
    body: { reason: REASON },
  }),
  "GET /api/v1/operator/deposits/:id/proof": (fx) => ({ params: { id: fx.ownDeposit } }),
  "POST /api/v1/operator/deposits/:id/confirm": (fx) => ({ params: { id: fx.depositToConfirm } }),
  "POST /api/v1/operator/deposits/:id/reject": (fx) => ({
    params: { id: fx.depositToReject },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/withdrawals/:id/approve": (fx) => ({ params: { id: fx.withdrawalToApprove } }),
  "POST /api/v1/operator/withdrawals/:id/reject": (fx) => ({
    params: { id: fx.withdrawalToReject },
    body: { reason: REASON },
  }),
  "DELETE /api/v1/operator/users/:id/withdrawal-account": (fx) => ({
    params: { id: fx.boundUserId },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/deposit-methods": () => ({ body: inactiveBankMethod }),
  "PUT /api/v1/operator/deposit-methods/:id": (fx) => ({
    params: { id: fx.methodId },
    body: inactiveBankMethod,
  }),
  "PUT /api/v1/operator/cashier-settings": (fx) => ({ body: fx.settings }),
  "POST /api/v1/operator/cashier-settings/changes/:id/approve": (fx) => ({
    params: { id: fx.changeToApprove },
  }),
  "POST /api/v1/operator/cashier-settings/changes/:id/reject": (fx) => ({
    params: { id: fx.changeToReject },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/operators": () => ({ body: { username: "matrix_created", role: "support" } }),
  "PATCH /api/v1/operator/operators/:id": (fx) => ({
    params: { id: fx.targetOperatorId },
    body: { role: "support" },
  }),
  "POST /api/v1/operator/operators/:id/disable": (fx) => ({
    params: { id: fx.targetOperatorId },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/operators/:id/enable": (fx) => ({
    params: { id: fx.targetOperatorId },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/operators/:id/reset-totp": (fx) => ({
    params: { id: fx.targetOperatorId },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/operators/role-changes/:id/approve": (fx) => ({
    params: { id: fx.roleChangeToApprove },
  }),
  "POST /api/v1/operator/operators/role-changes/:id/reject": (fx) => ({
    params: { id: fx.roleChangeToReject },
    body: { reason: REASON },
  }),
};

import {
  endOtherSessionsStepUp,
  endSessionStepUp,
  limitStepUp,
  passwordStepUp,
  type StepUpAction,
  withdrawalAccountStepUp,
  withdrawalStepUp,
} from "@tickfair/contract";
import { BANK_CARD, bankMethodInput } from "./cashier-fixtures";
import { PNG } from "./files";
import { newRegistration } from "./fixtures";
import type { TestContext } from "./harness";
import { unusedTotpCode } from "./operator-fixtures";
import { type Fixtures, PASSWORD, PAY_PASSWORD, REASON } from "./permission-matrix-fixtures";
import type { RouteKey } from "./permission-matrix-rows";
import { SoftwareAuthenticator } from "./software-authenticator";
import { unusedUserTotpCode } from "./totp-fixtures";

/** How a route is called in the matrix: its inputs, and what kind of call it is. */
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
  /** The route needs a step-up: the actor's session is granted one for this action first. */
  stepUp?: StepUpAction;
}

const inactiveBankMethod = bankMethodInput({ active: false });
const noticeBody = (extra: object) => ({
  translations: { "zh-CN": { title: "公告", body: "正文" } },
  startsAt: "2026-01-01T00:00:00Z",
  reason: REASON,
  ...extra,
});

/**
 * What each route is sent. Inputs are valid by the route's own schema (permissions.test.ts checks),
 * since Fastify validates before the handler runs its auth check: an invalid body would answer 400 and
 * hide a 401/403.
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
    stepUp: passwordStepUp("login"),
  }),
  // A live challenge and an unused code each time, so every caller completes a sign-in.
  "POST /api/v1/auth/login/second-factor": async (fx, t) => {
    const { account, userId, secret } = fx.twoStepUser;
    const login = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { account, password: PASSWORD },
    });
    const { challenge } = login.json<{ challenge: string }>();
    return { body: { challenge, code: await unusedUserTotpCode(t.db, t.clock, userId, secret) } };
  },
  // A code that is not the authenticator's: refused by the handler, so nothing is turned on.
  "POST /api/v1/me/totp/confirm": () => ({ body: { code: "123456" } }),
  "POST /api/v1/me/totp/recovery-codes": () => ({ body: { code: "123456" } }),
  "POST /api/v1/me/step-up": () => ({
    body: {
      action: { kind: "withdrawal", data: { amount: "1.00" } },
      proof: { method: "payPassword", payPassword: PAY_PASSWORD },
    },
  }),
  // The user's spare session: ended by its owner, invisible (404) to another user.
  "DELETE /api/v1/me/sessions/:id": (fx) => ({
    params: { id: fx.ownSession },
    stepUp: endSessionStepUp(fx.ownSession),
  }),
  // On the actor's own session, which it keeps: it ends only sessions made for other calls.
  "POST /api/v1/me/sessions/end-others": () => ({ stepUp: endOtherSessionsStepUp() }),
  // A browser's subscription as PushSubscription.toJSON() gives it (nothing is sent to its endpoint here).
  "POST /api/v1/me/push-subscriptions": () => ({
    body: {
      endpoint: "https://push.example/send/matrix",
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
      locale: "en",
    },
  }),
  // No such subscription: the handler's own 404, as for another user's.
  "DELETE /api/v1/me/push-subscriptions/:id": () => ({ params: { id: "999999999" } }),
  "POST /api/v1/files": () => ({ file: PNG }),
  "POST /api/v1/me/step-up/options": () => ({
    body: { action: { kind: "withdrawal", data: { amount: "1.00" } } },
  }),
  // Answers to challenges never given: refused by the handler (PASSKEY_NOT_VERIFIED), past the guards.
  "POST /api/v1/me/passkeys": () => ({
    body: { name: "Phone", response: new SoftwareAuthenticator().register({ challenge: "none" }) },
  }),
  // No such passkey: the handler's own 404 (before the step-up removing would ask); another user's
  // passkey answering 404 is passkeys.test.ts's. A passkey here would turn the user's step-up to passkeys.
  "PATCH /api/v1/me/passkeys/:id": () => ({ params: { id: "999999999" }, body: { name: "Renamed" } }),
  "DELETE /api/v1/me/passkeys/:id": () => ({ params: { id: "999999999" } }),
  "POST /api/v1/auth/passkey/login": () => ({
    body: { attempt: "none", response: new SoftwareAuthenticator().assert({ challenge: "none" }) },
  }),
  // No such document, and a day without a snapshot: the handlers' own 404s, past the guards.
  "GET /api/v1/documents/:id": () => ({ params: { id: "00000000-0000-4000-8000-000000000000" } }),
  "PUT /api/v1/operator/solvency/:day/attestation": () => ({ params: { day: "2026-01-04" }, file: PNG }),
  "GET /api/v1/market/products/:symbol": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/candles": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/ticks": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/terms-history": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/expected-value": (fx) => ({ params: { symbol: fx.symbol } }),
  "GET /api/v1/market/products/:symbol/verify": (fx) => ({
    params: { symbol: fx.symbol },
    query: { fromSeq: "1", toSeq: "1" },
  }),
  "GET /api/v1/fairness/heads": (fx) => ({ query: { symbol: fx.symbol } }),
  "POST /api/v1/cashier/demo-topup": () => ({ body: { amount: "10.00" } }),
  "POST /api/v1/cashier/deposits": (fx) => ({
    body: { methodId: fx.methodId, amount: "20.00", reference: "matrix" },
  }),
  "GET /api/v1/cashier/deposits/:id/proof": (fx) => ({ params: { id: fx.ownDeposit } }),
  "POST /api/v1/cashier/withdrawal-account": () => ({
    body: BANK_CARD,
    stepUp: withdrawalAccountStepUp(BANK_CARD),
  }),
  "POST /api/v1/cashier/withdrawals": () => ({
    body: { amount: "10.00" },
    stepUp: withdrawalStepUp({ amount: "10.00" }),
  }),
  "POST /api/v1/cashier/withdrawals/:id/cancel": (fx) => ({ params: { id: fx.ownWithdrawal } }),
  "POST /api/v1/trading/contracts": (fx) => ({
    body: { symbol: fx.symbol, direction: "up", stake: "10.00", durationSeconds: 60, quoteSeq: fx.quoteSeq },
  }),
  "GET /api/v1/trading/contracts/:id": (fx) => ({ params: { id: fx.ownContract } }),
  "POST /api/v1/practice/contracts": (fx) => ({
    body: { symbol: fx.symbol, direction: "up", stake: "10.00", durationSeconds: 60, quoteSeq: fx.quoteSeq },
  }),
  // Open: refused by the handler (CONTRACT_OPEN) once past the guard.
  "GET /api/v1/trading/contracts/:id/receipt": (fx) => ({ params: { id: fx.ownContract } }),
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
  // Removing a limit nobody set: nothing to loosen, so it passes the step-up it is sent with unused.
  "PUT /api/v1/limits/:kind": () => ({
    params: { kind: "reminder_minutes" },
    body: { value: null },
    stepUp: limitStepUp("reminder_minutes", null),
  }),
  // Nothing waits: refused by the handler (NOT_FOUND).
  "DELETE /api/v1/limits/:kind/pending": () => ({ params: { kind: "reminder_minutes" } }),
  // A wrong password: refused by the handler, so no break starts and no session of the matrix ends.
  "POST /api/v1/limits/break": () => ({
    body: { kind: "time_out", days: 1, password: "matrix-wrong-password" },
  }),
  // No loss streak pauses anyone here: refused by the handler (LOSS_STREAK_NOT_PAUSED), nothing stored.
  "POST /api/v1/limits/loss-streak/continue": () => ({}),
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
  "POST /api/v1/content/popup/:id/seen": (fx) => ({ params: { id: fx.popup }, body: { version: 1 } }),
  "GET /api/v1/images/:id": () => ({ params: { id: "00000000-0000-4000-8000-000000000000" } }),
  "GET /api/v1/operator/notices/:id": (fx) => ({ params: { id: fx.popup } }),
  "POST /api/v1/operator/notices": () => ({ body: noticeBody({ kind: "banner" }) }),
  "PUT /api/v1/operator/notices/:id": (fx) => ({ params: { id: fx.popup }, body: noticeBody({}) }),
  "POST /api/v1/operator/images": () => ({ file: PNG }),
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
  // No sources: the product stays with the simulator, so the matrix run leaves the feed as it was.
  "PUT /api/v1/operator/market/products/:symbol/feed": (fx) => ({
    params: { symbol: fx.symbol },
    body: { sources: [], minLiveSources: 2, reason: REASON },
  }),
  "GET /api/v1/operator/deposits/:id/proof": (fx) => ({ params: { id: fx.ownDeposit } }),
  "POST /api/v1/operator/deposits/:id/confirm": (fx) => ({ params: { id: fx.depositToConfirm } }),
  "POST /api/v1/operator/deposits/:id/reject": (fx) => ({
    params: { id: fx.depositToReject },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/withdrawals/:id/approve": (fx) => ({ params: { id: fx.withdrawalToApprove } }),
  "POST /api/v1/operator/withdrawals/:id/pick-up": (fx) => ({ params: { id: fx.withdrawalToPickUp } }),
  "POST /api/v1/operator/withdrawals/:id/paid": (fx) => ({
    params: { id: fx.withdrawalToPay },
    body: { reference: "MATRIX-PAYMENT-1" },
  }),
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
  "PUT /api/v1/operator/risk/caps/:symbol": (fx) => ({
    params: { symbol: fx.symbol },
    body: { up: "50.00", down: null, perUser: null, reason: REASON },
  }),
  "POST /api/v1/operator/risk/caps/changes/:id/approve": (fx) => ({ params: { id: fx.capsChangeToApprove } }),
  "POST /api/v1/operator/risk/caps/changes/:id/reject": (fx) => ({
    params: { id: fx.capsChangeToReject },
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

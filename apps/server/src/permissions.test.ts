import { randomUUID } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { AddressInfo } from "node:net";
import { type CashierSettings, fromMinor, toMinor } from "@tickfair/contract";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { readCashierSettings } from "./cashier/settings";
import { ANY_OPERATOR, OPERATOR_ROUTES, PUBLIC, roleMayCall } from "./operators/permissions";
import { BANK_CARD, bankMethod, bankMethodInput, key } from "./test/cashier-fixtures";
import { CONSOLE_MATRIX } from "./test/console-permission-rows";
import { multipart, PNG, uploadFile } from "./test/files";
import { ensureInviteCode, newRegistration, registerAndLogin } from "./test/fixtures";
import { useTestApp } from "./test/harness";
import {
  createEnrolledOperator,
  type OperatorCredentials,
  signInOperatorThroughApi,
  unusedTotpCode,
} from "./test/operator-fixtures";
import { freshQuote, openContract } from "./test/trading-fixtures";

/**
 * The permission matrix: every route of the app, as each kind of caller, with the status class it must
 * answer. "ok" means the call got past authentication and authorization and reached the handler: not 401,
 * 403 or 5xx (the handler may still refuse for its own reasons: 400, 404, 409...). User and operator
 * sessions are separate sign-in realms, so a token of the other realm is 401 rather than 403. On routes
 * naming another user's resource, "other" is 404: a resource of someone else is invisible, not forbidden.
 */
type Outcome = "ok" | 401 | 403 | 404;
const ACTORS = ["anonymous", "user", "other", "support", "finance", "admin"] as const;
type ActorName = (typeof ACTORS)[number];
type Row = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

// biome-ignore format: one route a line with aligned columns, so the matrix reads (and diffs) as a table
const MATRIX = {
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
  "GET /api/v1/operator/deposits/:id/proof":                    [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/deposits/:id/confirm":                 [401,       401,   401,   403,     "ok",    "ok"],
  "POST /api/v1/operator/deposits/:id/reject":                  [401,       401,   401,   403,     "ok",    "ok"],
  "GET /api/v1/operator/withdrawals":                           [401,       401,   401,   403,     "ok",    "ok"],
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
type RouteKey = keyof typeof MATRIX;

/**
 * Routes the matrix leaves out on purpose: the built web app, the built operator console and the API
 * documentation are static files for anyone, served by plugins rather than by our handlers.
 */
const STATIC_ROUTES = /^\/(?:(?:h5|admin)(?:\/.*)?)?$|^\/api\/docs(?:\/.*)?$/;

/** The ids and values the calls need, made once through the API as the owning actor would. */
interface Fixtures {
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
}

interface Call {
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

const PASSWORD = "secret-pass1";
const PAY_PASSWORD = "246810";
const REASON = "Permission matrix check";

const inactiveBankMethod = bankMethodInput({ active: false });

/**
 * What each route is sent. Inputs are valid by the route's own schema (checked below), since Fastify
 * validates before the handler runs its auth check: an invalid body would answer 400 and hide a 401/403.
 * Routes without path parameters or a body need no line here.
 */
const SEND: Partial<Record<RouteKey, (fx: Fixtures) => Call | Promise<Call>>> = {
  "GET /api/ws": () => ({ socket: true }),
  "POST /api/v1/auth/register/check": () => {
    const { account, phoneCountry, phone, inviteCode } = newRegistration();
    return { body: { account, phoneCountry, phone, inviteCode } };
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
  "POST /api/v1/operator/auth/login": (fx) => ({
    body: { username: fx.signInOperator.username, password: fx.signInOperator.password },
  }),
  // A live challenge and an unused code each time, so every caller completes a sign-in.
  "POST /api/v1/operator/auth/second-factor": async (fx) => {
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

// ── The app's own route list ──────────────────────────────────────────────────────────────────────

interface Parser {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}
interface SeenRoute {
  schema: { params?: Parser; querystring?: Parser; body?: Parser };
}
const isParser = (value: unknown): value is Parser =>
  typeof value === "object" && value !== null && typeof Reflect.get(value, "safeParse") === "function";
const parserOf = (schema: unknown, part: string): Parser | undefined => {
  if (typeof schema !== "object" || schema === null) return undefined;
  const value: unknown = Reflect.get(schema, part);
  return isParser(value) ? value : undefined;
};

/**
 * Every route the app registers, hidden ones included (the OpenAPI document leaves some out), seen by an
 * onRoute hook that Fastify's `fastify.initialization` channel lets us add before buildApp registers any.
 */
const seen = new Map<string, SeenRoute>();
/** Probe ids of the calls that passed validation and reached the handler stage. */
const reachedHandler = new Set<string>();
const PROBE_HEADER = "x-permission-probe";

function instrument(message: unknown): void {
  if (typeof message !== "object" || message === null) return;
  const fastify: unknown = Reflect.get(message, "fastify");
  if (typeof fastify !== "object" || fastify === null) return;
  const app = fastify as FastifyInstance;
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = {
      params: parserOf(route.schema, "params"),
      querystring: parserOf(route.schema, "querystring"),
      body: parserOf(route.schema, "body"),
    };
    for (const method of methods) seen.set(`${method} ${route.url}`, { schema });
  });
  app.addHook("preHandler", async (request) => {
    const probe = request.headers[PROBE_HEADER];
    if (typeof probe === "string") reachedHandler.add(probe);
  });
}
diagnostics.subscribe("fastify.initialization", instrument);
afterAll(() => diagnostics.unsubscribe("fastify.initialization", instrument));

const t = useTestApp();

/** The app's routes as matrix keys, without the static ones and the HEAD twin Fastify adds to each GET. */
function appRoutes(): string[] {
  return [...seen.keys()].filter((route) => {
    const [method = "", url = ""] = route.split(" ");
    if (STATIC_ROUTES.test(url)) return false;
    return !(method === "HEAD" && seen.has(`GET ${url}`));
  });
}

// ── Actors and fixtures ───────────────────────────────────────────────────────────────────────────

interface Actor {
  token: string | null;
  /** A second session of the same actor, for calls that end the session they run on. */
  freshToken(): Promise<string | null>;
  /** A session of another operator of the same role (for users and anonymous, their own token). */
  ownOperatorToken(): Promise<string | null>;
}

const actors = {} as Record<ActorName, Actor>;
const fx = {} as Fixtures;
let socketUrl = "";

async function userActor(): Promise<
  Actor & { account: string; userId: bigint; auth: Record<string, string> }
> {
  const user = await registerAndLogin(t);
  const account = user.registration.account;
  return {
    token: user.token,
    ownOperatorToken: async () => user.token,
    account,
    userId: user.userId,
    auth: user.auth,
    async freshToken() {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { account, password: PASSWORD },
      });
      return login.json<{ token: string }>().token;
    },
  };
}

let operatorCount = 0;

async function operatorActor(role: "support" | "finance" | "admin"): Promise<Actor & OperatorCredentials> {
  const signIn = async (credentials: OperatorCredentials) =>
    (await signInOperatorThroughApi(t, credentials)).authorization?.slice("Bearer ".length) ?? null;
  const credentials = await createEnrolledOperator(t.db, t.clock, { username: `matrix_${role}`, role });
  return {
    ...credentials,
    token: await signIn(credentials),
    freshToken: () => signIn(credentials),
    async ownOperatorToken() {
      operatorCount += 1;
      const username = `matrix_${role}_${operatorCount}`;
      return signIn(await createEnrolledOperator(t.db, t.clock, { username, role }));
    },
  };
}

async function post(auth: Record<string, string>, url: string, payload?: unknown): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: { ...auth, "idempotency-key": key() },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** A funded user with a bound card: the owner of money the operators review. */
async function payee() {
  const user = await userActor();
  await post(user.auth, "/api/v1/cashier/demo-topup", { amount: "1000.00" });
  await post(user.auth, "/api/v1/cashier/withdrawal-account", BANK_CARD);
  return user;
}

beforeAll(async () => {
  await ensureInviteCode(t);
  const method = await bankMethod(t);
  fx.methodId = method.id;
  fx.symbol = "BTC-USDT";
  fx.settings = await readCashierSettings(t.db);

  const user = await payee();
  fx.userAccount = user.account;
  const uploaded = await uploadFile(t.app, user.auth, PNG);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  fx.ownDeposit = await post(user.auth, "/api/v1/cashier/deposits", {
    methodId: method.id,
    amount: "20.00",
    reference: "with proof",
    proofFileId: uploaded.json<{ fileId: string }>().fileId,
  });
  fx.ownWithdrawal = await post(user.auth, "/api/v1/cashier/withdrawals", {
    amount: "10.00",
    payPassword: PAY_PASSWORD,
  });
  // An open contract: the state a user most often looks one up in.
  fx.ownContract = await openContract(
    t,
    (order) => post(user.auth, "/api/v1/trading/contracts", order),
    fx.symbol,
  );
  fx.quoteSeq = await freshQuote(t, fx.symbol);

  const depositor = await payee();
  const deposit = { methodId: method.id, amount: "20.00", reference: "for review" };
  fx.depositToConfirm = await post(depositor.auth, "/api/v1/cashier/deposits", deposit);
  fx.depositToReject = await post(depositor.auth, "/api/v1/cashier/deposits", deposit);
  const withdrawal = { amount: "10.00", payPassword: PAY_PASSWORD };
  fx.withdrawalToApprove = await post((await payee()).auth, "/api/v1/cashier/withdrawals", withdrawal);
  fx.withdrawalToReject = await post((await payee()).auth, "/api/v1/cashier/withdrawals", withdrawal);
  fx.boundUserId = String((await payee()).userId);

  actors.anonymous = { token: null, freshToken: async () => null, ownOperatorToken: async () => null };
  actors.user = user;
  actors.other = await userActor();
  actors.support = await operatorActor("support");
  actors.finance = await operatorActor("finance");
  actors.admin = await operatorActor("admin");
  fx.signInOperator = await createEnrolledOperator(t.db, t.clock, {
    username: "matrix_sign_in",
    role: "support",
  });

  // Role changes proposed by another admin, for the matrix's admin to decide.
  const target = await createEnrolledOperator(t.db, t.clock, { username: "matrix_target", role: "finance" });
  fx.targetOperatorId = String(target.id);
  const secondAdmin = await signInOperatorThroughApi(
    t,
    await createEnrolledOperator(t.db, t.clock, { username: "matrix_admin_2", role: "admin" }),
  );
  const proposeRole = async () => {
    const proposed = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/operator/operators/${target.id}`,
      payload: { role: "admin" },
      headers: secondAdmin,
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    return proposed.json<{ id: string }>().id;
  };
  fx.roleChangeToApprove = await proposeRole();
  fx.roleChangeToReject = await proposeRole();

  const financeAuth = { authorization: `Bearer ${actors.finance.token}` };
  const weaker = {
    ...fx.settings,
    depositSecondApprovalAbove: fromMinor(toMinor(fx.settings.depositSecondApprovalAbove) + 100n),
  };
  const propose = async () => {
    const proposed = await t.app.inject({
      method: "PUT",
      url: "/api/v1/operator/cashier-settings",
      payload: weaker,
      headers: { ...financeAuth, "idempotency-key": key() },
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    return proposed.json<{ id: string }>().id;
  };
  fx.changeToApprove = await propose();
  fx.changeToReject = await propose();

  await t.app.listen({ port: 0, host: "127.0.0.1" });
  socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
});

// ── Calling a route as an actor ───────────────────────────────────────────────────────────────────

interface Answer {
  status: number;
  reached: boolean;
  body: string;
}

const UNAUTHENTICATED_CLOSE = 4401;

/**
 * A WebSocket is open to anyone for market data (answered 200 on a ping); the actor's token then signs it
 * in by a message, answered 200 when accepted and 401 when the socket is closed as unauthenticated. It
 * goes over a real connection: the upgrade needs a socket that injection does not give.
 */
async function socketCall(token: string | null): Promise<Answer> {
  const socket = new WebSocket(socketUrl);
  try {
    return await new Promise<Answer>((resolve) => {
      socket.on("open", () =>
        socket.send(JSON.stringify(token === null ? { type: "ping" } : { type: "auth", token })),
      );
      socket.on("message", (raw: Buffer) => {
        const message = JSON.parse(raw.toString()) as { type: string };
        if (message.type === "ready" || message.type === "pong")
          resolve({ status: 200, reached: true, body: "" });
      });
      socket.on("close", (code: number) =>
        resolve({
          status: code === UNAUTHENTICATED_CLOSE ? 401 : 500,
          reached: true,
          body: `closed ${code}`,
        }),
      );
      socket.on("error", (error: Error) => resolve({ status: 500, reached: false, body: error.message }));
    });
  } finally {
    socket.terminate();
  }
}

async function call(route: RouteKey, actor: Actor): Promise<Answer> {
  const [method = "GET", path = ""] = route.split(" ");
  const spec = (await SEND[route]?.(fx)) ?? {};
  const token = spec.freshSession
    ? await actor.freshToken()
    : spec.ownOperator
      ? await actor.ownOperatorToken()
      : actor.token;
  if (spec.socket) return socketCall(token);

  const url = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = spec.params?.[name];
    if (value === undefined) throw new Error(`${route}: SEND gives no value for :${name}`);
    return encodeURIComponent(value);
  });
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : "";
  const probe = randomUUID();
  const headers: Record<string, string> = { [PROBE_HEADER]: probe };
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== "GET") headers["idempotency-key"] = key();
  let payload: string | Buffer | undefined;
  if (spec.file) {
    const upload = multipart(spec.file);
    headers["content-type"] = upload.contentType;
    payload = upload.payload;
  } else if (spec.body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(spec.body);
  }
  const response = await t.app.inject({
    method: method as "GET" | "POST" | "PUT" | "DELETE",
    url: `${url}${query}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, reached: reachedHandler.has(probe), body: response.body };
}

/** Whether an answer is of the expected class; a refusal is only as good as the input it was given. */
function matches(expected: Outcome, answer: Answer): boolean {
  if (expected === "ok") {
    return answer.reached && answer.status !== 401 && answer.status !== 403 && answer.status < 500;
  }
  if (expected === 404) return answer.reached && answer.status === 404;
  return answer.status === expected;
}

// The owner acts last, so a call that changes their resource (cancelling it) cannot turn another
// user's probe of it into a 409 instead of the 404 that proves it is invisible to them.
const RUN_ORDER: readonly ActorName[] = ["anonymous", "other", "support", "finance", "admin", "user"];

describe("permission matrix", () => {
  it("lists every route of the app, and no route the app does not have", () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(0);
    // The console's users and markets rows run in console-permissions.test.ts; they count here too.
    const inMatrix = new Set<string>([...Object.keys(MATRIX), ...Object.keys(CONSOLE_MATRIX)]);
    expect(
      routes.filter((route) => !inMatrix.has(route)),
      "routes missing from MATRIX",
    ).toEqual([]);
    expect(
      [...inMatrix].filter((route) => !routes.includes(route)),
      "MATRIX entries with no route",
    ).toEqual([]);
  });

  it("sends every route input its own schema accepts, so a 400 cannot stand in for a refusal", async () => {
    const invalid: string[] = [];
    for (const route of Object.keys(MATRIX) as RouteKey[]) {
      const schema = seen.get(route)?.schema;
      const spec = (await SEND[route]?.(fx)) ?? {};
      if (!schema || spec.socket) continue;
      const inputs: [string, Parser | undefined, unknown][] = [
        ["params", schema.params, spec.params ?? {}],
        ["querystring", schema.querystring, spec.query ?? {}],
        ["body", schema.body, spec.body],
      ];
      for (const [part, parser, value] of inputs) {
        const result = parser?.safeParse(value);
        if (result && !result.success) invalid.push(`${route} ${part}: ${String(result.error)}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it("has a permission-table entry for every operator route, and a route for every entry", () => {
    const operatorRoutes = appRoutes().filter((route) =>
      route.split(" ")[1]?.startsWith("/api/v1/operator/"),
    );
    expect(operatorRoutes.length).toBeGreaterThan(0);
    expect(
      operatorRoutes.filter((route) => !Object.hasOwn(OPERATOR_ROUTES, route)),
      "operator routes missing from OPERATOR_ROUTES",
    ).toEqual([]);
    expect(
      Object.keys(OPERATOR_ROUTES).filter((route) => !operatorRoutes.includes(route)),
      "OPERATOR_ROUTES entries with no route",
    ).toEqual([]);
  });

  it("expects of each operator route, for each role, what the permission table grants", () => {
    const disagreements: string[] = [];
    for (const [route, requirement] of Object.entries(OPERATOR_ROUTES)) {
      const row: Row | undefined = ({ ...MATRIX, ...CONSOLE_MATRIX } as Record<string, Row>)[route];
      for (const role of ["support", "finance", "admin"] as const) {
        const granted = requirement === PUBLIC || requirement === ANY_OPERATOR || roleMayCall(role, route);
        const expected = row?.[ACTORS.indexOf(role)];
        if (expected !== (granted ? "ok" : 403)) {
          disagreements.push(
            `${route} as ${role}: table ${granted ? "grants" : "refuses"}, matrix ${expected}`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each(Object.keys(MATRIX) as RouteKey[])("%s", async (route) => {
    expect(seen.has(route), `${route} is not a route of the app`).toBe(true);
    const row: Row = MATRIX[route];
    const wrong: string[] = [];
    for (const name of RUN_ORDER) {
      const expected = row[ACTORS.indexOf(name)] ?? "ok";
      const answer = await call(route, actors[name]);
      if (!matches(expected, answer)) {
        const stage = answer.reached ? "" : " (before the handler)";
        wrong.push(
          `${name}: expected ${expected}, got ${answer.status}${stage} ${answer.body.slice(0, 200)}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});

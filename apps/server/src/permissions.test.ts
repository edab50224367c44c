import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { fromMinor, toMinor, type VerificationStatus } from "@tickfair/contract";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { readCashierSettings } from "./cashier/settings";
import { createDocument } from "./content";
import { ANY_OPERATOR, OPERATOR_ROUTES, PUBLIC, roleMayCall } from "./operators/permissions";
import { BANK_CARD, bankMethod, key } from "./test/cashier-fixtures";
import { CONSOLE_MATRIX } from "./test/console-permission-rows";
import { multipart, PNG, uploadFile } from "./test/files";
import { ensureInviteCode, registerAndLogin } from "./test/fixtures";
import { useTestApp } from "./test/harness";
import { cannedReplyBy, conversationWith, noticeFor, scheduledBroadcast } from "./test/message-fixtures";
import {
  createEnrolledOperator,
  type OperatorCredentials,
  signInOperatorThroughApi,
} from "./test/operator-fixtures";
import {
  type Fixtures,
  MATRIX,
  PASSWORD,
  PAY_PASSWORD,
  REASON,
  type RouteKey,
  SEND,
  STATIC_ROUTES,
} from "./test/permission-matrix-rows";
import {
  ACTORS,
  type ActorName,
  type Answer,
  matches,
  type Parser,
  PROBE_HEADER,
  probeRoutes,
  type Row,
} from "./test/permission-probe";
import { freshQuote, openContract } from "./test/trading-fixtures";
import { submitVerificationThroughApi } from "./test/verification-fixtures";

// ── The app's own route list ──────────────────────────────────────────────────────────────────────

const { seen, reached: reachedHandler } = probeRoutes();

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
  const verifying = await submitVerificationThroughApi(t.app, user.auth);
  expect(verifying.statusCode, verifying.body).toBe(201);
  const ownLinks = verifying.json<VerificationStatus>().photos;
  fx.photoTicket = ownLinks?.front.url.split("/").pop() ?? "";
  const submission = async () => {
    const submitter = await userActor();
    expect((await submitVerificationThroughApi(t.app, submitter.auth)).statusCode).toBe(201);
    const row = await t.db
      .selectFrom("verifications")
      .select("id")
      .where("user_id", "=", submitter.userId)
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  fx.verificationToApprove = await submission();
  fx.article = String(
    await createDocument(t.db, t.clock, null, {
      kind: "news",
      translations: { "zh-CN": { title: "矩阵", summary: "", body: "正文" } },
      publishAt: null,
      reason: REASON,
    }),
  );
  fx.verificationToReject = await submission();
  fx.ownMessage = await noticeFor(t, user.userId);
  fx.conversation = await conversationWith(t, user.auth);

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
  fx.scheduledBroadcast = await scheduledBroadcast(t, target.id);
  fx.cannedReply = await cannedReplyBy(t, target.id);
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
  const spec = (await SEND[route]?.(fx, t)) ?? {};
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
      const spec = (await SEND[route]?.(fx, t)) ?? {};
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

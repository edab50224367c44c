import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { STEP_UP_HEADER, type StepUpAction, type StepUpGrant } from "@tickfair/contract";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ANY_OPERATOR, OPERATOR_ROUTES, PUBLIC, roleMayCall } from "./operators/permissions";
import { key } from "./test/cashier-fixtures";
import { CONSOLE_MATRIX } from "./test/console-permission-rows";
import { multipart } from "./test/files";
import { useTestApp } from "./test/harness";
import { SEND } from "./test/permission-matrix-calls";
import { type Actor, buildMatrix, type Fixtures, PAY_PASSWORD } from "./test/permission-matrix-fixtures";
import { MATRIX, type RouteKey, STATIC_ROUTES } from "./test/permission-matrix-rows";
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

// ── Actors and fixtures (test/permission-matrix-fixtures.ts) ──────────────────────────────────────────

let actors = {} as Record<ActorName, Actor>;
let fx = {} as Fixtures;
let socketUrl = "";

beforeAll(async () => {
  ({ actors, fx } = await buildMatrix(t));
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

/**
 * A step-up granted to the session `token` (a user's) for the call's action; none for an operator, whom
 * the route refuses before it would look.
 */
async function stepUpHeader(token: string, action: StepUpAction): Promise<Record<string, string>> {
  const granted = await t.app.inject({
    method: "POST",
    url: "/api/v1/me/step-up",
    headers: { authorization: `Bearer ${token}` },
    payload: { action, proof: { method: "payPassword", payPassword: PAY_PASSWORD } },
  });
  return granted.statusCode === 201 ? { [STEP_UP_HEADER]: granted.json<StepUpGrant>().token } : {};
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
  if (spec.stepUp && token) Object.assign(headers, await stepUpHeader(token, spec.stepUp));
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

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ANY_OPERATOR, OPERATOR_ROUTES, PUBLIC, roleMayCall } from "./operators/permissions";
import { CONSOLE_MATRIX, type ConsoleRoute } from "./test/console-permission-rows";
import { registerAndLogin } from "./test/fixtures";
import { useTestApp } from "./test/harness";
import { createEnrolledOperator, signInOperatorThroughApi } from "./test/operator-fixtures";
import {
  ACTORS,
  type ActorName,
  type Answer,
  matches,
  PROBE_HEADER,
  probeRoutes,
  type Row,
} from "./test/permission-probe";

/**
 * The permission matrix of the console's users and markets routes (the rest is permissions.test.ts):
 * every route as each kind of caller, with the answer class it must give.
 */
const { seen, reached } = probeRoutes();
const t = useTestApp();

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Fixtures {
  userId: string;
  sessionId: string;
}

const REASON = "Permission matrix check";
const fx = {} as Fixtures;
const tokens = {} as Record<ActorName, string | null>;

const SEND: Partial<Record<ConsoleRoute, (fx: Fixtures) => Call>> = {
  "GET /api/v1/operator/users": () => ({ query: { q: "matrix" } }),
  "GET /api/v1/operator/users.csv": () => ({ query: { q: "matrix" } }),
  "GET /api/v1/operator/users/:id": (f) => ({ params: { id: f.userId } }),
  "GET /api/v1/operator/users/:id/sessions": (f) => ({ params: { id: f.userId } }),
  "POST /api/v1/operator/users/:id/sessions/:sessionId/revoke": (f) => ({
    params: { id: f.userId, sessionId: f.sessionId },
    body: { reason: REASON },
  }),
  "POST /api/v1/operator/users/:id/lock": (f) => ({ params: { id: f.userId }, body: { reason: REASON } }),
  "POST /api/v1/operator/users/:id/unlock": (f) => ({ params: { id: f.userId }, body: { reason: REASON } }),
  "POST /api/v1/operator/users/:id/totp/reset": (f) => ({
    params: { id: f.userId },
    body: { reason: REASON },
  }),
  "GET /api/v1/operator/users/:id/statement": (f) => ({ params: { id: f.userId } }),
  "GET /api/v1/operator/users/:id/contracts": (f) => ({ params: { id: f.userId } }),
  "GET /api/v1/operator/users/:id/deposits": (f) => ({ params: { id: f.userId } }),
  "GET /api/v1/operator/users/:id/withdrawals": (f) => ({ params: { id: f.userId } }),
  "GET /api/v1/operator/users/:id/limits": (f) => ({ params: { id: f.userId } }),
  "GET /api/v1/operator/market/products/:symbol/verify": () => ({
    params: { symbol: "BTC/USDT" },
    query: { from: "2026-01-05T07:00:00Z", to: "2026-01-05T08:00:00Z" },
  }),
};

beforeAll(async () => {
  const target = await registerAndLogin(t);
  fx.userId = String(target.userId);
  const sessions = await t.db
    .selectFrom("sessions")
    .select("id")
    .where("user_id", "=", target.userId)
    .executeTakeFirstOrThrow();
  fx.sessionId = String(sessions.id);
  tokens.anonymous = null;
  tokens.user = target.token;
  tokens.other = (await registerAndLogin(t)).token;
  for (const role of ["support", "finance", "admin"] as const) {
    const credentials = await createEnrolledOperator(t.db, t.clock, { username: `console_${role}`, role });
    const headers = await signInOperatorThroughApi(t, credentials);
    tokens[role] = headers.authorization?.slice("Bearer ".length) ?? null;
  }
});

async function call(route: ConsoleRoute, token: string | null): Promise<Answer> {
  const [method = "GET", path = ""] = route.split(" ");
  const spec = SEND[route]?.(fx) ?? {};
  const url = path.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(spec.params?.[name] ?? ""),
  );
  const query = spec.query ? `?${new URLSearchParams(spec.query)}` : "";
  const probe = randomUUID();
  const headers: Record<string, string> = { [PROBE_HEADER]: probe };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await t.app.inject({
    method: method as "GET" | "POST",
    url: `${url}${query}`,
    headers,
    ...(spec.body === undefined ? {} : { payload: spec.body as object }),
  });
  return { status: response.statusCode, reached: reached.has(probe), body: response.body };
}

const RUN_ORDER: readonly ActorName[] = ["anonymous", "other", "support", "finance", "admin", "user"];

describe("the console's users and markets: permission matrix", () => {
  it("has a route for every row, and sends each route input its own schema accepts", () => {
    const invalid: string[] = [];
    for (const route of Object.keys(CONSOLE_MATRIX) as ConsoleRoute[]) {
      const schema = seen.get(route)?.schema;
      expect(schema, `${route} is not a route of the app`).toBeDefined();
      const spec = SEND[route]?.(fx) ?? {};
      for (const [part, parser, value] of [
        ["params", schema?.params, spec.params ?? {}],
        ["querystring", schema?.querystring, spec.query ?? {}],
        ["body", schema?.body, spec.body],
      ] as const) {
        const result = parser?.safeParse(value);
        if (result && !result.success) invalid.push(`${route} ${part}: ${String(result.error)}`);
      }
    }
    expect(invalid).toEqual([]);
  });

  it("expects of each route, for each role, what the permission table grants", () => {
    const disagreements: string[] = [];
    for (const [route, row] of Object.entries(CONSOLE_MATRIX) as [ConsoleRoute, Row][]) {
      const requirement = OPERATOR_ROUTES[route];
      expect(requirement, `${route} is missing from OPERATOR_ROUTES`).toBeDefined();
      for (const role of ["support", "finance", "admin"] as const) {
        const granted = requirement === PUBLIC || requirement === ANY_OPERATOR || roleMayCall(role, route);
        if (row[ACTORS.indexOf(role)] !== (granted ? "ok" : 403)) disagreements.push(`${route} as ${role}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each(Object.keys(CONSOLE_MATRIX) as ConsoleRoute[])("%s", async (route) => {
    const row: Row = CONSOLE_MATRIX[route];
    const wrong: string[] = [];
    for (const name of RUN_ORDER) {
      const expected = row[ACTORS.indexOf(name)] ?? "ok";
      const answer = await call(route, tokens[name]);
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

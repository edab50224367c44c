import {
  HUGE,
  type JsonSchema,
  malformedJson,
  malformedParam,
  type Parameter,
  toJsonText,
  type Value,
  validObject,
  validValue,
} from "./bad-input-values";

/**
 * The cases bad-input.test.ts sends (its generator's second half): for each operation of the OpenAPI
 * document, requests that are valid but for one malformed part, naming the fixtures' own records.
 */

// ── The OpenAPI subset the generator reads ────────────────────────────────────────────────────────

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject | Parameter[]>>;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined || Array.isArray(operation)) continue;
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...(operation.parameters ?? [])],
        body: content["application/json"]?.schema ?? null,
      });
    }
  }
  return operations;
}

// ── Cases ─────────────────────────────────────────────────────────────────────────────────────────

export interface Case {
  name: string;
  must: "reject" | "survive";
  params: Record<string, string>;
  /** Path values sent as written rather than percent-encoded, to send encodings that do not decode. */
  verbatim?: string[];
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: { contentType?: string; payload: string };
}

const show = (value: Value | string[]): string => {
  const text = toJsonText(value);
  return text.length > 48 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
};

export const NO_SUCH_ID = "9223372036854775807";
const EXTRA_FIELDS: Record<string, Value> = {
  unexpected: "x",
  isAdmin: true,
  userId: "1",
  balance: "1000000.00",
};
const MULTIPART_PART = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n';

/** Whole-body cases: each names a body no operation taking a JSON object can accept. */
function bodyShapeCases(): Omit<Case, "must" | "params" | "query" | "headers">[] {
  return [
    { name: "JSON body that does not parse", body: { contentType: "application/json", payload: "{" } },
    { name: "empty JSON body", body: { contentType: "application/json", payload: "" } },
    { name: "JSON array body", body: { contentType: "application/json", payload: "[]" } },
    { name: "JSON string body", body: { contentType: "application/json", payload: '"x"' } },
    { name: "JSON number body", body: { contentType: "application/json", payload: "1" } },
    { name: "JSON null body", body: { contentType: "application/json", payload: "null" } },
    { name: "JSON true body", body: { contentType: "application/json", payload: "true" } },
    { name: "JSON sent as text/plain", body: { contentType: "text/plain", payload: '{"a":1}' } },
    { name: "XML body", body: { contentType: "application/xml", payload: "<a>1</a>" } },
    {
      name: "multipart without a boundary",
      body: { contentType: "multipart/form-data", payload: MULTIPART_PART },
    },
    {
      name: "multipart with a garbage body",
      body: {
        contentType: "multipart/form-data; boundary=----bad-input",
        payload: "\u0000\u00ff garbage, no parts",
      },
    },
    {
      name: "body past the size limit",
      body: { contentType: "application/json", payload: `{"a":"${"a".repeat(2 * 1024 * 1024)}"}` },
    },
  ];
}

export interface Fixtures {
  userId: string;
  depositId: string;
  withdrawalId: string;
  methodId: string;
  contractId: string;
  symbol: string;
  settingsChangeId: string;
  capsChangeId: string;
  operatorId: string;
  roleChangeId: string;
  verificationId: string;
  photoTicket: string;
  articleId: string;
  popupId: string;
  messageId: string;
  broadcastId: string;
  conversationId: string;
  cannedReplyId: string;
}

/**
 * Which fixture a path parameter names, by the collection it follows ("/users/{id}" is a user), the
 * collection's parent first where a bare name would be ambiguous.
 */
const PATH_FIXTURES: Record<string, (fx: Fixtures) => string> = {
  "cashier-settings/changes": (fx) => fx.settingsChangeId,
  "caps/changes": (fx) => fx.capsChangeId,
  "risk/caps": (fx) => fx.symbol,
  "operators/role-changes": (fx) => fx.roleChangeId,
  operators: (fx) => fx.operatorId,
  users: (fx) => fx.userId,
  deposits: (fx) => fx.depositId,
  withdrawals: (fx) => fx.withdrawalId,
  "deposit-methods": (fx) => fx.methodId,
  contracts: (fx) => fx.contractId,
  verifications: (fx) => fx.verificationId,
  content: (fx) => fx.articleId,
  articles: (fx) => fx.articleId,
  notices: (fx) => fx.popupId,
  "content/popup": (fx) => fx.popupId,
  images: () => "00000000-0000-4000-8000-000000000000",
  messages: (fx) => fx.messageId,
  broadcasts: (fx) => fx.broadcastId,
  chats: (fx) => fx.conversationId,
  "canned-replies": (fx) => fx.cannedReplyId,
  pages: () => "about",
  limits: () => "reminder_minutes",
  "verification/photos": (fx) => fx.photoTicket,
  products: (fx) => fx.symbol,
  // A well-formed address of nothing, and a day: malformed ones must be refused before any lookup.
  documents: () => "00000000-0000-4000-8000-000000000000",
  solvency: () => "2026-01-04",
  // The fixture user's first session: theirs is this file's first sign-in.
  sessions: () => "1",
  // A well-formed id: the fixture user has no passkey (one would turn their step-up to passkeys).
  passkeys: () => "1",
  // A well-formed id; the fixture user's subscriptions are listed among what bad input must not change.
  "push-subscriptions": () => "1",
};

function realParam(path: string, name: string, fx: Fixtures): string {
  const segments = path.split("/");
  const at = segments.indexOf(`{${name}}`);
  const collection = segments[at - 1] ?? "";
  const pick = PATH_FIXTURES[`${segments[at - 2]}/${collection}`] ?? PATH_FIXTURES[collection];
  if (!pick) throw new Error(`no fixture for {${name}} after "${collection}": add one to PATH_FIXTURES`);
  return pick(fx);
}

export function casesFor(operation: Operation, fx: Fixtures): Case[] {
  const { method, path, parameters, body } = operation;
  const id = `${method} ${path}`;
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const p of parameters) {
    if (p.in === "path") params[p.name] = realParam(path, p.name, fx);
    else if (p.required && p.in === "query") query[p.name] = String(validValue(p.schema ?? {}, p.name));
    else if (p.required && p.in === "header") headers[p.name] = String(validValue(p.schema ?? {}, p.name));
  }
  const variants = body ? (body.oneOf ?? [body]) : [];
  const baseBody = variants[0] ? validObject(variants[0]) : undefined;
  const json = (value: Value) => ({ contentType: "application/json", payload: toJsonText(value) });
  const base = { params, query, headers, ...(baseBody ? { body: json(baseBody) } : {}) };
  const cases: Case[] = [];
  const reject = (name: string, change: Partial<Case>) =>
    cases.push({ name, must: "reject", ...base, ...change });

  for (const p of parameters) {
    const values = malformedParam(p, `${id} ${p.in}.${p.name}`);
    for (const value of values) {
      const label = `${p.in}.${p.name} = ${show(value)}`;
      if (p.in === "path" && typeof value === "string")
        reject(label, { params: { ...params, [p.name]: value } });
      if (p.in === "query") reject(label, { query: { ...query, [p.name]: value } });
      if (p.in === "header" && typeof value === "string") {
        reject(label, { headers: { ...headers, [p.name]: value } });
      }
    }
    if (p.in === "path") {
      reject(`path.${p.name} with a percent-encoding that does not decode`, {
        params: { ...params, [p.name]: "%E0%A4%A" },
        verbatim: [p.name],
      });
    }
    if (p.in === "query") {
      const [first] = values;
      if (first !== undefined) {
        reject(`unknown query parameters with query.${p.name} = ${show(first)}`, {
          query: { ...query, unexpected: "1", isAdmin: "true", [p.name]: first },
        });
      }
      if (p.required) {
        const { [p.name]: _, ...rest } = query;
        reject(`query.${p.name} missing`, { query: rest });
      }
    }
  }

  if (body) {
    for (const shape of bodyShapeCases()) reject(shape.name, shape);
    for (const [v, variant] of variants.entries()) {
      const object = validObject(variant);
      const required = variant.required ?? [];
      const tag = variants.length > 1 ? `variant ${v + 1} ` : "";
      if (required.length > 0) {
        reject(`${tag}no body`, { body: undefined });
        reject(`${tag}empty object`, { body: json({}) });
      }
      for (const name of required) {
        const { [name]: _, ...rest } = object;
        reject(`${tag}body.${name} missing`, { body: json(rest) });
      }
      for (const [name, property] of Object.entries(variant.properties ?? {})) {
        const values = malformedJson(property, required.includes(name), `${id} ${tag}body.${name}`);
        for (const value of values) {
          reject(`${tag}body.${name} = ${show(value)}`, { body: json({ ...object, [name]: value }) });
        }
        const [first] = values;
        if (first !== undefined) {
          reject(`${tag}unknown fields with body.${name} = ${show(first)}`, {
            body: json({ ...EXTRA_FIELDS, ...object, [name]: first }),
          });
        }
      }
      const rest = toJsonText(object).slice(1);
      reject(`${tag}__proto__ key`, {
        body: {
          contentType: "application/json",
          payload: `{"__proto__":{"isAdmin":true}${rest === "}" ? "" : ","}${rest}`,
        },
      });
    }
  } else if (method !== "GET") {
    // No body declared: only bodies Fastify itself cannot read are refused before the handler runs.
    reject("JSON body that does not parse", { body: { contentType: "application/json", payload: "{" } });
    reject("XML body", { body: { contentType: "application/xml", payload: "<a>1</a>" } });
    reject("__proto__ key", {
      body: { contentType: "application/json", payload: '{"__proto__":{"isAdmin":true}}' },
    });
    // Text and multipart bodies pass Fastify's parsers unread, so an operation that reads none may accept
    // them; they name records that do not exist, so an accepted one changes nothing either.
    const nowhere = Object.fromEntries(Object.keys(params).map((name) => [name, NO_SUCH_ID]));
    for (const shape of bodyShapeCases().filter((s) =>
      /text\/plain|multipart/.test(s.body?.contentType ?? ""),
    )) {
      cases.push({ ...shape, must: "survive", params: nowhere, query, headers });
    }
  }

  if (cases.length === 0) {
    // Nothing declared to malform: stray input of every kind must still be harmless.
    cases.push({
      name: "stray query parameters",
      must: "survive",
      params,
      headers,
      query: {
        id: "9999999999999999999",
        limit: "-1",
        from: "0000-01-01T00:00:00Z",
        cursor: "a".repeat(HUGE),
      },
    });
  }
  return cases;
}

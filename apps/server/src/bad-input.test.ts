import { type CashierSettings, ERROR_CODES, fromMinor, toMinor } from "@tickfair/contract";
import fc from "fast-check";
import type { HTTPMethods } from "fastify";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { BANK_CARD, bankMethod, key } from "./test/cashier-fixtures";
import { INVITE, newRegistration, registerAndLogin } from "./test/fixtures";
import { useTestApp } from "./test/harness";
import {
  createEnrolledOperator,
  type OperatorCredentials,
  signInOperatorThroughApi,
} from "./test/operator-fixtures";
import { openContract } from "./test/trading-fixtures";

/**
 * Bad input on every operation (ARCHITECTURE §6: a 4xx with a code, never a 5xx, and nothing changes),
 * generated from the OpenAPI document the app serves, so an operation added later is covered without a
 * case written for it. Each parameter and body property gets values malformed for its declared type
 * (a fixed catalogue plus fast-check samples, seeded), while everything else in the request is valid
 * and names the actor's own records, so the malformed part is the only fault.
 *
 * A case "must reject" (4xx with an error body) or, where the document cannot tell that an operation
 * reads the part sent, "must survive" (no 5xx, an error body if refused): stray query parameters on an
 * operation that declares none, and a text or multipart body on an operation that declares no body
 * (Fastify's parsers accept those without reading them, and POST /files declares its upload nowhere).
 */

const t = useTestApp();

// ── The OpenAPI subset the generator reads ────────────────────────────────────────────────────────

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject | Parameter[]>>;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

function operationsOf(document: OpenApiDocument): Operation[] {
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

// ── JSON values, including number texts JSON.stringify cannot write ───────────────────────────────

/** Number syntax sent verbatim, e.g. 1e999, which parses to Infinity on the server. */
class RawJson {
  constructor(readonly text: string) {}
}
type Value = null | boolean | number | string | RawJson | Value[] | { [key: string]: Value };

function toJsonText(value: Value): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawJson)) return v;
    raws.push(v.text);
    return `\u0000raw${raws.length - 1}`;
  });
  return text.replace(/"\\u0000raw(\d+)"/g, (_match, index: string) => raws[Number(index)] ?? "null");
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether a JSON value passes the declared schema, with zod's reading of lengths (UTF-16 units). Sent
 * values that pass are valid by the document, so only "semantic" cases (in range for the schema, out of
 * range for what the field means) may still be expected to fail.
 */
function conforms(schema: JsonSchema, input: unknown): boolean {
  const value: unknown = input instanceof RawJson ? JSON.parse(input.text) : input;
  if (schema.oneOf) return schema.oneOf.some((s) => conforms(s, value));
  if (schema.anyOf) return schema.anyOf.some((s) => conforms(s, value));
  if (schema.allOf && !schema.allOf.every((s) => conforms(s, value))) return false;
  if (value === null) return schema.nullable === true || schema.type === "null" || schema.type === undefined;
  if (schema.enum && !schema.enum.includes(value)) return false;
  switch (schema.type) {
    case "string":
      return (
        typeof value === "string" &&
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (schema.pattern === undefined || new RegExp(schema.pattern).test(value))
      );
    case "integer":
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return false;
      if (schema.type === "integer" && !Number.isInteger(value)) return false;
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
      if (typeof exclusiveMinimum === "number" && value <= exclusiveMinimum) return false;
      if (typeof exclusiveMaximum === "number" && value >= exclusiveMaximum) return false;
      if (minimum !== undefined && (exclusiveMinimum === true ? value <= minimum : value < minimum))
        return false;
      if (maximum !== undefined && (exclusiveMaximum === true ? value >= maximum : value > maximum))
        return false;
      return true;
    }
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return (
        Array.isArray(value) &&
        value.length >= (schema.minItems ?? 0) &&
        value.length <= (schema.maxItems ?? Number.POSITIVE_INFINITY) &&
        value.every((item) => schema.items === undefined || conforms(schema.items, item))
      );
    case "object": {
      if (!isRecord(value)) return false;
      const properties = schema.properties ?? {};
      if ((schema.required ?? []).some((name) => !(name in value))) return false;
      if (schema.additionalProperties === false && Object.keys(value).some((name) => !(name in properties))) {
        return false;
      }
      return Object.entries(properties).every(([name, s]) => !(name in value) || conforms(s, value[name]));
    }
    default:
      return true;
  }
}

/** The same for a path, query or header value: a string (or a repeated query key), coerced as zod does. */
function paramConforms(schema: JsonSchema, raw: string | string[]): boolean {
  if (Array.isArray(raw)) return false;
  if (schema.type === "integer" || schema.type === "number") return conforms(schema, Number(raw));
  if (schema.type === "boolean") return true;
  return conforms(schema, raw);
}

// ── Malformed values by type ──────────────────────────────────────────────────────────────────────

interface Candidate<V> {
  value: V;
  /** Passes the document's schema, but no such value makes sense for the field: must be refused anyway. */
  semantic?: boolean;
}

const HUGE = 100_000;
const digitPattern = (s: JsonSchema) => {
  if (s.pattern === undefined) return false;
  const re = new RegExp(s.pattern);
  return re.test("12") && !re.test("1.5") && !re.test("-1");
};
const moneyPattern = (s: JsonSchema) => {
  if (s.pattern === undefined) return false;
  const re = new RegExp(s.pattern);
  return re.test("12.34") && !re.test("1.234");
};
const semantic = (values: string[]): Candidate<string>[] =>
  values.map((value) => ({ value, semantic: true }));
const plain = (values: string[]): Candidate<string>[] => values.map((value) => ({ value }));

/** Strings that are wrong for a field of this schema, by its kind: id, amount, time, enum, number, text. */
function stringCandidates(schema: JsonSchema, required: boolean): Candidate<string>[] {
  const out: Candidate<string>[] = [];
  if (digitPattern(schema)) {
    out.push(...semantic(["9999999999999999999", "9223372036854775808", "99999999999999999999999"]));
    out.push(...plain(["0", "-1", "1.5", "1e3", "١٢٣", "１２３", " 1", "0x1F", "+1", "9".repeat(HUGE)]));
  }
  if (moneyPattern(schema)) {
    out.push(...semantic(["-1.00", "-0.01"]));
    out.push(
      ...plain([
        "1.005",
        "1e3",
        "١٠٠",
        "１００",
        "NaN",
        "Infinity",
        "1,000.00",
        " 10",
        "99999999999999999999.00",
      ]),
    );
  }
  if (schema.format === "date-time") {
    out.push(...semantic(["0000-01-01T00:00:00Z", "99999-01-01T00:00:00Z", "2024-13-45T25:61:00Z"]));
    out.push(...plain(["2024-01-01", "yesterday", "1700000000000", "2024-01-01T00:00:00"]));
  }
  if (schema.format === "uuid") out.push(...plain(["not-a-uuid", "00000000-0000-0000-0000-00000000000g"]));
  if (schema.enum) {
    const first = String(schema.enum[0]);
    out.push(...plain(["UNKNOWN", first.toUpperCase(), `${first} `]));
  }
  if (schema.type === "integer" || schema.type === "number") {
    const { minimum = 1, maximum = 1_000_000 } = schema;
    out.push(
      ...plain(["-1", String(minimum - 1), String(maximum + 1), "1.5", "1e999", "١٠", "１０", "abc", "NaN"]),
    );
  }
  // An empty value for a required field is no value, whatever its length rules say.
  out.push(required ? { value: "", semantic: true } : { value: "" });
  if (schema.maxLength !== undefined) out.push({ value: "a".repeat(schema.maxLength + 1) });
  if (schema.minLength !== undefined && schema.minLength > 1)
    out.push({ value: "a".repeat(schema.minLength - 1) });
  out.push(...plain(["true", "null", "{}", "[]", "[object Object]", "a".repeat(HUGE)]));
  return out;
}

/** Values of the wrong JSON type for the schema's type, null included where it is not allowed. */
function wrongTypes(schema: JsonSchema): Value[] {
  switch (schema.type) {
    case "string":
      return [12345, 0, true, {}, [], ["x"], { $gt: "" }, null];
    case "integer":
    case "number":
      return ["10", "١٠", true, {}, [], null, -1, 1.5, new RawJson("1e999"), new RawJson("-1e999"), 1e300];
    case "boolean":
      return ["true", 1, 0, {}, [], null];
    case "array":
      return [{}, "x", 1, null, []];
    case "object":
      return ["x", 1, [], null];
    default:
      return [];
  }
}

function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash | 0;
}

// Seeded per field, so adding an operation never reshuffles another's samples.
function samples<V>(
  arbitrary: fc.Arbitrary<V>,
  seedKey: string,
  keep: (value: V) => boolean,
  count = 4,
): V[] {
  return fc
    .sample(arbitrary, { seed: hashSeed(seedKey), numRuns: 40 })
    .filter(keep)
    .slice(0, count);
}

const anyJson: fc.Arbitrary<Value> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.integer({ min: -1_000_000, max: 1_000_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 2 }),
);
const anyParam: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 24 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double({ noNaN: true }).map(String),
);

/** Malformed JSON values for a property: every one fails the schema, unless it is a semantic case. */
function malformedJson(schema: JsonSchema, required: boolean, seedKey: string, depth = 0): Value[] {
  const candidates: Candidate<Value>[] = [];
  if (schema.type === "string" || schema.enum || schema.pattern) {
    candidates.push(...stringCandidates(schema, required));
  }
  candidates.push(...wrongTypes(schema).map((value) => ({ value })));
  if (schema.type === "array" && schema.items && depth < 2) {
    if (schema.maxItems !== undefined) {
      candidates.push({
        value: Array.from({ length: schema.maxItems + 1 }, () => validValue(schema.items ?? {})),
      });
    }
    for (const item of malformedJson(schema.items, true, `${seedKey}[]`, depth + 1).slice(0, 16)) {
      candidates.push({ value: [item] });
    }
  }
  if (schema.type === "object" && schema.properties && depth < 2) {
    const base = validObject(schema);
    for (const [name, property] of Object.entries(schema.properties)) {
      const isRequired = (schema.required ?? []).includes(name);
      for (const value of malformedJson(property, isRequired, `${seedKey}.${name}`, depth + 1).slice(0, 8)) {
        candidates.push({ value: { ...base, [name]: value } });
      }
    }
  }
  const picked = candidates
    .filter((c) => c.semantic === true || !conforms(schema, c.value))
    .map((c) => c.value);
  const seen = new Set(picked.map(toJsonText));
  const random = samples(anyJson, seedKey, (v) => !conforms(schema, v) && !seen.has(toJsonText(v)));
  return [...picked, ...random];
}

/** Malformed values for a path, query or header parameter. */
function malformedParam(parameter: Parameter, seedKey: string): (string | string[])[] {
  const schema = parameter.schema ?? {};
  // A path value names a record; none of these names one the actor has, so each must be refused.
  const inPath = parameter.in === "path";
  const candidates = stringCandidates(schema, parameter.required === true || inPath).filter(
    (c) => inPath || c.semantic === true || !paramConforms(schema, c.value),
  );
  const values: (string | string[])[] = candidates.map((c) => c.value);
  if (parameter.in === "query") values.push(["1", "2"]);
  const seen = new Set(values.map(String));
  values.push(...samples(anyParam, seedKey, (v) => !paramConforms(schema, v) && !seen.has(v)));
  // Header values must be printable ASCII to be sent at all.
  return parameter.in === "header"
    ? values.filter((v) => typeof v === "string" && /^[\x20-\x7e]*$/.test(v))
    : values;
}

// ── Valid values, so a case's malformed part is its only fault ────────────────────────────────────

/** Realistic values by property name, used where they pass the property's schema. */
let examples: Record<string, Value> = {};

function validValue(schema: JsonSchema, name?: string): Value {
  const example = name === undefined ? undefined : examples[name];
  if (example !== undefined && conforms(schema, example)) return example;
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return validValue(variant, name);
  if (schema.nullable) return null;
  if (schema.enum) return schema.enum[0] as Value;
  switch (schema.type) {
    case "string": {
      if (schema.format === "date-time") return "2030-01-01T00:00:00Z";
      if (schema.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      const options = ["10.00", "1", "abcd", "a".repeat(schema.minLength ?? 1)];
      const found = options.find((option) => conforms(schema, option));
      if (found === undefined)
        throw new Error(`no valid value known for ${name ?? "a string"}: ${schema.pattern}`);
      return found;
    }
    case "integer":
    case "number": {
      const low = schema.minimum ?? 1;
      const start = schema.exclusiveMinimum === true ? low + 1 : low;
      return Math.min(Math.max(start, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => validValue(schema.items ?? {}));
    case "object":
      return validObject(schema);
    default:
      return "abcd";
  }
}

function validObject(schema: JsonSchema): Record<string, Value> {
  const object: Record<string, Value> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    object[name] = validValue(property, name);
  return object;
}

// ── Cases ─────────────────────────────────────────────────────────────────────────────────────────

interface Case {
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

const NO_SUCH_ID = "9223372036854775807";
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

interface Fixtures {
  userId: string;
  depositId: string;
  withdrawalId: string;
  methodId: string;
  contractId: string;
  symbol: string;
  settingsChangeId: string;
  operatorId: string;
  roleChangeId: string;
}

/**
 * Which fixture a path parameter names, by the collection it follows ("/users/{id}" is a user), the
 * collection's parent first where a bare name would be ambiguous.
 */
const PATH_FIXTURES: Record<string, (fx: Fixtures) => string> = {
  "cashier-settings/changes": (fx) => fx.settingsChangeId,
  "operators/role-changes": (fx) => fx.roleChangeId,
  operators: (fx) => fx.operatorId,
  users: (fx) => fx.userId,
  deposits: (fx) => fx.depositId,
  withdrawals: (fx) => fx.withdrawalId,
  "deposit-methods": (fx) => fx.methodId,
  contracts: (fx) => fx.contractId,
  products: (fx) => fx.symbol,
};

function realParam(path: string, name: string, fx: Fixtures): string {
  const segments = path.split("/");
  const at = segments.indexOf(`{${name}}`);
  const collection = segments[at - 1] ?? "";
  const pick = PATH_FIXTURES[`${segments[at - 2]}/${collection}`] ?? PATH_FIXTURES[collection];
  if (!pick) throw new Error(`no fixture for {${name}} after "${collection}": add one to PATH_FIXTURES`);
  return pick(fx);
}

function casesFor(operation: Operation, fx: Fixtures): Case[] {
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

// ── Fixtures: a user with money, a bound card, a deposit, a withdrawal, an open contract ──────────

const PASSWORD = "secret-pass1";
const PAY_PASSWORD = "246810";
const fx = {} as Fixtures;
let account = "";
/** The operator whose operations run; the snapshots read as another, so signing out everywhere blinds none. */
let actingOperator: OperatorCredentials;
/** Sessions only the snapshots use, so a case that ends its actor's session cannot blind them. */
const observer = { user: {} as Record<string, string>, operator: {} as Record<string, string> };

async function post(auth: Record<string, string>, url: string, payload: object): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { ...auth, "idempotency-key": key() },
  });
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string }>().id;
}

async function signIn(realm: "user" | "operator"): Promise<Record<string, string>> {
  if (realm === "operator") return signInOperatorThroughApi(t, actingOperator);
  const login = await t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { account, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`user sign-in answered ${login.statusCode}: ${login.body}`);
  return { authorization: `Bearer ${login.json<{ token: string }>().token}` };
}

beforeAll(async () => {
  const method = await bankMethod(t);
  fx.methodId = method.id;
  fx.symbol = "BTC-USDT";
  const user = await registerAndLogin(t);
  account = user.registration.account;
  fx.userId = String(user.userId);
  await post(user.auth, "/api/v1/cashier/demo-topup", { amount: "1000.00" });
  await post(user.auth, "/api/v1/cashier/withdrawal-account", BANK_CARD);
  fx.depositId = await post(user.auth, "/api/v1/cashier/deposits", {
    methodId: method.id,
    amount: "20.00",
    reference: "bad input",
  });
  fx.withdrawalId = await post(user.auth, "/api/v1/cashier/withdrawals", {
    amount: "10.00",
    payPassword: PAY_PASSWORD,
  });
  fx.contractId = await openContract(t, (order) => post(user.auth, "/api/v1/trading/contracts", order));

  actingOperator = await createEnrolledOperator(t.db, t.clock, {
    username: "bad_input_admin",
    role: "admin",
  });
  observer.user = await signIn("user");
  observer.operator = await signInOperatorThroughApi(
    t,
    await createEnrolledOperator(t.db, t.clock, { username: "bad_input_observer", role: "admin" }),
  );
  // An operator for the operators' routes to name, and a role change for it waiting for an admin.
  const target = await createEnrolledOperator(t.db, t.clock, {
    username: "bad_input_target",
    role: "finance",
  });
  fx.operatorId = String(target.id);
  const roleChange = await t.app.inject({
    method: "PATCH",
    url: `/api/v1/operator/operators/${target.id}`,
    payload: { role: "admin" },
    headers: observer.operator,
  });
  if (roleChange.statusCode !== 202)
    throw new Error(`role change answered ${roleChange.statusCode}: ${roleChange.body}`);
  fx.roleChangeId = roleChange.json<{ id: string }>().id;
  // A weaker threshold is only proposed: a pending change for the approve and reject operations.
  const settings = await t.app.inject({
    method: "GET",
    url: "/api/v1/operator/cashier-settings",
    headers: observer.operator,
  });
  const current = settings.json<CashierSettings>();
  const proposal = await t.app.inject({
    method: "PUT",
    url: "/api/v1/operator/cashier-settings",
    payload: {
      ...current,
      depositSecondApprovalAbove: fromMinor(toMinor(current.depositSecondApprovalAbove) + 100_000n),
    },
    headers: { ...observer.operator, "idempotency-key": key() },
  });
  if (proposal.statusCode !== 202)
    throw new Error(`settings proposal answered ${proposal.statusCode}: ${proposal.body}`);
  fx.settingsChangeId = proposal.json<{ id: string }>().id;

  examples = {
    ...newRegistration(),
    inviteCode: INVITE,
    oldPassword: PASSWORD,
    newPassword: "secret-pass2",
    confirmPassword: "secret-pass2",
    payPassword: PAY_PASSWORD,
    username: "nobody_here",
    amount: "10.00",
    stake: "10.00",
    minStake: "1.00",
    maxStake: "1000.00",
    minAmount: "10.00",
    maxAmount: "50000.00",
    methodId: fx.methodId,
    reference: "bad input",
    proofFileId: null,
    reason: "Checked with the user by phone",
    symbol: "BTC/USDT",
    direction: "up",
    durationSeconds: 60,
    quoteSeq: "1",
    seconds: 60,
    payoutRateBps: 8500,
    ...BANK_CARD,
    network: "TRC20",
    address: `T${"a".repeat(33)}`,
    names: { "zh-CN": "银行转账", en: "Bank transfer" },
    instructions: { "zh-CN": "转账附言：您的账户号", en: "Reference: your account id" },
    withdrawalFeeFixed: "0.00",
    withdrawalFeeRateBps: 0,
    withdrawalMinAmount: "10.00",
    depositSecondApprovalAbove: "10000.00",
    status: "open",
    reopensAt: null,
    maxUses: 1,
    note: "bad input",
    challenge: "x".repeat(43),
    code: "123456",
    recoveryCode: "ABCD-EFGH-JKMN-PQRS",
  };
});

// ── What a user, an operator and the ledger would notice ──────────────────────────────────────────

const USER_VIEWS = [
  "/api/v1/me",
  "/api/v1/cashier/fund-records?limit=100",
  "/api/v1/cashier/deposits?limit=100",
  "/api/v1/cashier/withdrawals?limit=100",
  "/api/v1/cashier/withdrawal-account",
  "/api/v1/trading/contracts/open",
  "/api/v1/trading/contracts/closed?limit=100",
];
const OPERATOR_VIEWS = [
  "/api/v1/operator/cashier-settings",
  "/api/v1/operator/deposit-methods",
  "/api/v1/operator/deposits?limit=100",
  "/api/v1/operator/withdrawals?limit=100",
  "/api/v1/operator/control-changes?limit=100",
  "/api/v1/market/products",
];
const COUNTED_TABLES = [
  "users",
  "invite_codes",
  "accounts",
  "postings",
  "ledger_entries",
  "audit_log",
  "settings",
  "files",
  "deposit_methods",
  "deposits",
  "deposit_approvals",
  "withdrawal_accounts",
  "withdrawals",
  "contracts",
  "operators",
  "control_changes",
];

async function snapshot(): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const [views, headers] of [
    [USER_VIEWS, observer.user],
    [OPERATOR_VIEWS, observer.operator],
  ] as const) {
    for (const url of views) {
      const response = await t.app.inject({ method: "GET", url, headers });
      seen[url] = `${response.statusCode} ${response.body}`;
    }
  }
  for (const table of COUNTED_TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.db,
    );
    seen[`rows in ${table}`] = String(rows[0]?.n);
  }
  return seen;
}

// ── Sending a case and judging the answer ─────────────────────────────────────────────────────────

function urlOf(c: Case, path: string): string {
  const { params, query, verbatim = [] } = c;
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name] ?? "";
    return verbatim.includes(name) ? value : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

const errorCodes: readonly string[] = ERROR_CODES;

/** Why an answer is wrong for the case, or null when it is right. */
function fault(c: Case, status: number, body: string): string | null {
  if (status >= 500) return "server error";
  if (status < 400) return c.must === "reject" ? "accepted" : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "error body is not JSON";
  }
  const error = isRecord(parsed) ? parsed.error : undefined;
  if (!isRecord(error)) return "no { error } in the body";
  if (typeof error.code !== "string" || !errorCodes.includes(error.code))
    return "error code not in ERROR_CODES";
  if (typeof error.message !== "string" || error.message === "") return "error without a message";
  return null;
}

const brief = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

it("answers bad input on every documented operation with a 4xx and an error code, and changes nothing", async () => {
  const document = t.app.swagger() as unknown as OpenApiDocument;
  const operations = operationsOf(document);
  expect(operations.length).toBeGreaterThan(0);
  const failures: string[] = [];

  for (const operation of operations) {
    const id = `${operation.method} ${operation.path}`;
    let cases: Case[];
    try {
      cases = casesFor(operation, fx);
    } catch (error) {
      failures.push(
        `${id}: cannot build its cases: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    // A fresh session per operation: a case that signs out takes only its own with it.
    const realm = operation.path.startsWith("/api/v1/operator/") ? "operator" : "user";
    const auth = await signIn(realm);
    const run = async (c: Case) => {
      const response = await t.app.inject({
        method: operation.method as HTTPMethods,
        url: urlOf(c, operation.path),
        headers: {
          ...auth,
          ...(operation.method === "GET" ? {} : { "idempotency-key": key() }),
          ...c.headers,
          ...(c.body?.contentType ? { "content-type": c.body.contentType } : {}),
        },
        ...(c.body ? { payload: c.body.payload } : {}),
      });
      const why = fault(c, response.statusCode, response.body);
      if (why) failures.push(`${id} — ${c.name}: ${why}: ${response.statusCode} ${brief(response.body)}`);
    };
    const before = await snapshot();
    for (const c of cases.filter((c) => c.must === "reject")) await run(c);
    const after = await snapshot();
    for (const [view, was] of Object.entries(before)) {
      if (after[view] !== was) {
        failures.push(`${id} — changed ${view}: was ${brief(was)} now ${brief(after[view] ?? "")}`);
      }
    }
    // Outside the snapshots: a case that may be accepted may do what the operation does (a sign-out is audited).
    for (const c of cases.filter((c) => c.must === "survive")) await run(c);
  }

  expect(failures).toEqual([]);
});

import fc from "fast-check";

/**
 * The values bad-input.test.ts sends (its generator's first half): for a parameter or body property of
 * the OpenAPI document, values malformed for its declared type — a fixed catalogue plus fast-check
 * samples, seeded per field — and valid ones, so a case's malformed part is its only fault.
 */

// ── The OpenAPI subset the generator reads ────────────────────────────────────────────────────────

export interface JsonSchema {
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

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

// ── JSON values, including number texts JSON.stringify cannot write ───────────────────────────────

/** Number syntax sent verbatim, e.g. 1e999, which parses to Infinity on the server. */
export class RawJson {
  constructor(readonly text: string) {}
}
export type Value = null | boolean | number | string | RawJson | Value[] | { [key: string]: Value };

export function toJsonText(value: Value): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawJson)) return v;
    raws.push(v.text);
    return `\u0000raw${raws.length - 1}`;
  });
  return text.replace(/"\\u0000raw(\d+)"/g, (_match, index: string) => raws[Number(index)] ?? "null");
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether a JSON value passes the declared schema, with zod's reading of lengths (UTF-16 units). Sent
 * values that pass are valid by the document, so only "semantic" cases (in range for the schema, out of
 * range for what the field means) may still be expected to fail.
 */
export function conforms(schema: JsonSchema, input: unknown): boolean {
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

export const HUGE = 100_000;
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
export function malformedJson(schema: JsonSchema, required: boolean, seedKey: string, depth = 0): Value[] {
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
export function malformedParam(parameter: Parameter, seedKey: string): (string | string[])[] {
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

/** Sets the realistic values validValue prefers, by property name (the test's fixtures). */
export function setExamples(values: Record<string, Value>): void {
  examples = values;
}

export function validValue(schema: JsonSchema, name?: string): Value {
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

export function validObject(schema: JsonSchema): Record<string, Value> {
  const object: Record<string, Value> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    object[name] = validValue(property, name);
  return object;
}

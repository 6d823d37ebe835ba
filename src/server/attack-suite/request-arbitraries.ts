import fc from "fast-check";

/**
 * Building blocks of the HTTP fuzzer (openapi-fuzz.test.ts): hostile values, JSON bodies derived
 * from an OpenAPI schema and then mutated, every way of encoding a body (good and broken), and
 * path and query values. Requests are abstract here: who sends them (`identity`) is turned into
 * real headers by the test, which holds the tokens.
 */

/** Who sends a request; the test maps each to headers (JWT, CSRF pair, session cookie, Origin). */
export type Identity =
  | "anonymous"
  | "anonymous-csrf"
  | "user"
  | "user-no-csrf"
  | "bad-token"
  | "session"
  | "throwaway-session"
  | "browser-form"
  | "cross-site";

export interface FuzzRequest {
  /** Which generator made it, e.g. "openapi POST /api/contact": counted per family in the summary. */
  family: string;
  method: string;
  url: string;
  identity: Identity;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How the body was encoded, for the failure report. */
  encoding?: string;
}

export interface EncodedBody {
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** How the body was encoded (for the failure report). */
  encoding: string;
}

// ---------------------------------------------------------------------------------------------
// Values

/** Strings that have broken servers before: NUL, encodings, traversal, numbers as text, surrogates. */
export const SPECIAL_STRINGS: readonly string[] = [
  "",
  " ",
  "\0",
  "a\0b",
  "\0\0\0",
  "%00",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "..%2f..%2f..%2fetc%2fpasswd",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  "'; drop table users; --",
  "${7*7}{{7*7}}",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1e309",
  "-0",
  "0x1F",
  "9007199254740993",
  "-9007199254740993",
  "1.7976931348623157e+308",
  "null",
  "undefined",
  "true",
  "{}",
  "[]",
  "__proto__",
  "constructor",
  "\uD800",
  "\uDFFF",
  "a\uD83Db",
  "\uFFFE\uFFFF",
  "\u202E\u0301",
  "𝕏𝕐ℤ",
  "名前",
  "ñandú",
  "\r\n\r\n",
  "\t\v\f",
  "%",
  "%zz",
  "%ff%fe",
  "%C0%80",
  "AAPL",
  "NWSC",
  "nwsc",
  "BRK.B",
  "^GSPC",
  "ada@example.com",
  "not-an-email",
  "a@b",
  "correct horse 42",
];

const NOISE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Seeded text that does not compress: PostgreSQL compresses a repetitive value below its index row
 * limit, so only text like this finds keys and indexed columns that take unbounded input.
 */
function noise(length: number, seed: number): string {
  let state = seed | 0 || 1;
  let text = "";
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text += NOISE_ALPHABET[(state >>> 0) % NOISE_ALPHABET.length];
  }
  return text;
}

/** Long incompressible text, 2.5 to 12 thousand characters. */
export function longNoise(): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: 2_500, max: 12_000 }), fc.integer()).map(([length, seed]) => noise(length, seed));
}

/** Any text, weighted to the hostile: special strings, random (incl. lone surrogates), NUL, huge. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
    { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\0${b}`) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 5_000 }).map((n) => "x".repeat(n)) },
    { weight: 1, arbitrary: longNoise() },
    { weight: 1, arbitrary: fc.constantFrom(70_000, 300_000).map((n) => "é".repeat(n)) },
  );
}

/** Numbers JSON can carry, including the edges (NaN and ±Infinity become null in JSON). */
function hostileNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), Number.MAX_SAFE_INTEGER, Number.MIN_VALUE),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** Any JSON value, leaning on hostile strings and numbers; nested a little. */
export function hostileJson(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: hostileString() },
    { weight: 2, arbitrary: hostileNumber() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("a", "__proto__", "constructor", "\0", ""), leaf, { maxKeys: 3 }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Values from an OpenAPI (JSON) schema

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Domain-looking strings for a named field, so generated bodies reach past the first checks. */
export function plausibleString(name: string, schema: JsonSchema = {}, hints: { ids?: readonly string[] } = {}): fc.Arbitrary<string> {
  const lower = name.toLowerCase();
  if (lower.includes("email")) return fc.oneof(fc.constantFrom("ada@example.com", "fuzz@example.com"), fc.emailAddress());
  if (lower === "ticker" || lower === "input") return fc.constantFrom("NWSC", "QBIT", "MRDT", "nwsc", "Northwind", "ZZZZ", "BRK.B", "^GSPC");
  if (lower === "id" || lower.endsWith("_id") || lower.endsWith("id")) {
    return fc.oneof(fc.constantFrom(...(hints.ids?.length ? hints.ids : ["1"])), fc.uuid(), fc.constantFrom("1", "0", "-1"));
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength ?? 20 }).filter((s) => s.length <= (schema.maxLength ?? 20));
    } catch {
      // An ECMAScript-incompatible pattern: fall back to plain text.
    }
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(fc.lorem({ maxCount: 3 }).filter((s) => s.length >= min && s.length <= max), fc.string({ minLength: min, maxLength: max }));
}

/** A value that satisfies the schema (as far as a quick reading goes). */
export function fromSchema(schema: JsonSchema | undefined, name = "", hints: { ids?: readonly string[] } = {}, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileJson();
  const inner = (): fc.Arbitrary<unknown> => {
    if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    const union = schema.anyOf ?? schema.oneOf;
    if (union && union.length > 0) return fc.oneof(...union.map((s) => fromSchema(s, name, hints, depth + 1)));
    if (schema.allOf && schema.allOf.length > 0) return fromSchema(schema.allOf[0], name, hints, depth + 1);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
    switch (type) {
      case "string":
        return plausibleString(name, schema, hints);
      case "integer":
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
      case "number":
        return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
      case "boolean":
        return fc.boolean();
      case "array":
        return fc.array(fromSchema(schema.items, name, hints, depth + 1), { maxLength: 3 });
      case "object":
      case undefined: {
        if (!schema.properties) return type === "object" ? fc.constant({}) : hostileJson();
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, sub] of Object.entries(schema.properties)) model[key] = fromSchema(sub, key, hints, depth + 1);
        return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<unknown>;
      }
      default:
        return hostileJson();
    }
  };
  const value = inner();
  return schema.nullable || (Array.isArray(schema.type) && schema.type.includes("null")) ? fc.option(value, { nil: null }) : value;
}

/**
 * A valid-looking value, then broken on purpose: kept, fields dropped, a field given a hostile
 * value (wrong type, NUL, huge), dangerous keys added, or the whole body swapped for a non-object.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const asRecord = (value: unknown): Record<string, unknown> => (value !== null && typeof value === "object" && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {});
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat()).map(([value, k]) => {
        const record = asRecord(value);
        const keys = Object.keys(record);
        if (keys.length > 0) delete record[keys[k % keys.length]!];
        return record;
      }),
    },
    {
      weight: 5,
      arbitrary: fc.tuple(valid, fc.nat(), hostileJson()).map(([value, k, replacement]) => {
        const record = asRecord(value);
        const keys = Object.keys(record);
        record[keys.length > 0 ? keys[k % keys.length]! : "input"] = replacement;
        return record;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom("__proto__", "constructor", "prototype", "extra", "\0", "a".repeat(300)), hostileJson()).map(([value, key, extra]) => {
        const record = asRecord(value);
        Object.defineProperty(record, key, { value: extra, enumerable: true, configurable: true, writable: true });
        return record;
      }),
    },
    { weight: 1, arbitrary: hostileJson() },
  );
}

// ---------------------------------------------------------------------------------------------
// Bodies

const BOUNDARY = "----QuantaFuzzBoundaryX7z";

function stringFields(value: unknown): [string, string][] {
  if (value === null || typeof value !== "object") return [["value", String(value)]];
  return Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v) ?? ""]);
}

/** A well-formed multipart/form-data body of text fields and optional file parts. */
export function multipartBody(fields: [string, string][], files: { name: string; filename: string; type: string; content: Buffer | string }[] = []): EncodedBody {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename.replace(/["\r\n]/g, "_")}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, payload: Buffer.concat(chunks), encoding: "multipart" };
}

/** Multipart bodies that are not: no boundary, the wrong one, cut short, garbage, odd boundaries. */
export function malformedMultipart(): fc.Arbitrary<EncodedBody> {
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nticker\r\nNWSC\r\n`;
  const cases: [string, string, string][] = [
    ["no-boundary", "multipart/form-data", `${part}--${BOUNDARY}--\r\n`],
    ["wrong-boundary", "multipart/form-data; boundary=somethingelse", `${part}--${BOUNDARY}--\r\n`],
    ["truncated", `multipart/form-data; boundary=${BOUNDARY}`, part.slice(0, 90)],
    ["no-closing", `multipart/form-data; boundary=${BOUNDARY}`, part],
    ["garbage", `multipart/form-data; boundary=${BOUNDARY}`, "this is not multipart at all"],
    ["empty", `multipart/form-data; boundary=${BOUNDARY}`, ""],
    ["empty-boundary", "multipart/form-data; boundary=", part],
    ["quoted-boundary", `multipart/form-data; boundary="${BOUNDARY}"`, `${part}--${BOUNDARY}--\r\n`],
    ["long-boundary", `multipart/form-data; boundary=${"b".repeat(300)}`, `--${"b".repeat(300)}\r\n\r\n`],
    ["bad-header", `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
    ["no-disposition", `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nX: y\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
    ["proto-field", `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
    ["json-field-invalid", `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="input"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--${BOUNDARY}--\r\n`],
    ["json-field-nul", `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="input"\r\nContent-Type: application/json\r\n\r\n{"a":"\\u0000"}\r\n--${BOUNDARY}--\r\n`],
    ["nul-field", `multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="input"\r\n\r\nNW\0SC\r\n--${BOUNDARY}--\r\n`],
    ["many-fields", `multipart/form-data; boundary=${BOUNDARY}`, `${Array.from({ length: 20 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join("")}--${BOUNDARY}--\r\n`],
    ["two-files", `multipart/form-data; boundary=${BOUNDARY}`, `${part}${part}--${BOUNDARY}--\r\n`],
    ["mixed", `multipart/mixed; boundary=${BOUNDARY}`, `${part}--${BOUNDARY}--\r\n`],
  ];
  return fc.constantFrom(...cases).map(([name, type, payload]) => ({ headers: { "content-type": type }, payload, encoding: `multipart:${name}` }));
}

/** JSON text whose numbers JSON.stringify cannot write: 1e309, NaN, huge integers, tiny exponents. */
function jsonWithRawTokens(value: unknown): fc.Arbitrary<string> {
  return fc.constantFrom("1e309", "-1e309", "NaN", "Infinity", "1e-400", "123456789012345678901234567890", "-0", "0.0000000000000000000001").map((token) => {
    const text = JSON.stringify(value) ?? "null";
    const replaced = text.replace(/:("[^"]*"|-?\d[\d.eE+-]*|true|false|null)/, `:${token}`);
    return replaced === text ? `{"input":${token}}` : replaced;
  });
}

/** Texts that are not JSON, sent as JSON. */
const INVALID_JSON: readonly string[] = ["{", "}", "[", '{"a":}', '{"a" 1}', "nul", "tru", '"unterminated', "{'a':1}", "\uFEFF{}", "{}{}", "01", "/* */{}", '{"a":"\\x00"}', '{"a":"\\ud800"}', "\0"];

/**
 * Every way to send `value`: JSON (as is, with raw number tokens, deeply nested, invalid, empty),
 * urlencoded, multipart (well-formed and not), text, no content type, odd media types, oversized.
 */
export function encodedBody(value: fc.Arbitrary<unknown>, options: { bodyLimit?: number } = {}): fc.Arbitrary<EncodedBody> {
  const json = { "content-type": "application/json" };
  const limit = options.bodyLimit ?? 1024 * 1024;
  return fc.oneof(
    { weight: 12, arbitrary: value.map((v) => ({ headers: json, payload: JSON.stringify(v) ?? "null", encoding: "json" })) },
    { weight: 2, arbitrary: value.chain(jsonWithRawTokens).map((payload) => ({ headers: json, payload, encoding: "json-raw-number" })) },
    { weight: 2, arbitrary: fc.constantFrom(...INVALID_JSON).map((payload) => ({ headers: json, payload, encoding: "json-invalid" })) },
    { weight: 1, arbitrary: fc.constant({ headers: json, payload: "", encoding: "json-empty" }) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(50, 5_000, 60_000), fc.boolean()).map(([depth, arrays]) => ({
        headers: json,
        payload: arrays ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
        encoding: `json-nested-${depth}`,
      })),
    },
    {
      weight: 2,
      arbitrary: value.map((v) => ({
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(stringFields(v)).toString(),
        encoding: "urlencoded",
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom("a=%00", "a=%zz&b", "=&=&&", "a[b]=1&a[c]=2", "%00=1").map((payload) => ({ headers: { "content-type": "application/x-www-form-urlencoded" }, payload, encoding: "urlencoded-raw" })) },
    { weight: 2, arbitrary: value.map((v) => ({ ...multipartBody(stringFields(v)) })) },
    { weight: 2, arbitrary: malformedMultipart() },
    { weight: 1, arbitrary: value.map((v) => ({ headers: { "content-type": "text/plain" }, payload: JSON.stringify(v) ?? "", encoding: "text" })) },
    { weight: 1, arbitrary: value.map((v) => ({ headers: {}, payload: JSON.stringify(v) ?? "", encoding: "no-content-type" })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, fc.constantFrom("application/json; charset=utf-16", "application/xml", "application/vnd.api+json", "application/octet-stream", "application/json;;;", "*/*", "json", "application/x-www-form-urlencoded; charset=latin1"))
        .map(([v, type]) => ({ headers: { "content-type": type }, payload: JSON.stringify(v) ?? "", encoding: `type:${type}` })),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ headers: json, payload: Buffer.from(bytes), encoding: "json-random-bytes" })) },
    { weight: 1, arbitrary: fc.constant({ headers: {}, payload: undefined, encoding: "none" }) },
    { weight: 1, arbitrary: fc.constant({ headers: json, payload: `{"input":"${"x".repeat(limit + 10)}"}`, encoding: "oversized" }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Paths and queries

/** encodeURIComponent, which throws on a lone surrogate: then each UTF-8 byte (U+FFFD for the surrogate). */
function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0").toUpperCase()}`).join("");
  }
}

/** A path parameter as it appears in the URL: plausible, random, huge, unicode, NUL, traversal. */
export function pathValue(plausible: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: plausible.map(encodeComponent) },
    { weight: 3, arbitrary: hostileString().map(encodeComponent) },
    { weight: 2, arbitrary: fc.constantFrom("..", "../..", "..%2f..%2fetc%2fpasswd", "%2e%2e", "%2F", "%", "%zz", "%ff%fe", "%00", "a%00b", "%C0%80", "a/b", ";", "%20", "~", "*") },
    { weight: 1, arbitrary: fc.integer({ min: 65, max: 10_000 }).map((n) => "A".repeat(n)) },
    { weight: 1, arbitrary: longNoise() },
  );
}

/** A query string for the given parameters: some present, valid or hostile, repeated, raw or encoded, extras. */
export function queryString(params: { name: string; value: fc.Arbitrary<string> }[]): fc.Arbitrary<string> {
  const one = (name: string, value: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 4, arbitrary: value.map((v) => `${name}=${encodeComponent(v)}`) },
      { weight: 3, arbitrary: hostileString().map((v) => `${name}=${encodeComponent(v)}`) },
      { weight: 1, arbitrary: fc.tuple(value, hostileString()).map(([a, b]) => `${name}=${encodeComponent(a)}&${name}=${encodeComponent(b)}`) },
      { weight: 1, arbitrary: fc.constantFrom("%00", "%zz", "%", "NaN", "1e309", "-1", "", "%ff").map((raw) => `${name}=${raw}`) },
      { weight: 1, arbitrary: fc.constant(name) },
    );
  const parts = params.map(({ name, value }) => fc.option(one(name, value), { nil: undefined, freq: 3 }));
  const extra = fc.option(fc.constantFrom("x=1", "__proto__[a]=1", "a[b][c]=1", "%00=1", "&&&", "=", "a=%00"), { nil: undefined, freq: 4 });
  return fc.tuple(fc.tuple(...parts), extra).map(([list, more]) => {
    const all = [...list, more].filter((p): p is string => p !== undefined);
    return all.length > 0 ? `?${all.join("&")}` : "";
  });
}

/**
 * Request validation with the contract's valibot schemas (contract/schemas.ts), which also carry the
 * limits the database adds (int4 and 2^53 ids, real dates, NUMERIC(12,2) prices, no NUL characters), so a bad
 * payload is a 400 with field errors and never a 500 (DESIGN.md, "The reference claims API").
 */
import type { Context } from "hono";
import * as v from "valibot";
import { LARGE_BODY_LENGTH, bodyText, inTurn } from "./body-text.ts";
import { invalid } from "./http-errors.ts";
import { API_JSON_LIMITS, jsonShapeProblem } from "./json-shape.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;

import { MAX_ID, MAX_SERIAL_ID } from "../../contract/schemas.ts";

/**
 * Parses the JSON body of a request with a schema.
 * @returns the schema's output
 * @throws HttpError 400 `{ message: "Invalid request", errors }` on malformed JSON or a structure no
 *   request has (nesting, values: json-shape.ts), both as `errors.body`, or on any schema or
 *   storage-limit issue (keyed by dot path; `body` for the whole body)
 */
export async function parseBody<S extends AnySchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const text = await bodyText(c);
  const parse = () => parseText(schema, text);
  return text.length > LARGE_BODY_LENGTH ? inTurn(parse) : parse();
}

/** parseBody once the body is text. */
function parseText<S extends AnySchema>(schema: S, text: string): v.InferOutput<S> {
  // Before JSON.parse, whose cost grows with the values a text holds.
  const problem = jsonShapeProblem(text, API_JSON_LIMITS);
  if (problem) throw invalid({ body: problem });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid({ body: "Malformed JSON" });
  }
  return parseValue(schema, raw, "body");
}

/**
 * Parses the query string (one value per name) with a schema.
 * @throws HttpError 400 as parseBody, `query` keying whole-query issues
 */
export function parseQuery<S extends AnySchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseValue(schema, c.req.query(), "query");
}

/**
 * Parses a value with a schema, then checks the storage limits on its output.
 * Each value stops at its first issue (abortPipeEarly), and the contract's schemas check lengths
 * before anything else, so a hostile body costs no more than an honest one of its size.
 * @param rootKey error key of issues about the value as a whole
 * @throws HttpError 400 with the first MAX_ERRORS fields' issues, bounded as boundedErrors says
 */
export function parseValue<S extends AnySchema>(schema: S, value: unknown, rootKey: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (!result.success) {
    const errors = new Map<string, string>();
    for (const issue of result.issues) {
      const path = v.getDotPath(issue) ?? rootKey;
      if (!errors.has(path)) errors.set(path, issue.message);
      if (errors.size === MAX_ERRORS) break;
    }
    throw invalid(boundedErrors(Object.fromEntries(errors)));
  }
  return result.output;
}

/** Most field errors one answer lists: enough to mend a form, few enough to keep the answer small. */
export const MAX_ERRORS = 20;
/** Longest error key (a dot path) kept in an answer, in UTF-16 units. */
const MAX_KEY_LENGTH = 64;
/** Longest error message kept in an answer (valibot's quote the value received, whatever its size). */
const MAX_MESSAGE_LENGTH = 160;
// Control characters and lone surrogates (in `u` mode a proper pair is one code point, not Cs):
// what JSON escapes as \uXXXX, 6 bytes each.
const ESCAPED_IN_JSON = /[\p{Cc}\p{Cs}]/gu;

/** Text cut to `max` UTF-16 units ("…" marks a cut), with what JSON would escape as U+FFFD. */
function clipped(text: string, max: number): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(ESCAPED_IN_JSON, "\ufffd");
}

/**
 * Field errors as an answer may carry them (SECURITY.md, "What protects the data"): the first
 * MAX_ERRORS entries, each key cut to 64 and each message to 160 UTF-16 units, nothing JSON would
 * escape. Every unit then takes at most 3 bytes of JSON, so the errors stay under
 * 20 x (65 + 161 + 6) x 3 = 13,920 bytes and the whole answer under 16 KB, whatever the request
 * held (keys of records are the client's own text).
 * @param errors dot path to message
 * @returns a new object; `errors` itself is left as it is
 */
export function boundedErrors(errors: Record<string, string>): Record<string, string> {
  // fromEntries: a key such as "__proto__" stays a key instead of setting the prototype.
  return Object.fromEntries(Object.entries(errors).slice(0, MAX_ERRORS)
    .map(([key, message]) => [clipped(key, MAX_KEY_LENGTH), clipped(String(message), MAX_MESSAGE_LENGTH)]));
}

/** An id in a path or query: digits only, 1 to `max`. */
function idTextSchema(max: number) {
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,16}$/, "Must be a positive whole number"),
    v.toNumber(),
    v.minValue(1, "Must be a positive whole number"),
    v.maxValue(max, `Must be at most ${max}`),
  );
}

/** Id path parameter of a customer, claim, claim item, damage or document: 1 to MAX_ID. */
export const idParamSchema = idTextSchema(MAX_ID);
/** Id path parameter of a plan or contact document (int4): 1 to MAX_SERIAL_ID. */
export const serialIdParamSchema = idTextSchema(MAX_SERIAL_ID);

/**
 * Reads an id path parameter.
 * @param schema idParamSchema (the default) or serialIdParamSchema
 * @throws HttpError 400 with `errors[name]` when it is not an id
 */
export function idParam(c: Context, name: string, schema = idParamSchema): number {
  return parseValue(v.object({ [name]: schema }), { [name]: c.req.param(name) }, name)[name] as number;
}

/**
 * The id a path or query text names, or null when it is not one (digits only, 1 to MAX_ID): for
 * routes that answer 403 or 404 rather than 400 to anything malformed.
 */
export function idOf(text: string | undefined): number | null {
  const id = /^\d{1,16}$/.test(text ?? "") ? Number(text) : 0;
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * Request validation with the contract's valibot schemas (contract/schemas.ts), which also carry the
 * limits the database adds (int4 and 2^53 ids, real dates, NUMERIC(12,2) prices, no NUL characters), so a bad
 * payload is a 400 with field errors and never a 500 (DESIGN.md, "The reference claims API").
 */
import type { Context } from "hono";
import * as v from "valibot";
import { invalid } from "./http-errors.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;

import { MAX_ID, MAX_SERIAL_ID } from "../contract/schemas.ts";

/**
 * Parses the JSON body of a request with a schema.
 * @returns the schema's output
 * @throws HttpError 400 `{ message: "Invalid request", errors }` on malformed JSON (`errors.body`) or
 *   any schema or storage-limit issue (keyed by dot path; `body` for the whole body)
 */
export async function parseBody<S extends AnySchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
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
 * @param rootKey error key of issues about the value as a whole
 * @throws HttpError 400 with every issue found
 */
export function parseValue<S extends AnySchema>(schema: S, value: unknown, rootKey: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const errors: Record<string, string> = {};
    for (const issue of result.issues) {
      const path = v.getDotPath(issue) ?? rootKey;
      errors[path] ??= issue.message;
    }
    throw invalid(errors);
  }
  return result.output;
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

/**
 * Request validation with the contract's valibot schemas (src/api/schemas.ts), plus the limits the
 * database adds that the schemas do not state (int4 ids, real dates, NUMERIC(12,2) prices, no NUL
 * characters), so a bad payload is a 400 with field errors and never a 500 (DESIGN.md, "The
 * reference claims API").
 */
import type { Context } from "hono";
import * as v from "valibot";
import { invalid } from "./http-errors.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;

/** Largest int4, the type of every id column. */
export const MAX_ID = 2_147_483_647;
/** Largest NUMERIC(12,2), the type of prices. */
const MAX_PRICE = 9_999_999_999.99;

/** Body keys holding ids (wire spelling). */
const ID_KEYS = new Set(["warrentyId", "customerId", "claimId", "claimItemId", "claimItemsId", "selectedItemId",
  "manuFacturer", "material", "color", "itemType", "damageId", "damageType", "specificDamage", "specificLocation",
  "howDidOccur", "actionTaken"]);
const DATE_KEYS = new Set(["damagedate", "damageDate"]);
const TIMESTAMP_KEYS = new Set(["claimdate"]);
const PRICE_KEYS = new Set(["price"]);

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
  const errors = storageIssues(result.output);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return result.output;
}

/** Id path parameter: digits only, 1 to MAX_ID. */
export const idParamSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/, "Must be a positive whole number"),
  v.toNumber(),
  v.minValue(1, "Must be a positive whole number"),
  v.maxValue(MAX_ID, `Must be at most ${MAX_ID}`),
);

/**
 * Reads an id path parameter.
 * @throws HttpError 400 with `errors[name]` when it is not an id
 */
export function idParam(c: Context, name: string): number {
  return parseValue(v.object({ [name]: idParamSchema }), { [name]: c.req.param(name) }, name)[name] as number;
}

/** Field errors of values the schemas accept but the database cannot store. */
function storageIssues(value: unknown, path: string[] = [], errors: Record<string, string> = {}): Record<string, string> {
  const key = path.at(-1) ?? "";
  const at = path.join(".");
  if (typeof value === "string") {
    if (value.includes("\u0000")) errors[at] = "Must not contain NUL characters";
    else if (DATE_KEYS.has(key) && !isRealDate(value)) errors[at] = "Must be a real calendar date (YYYY-MM-DD)";
    else if (TIMESTAMP_KEYS.has(key) && !isRealTimestamp(value)) errors[at] = "Must be a real date and time (YYYY-MM-DD HH:mm:ss)";
  } else if (typeof value === "number") {
    if (ID_KEYS.has(key) && value > MAX_ID) errors[at] = `Must be at most ${MAX_ID}`;
    else if (PRICE_KEYS.has(key) && !(Number.isFinite(value) && value <= MAX_PRICE)) errors[at] = `Must be at most ${MAX_PRICE}`;
  } else if (Array.isArray(value)) {
    value.forEach((entry, index) => storageIssues(entry, [...path, String(index)], errors));
  } else if (value !== null && typeof value === "object") {
    for (const [name, entry] of Object.entries(value)) storageIssues(entry, [...path, name], errors);
  }
  return errors;
}

/** True for an existing calendar day `YYYY-MM-DD` between years 1900 and 2999. */
export function isRealDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for `YYYY-MM-DD HH:mm:ss` naming an existing day and a real time of day. */
export function isRealTimestamp(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return false;
  return isRealDate(match[1]!) && Number(match[2]) <= 23 && Number(match[3]) <= 59 && Number(match[4]) <= 59;
}

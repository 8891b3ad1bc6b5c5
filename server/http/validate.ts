/**
 * Request validation by the contract's valibot schemas (contract/schemas.ts), which also carry the
 * limits the database adds (ids, real dates, NUMERIC(12,2) prices, no NUL characters), so a bad
 * payload is SPEC.md's 400 with field errors (http-errors.ts `invalid`), never a 500. Handlers read
 * the output with `c.req.valid(target)`.
 *
 * A hostile request costs no more than an honest one of its size (SECURITY.md, "What protects the
 * data"): each value stops at its first issue (abortPipeEarly; the contract's schemas check
 * lengths first), an answer lists at most MAX_ERRORS fields, and a body's structure is checked
 * before it is parsed, large bodies in turns. Queries and path ids go through
 * @hono/standard-validator; a JSON body through validBody below, which reads it once as text.
 */
import { sValidator } from "@hono/standard-validator";
import type { Env, MiddlewareHandler } from "hono";
import * as v from "valibot";
import { idParamSchema } from "../../contract/schemas.ts";
import { LARGE_BODY_LENGTH, bodyText, inTurn } from "./body-text.ts";
import { MAX_ERRORS, invalid } from "./http-errors.ts";
import { API_JSON_LIMITS, jsonShapeProblem } from "./json-shape.ts";
import { ROUTE_BODY, ROUTE_QUERY, describing } from "../openapi/route-doc.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;

/** Each value stops at its first issue: a long hostile value is not checked by every rule. */
const FIRST_ISSUE = { abortPipeEarly: true } as const;

/** An issue as valibot and Standard Schema both give it: a message and where. */
interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: unknown }> | undefined;
}

/**
 * The first MAX_ERRORS fields' issues, keyed by dot path (`rootKey` for the value as a whole).
 * @throws HttpError 400 with them
 */
function refuse(issues: readonly Issue[], rootKey: string): never {
  const errors = new Map<string, string>();
  for (const issue of issues) {
    const path =
      issue.path?.map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".") || rootKey;
    if (!errors.has(path)) errors.set(path, issue.message);
    if (errors.size === MAX_ERRORS) break;
  }
  throw invalid(Object.fromEntries(errors));
}

/** The schema's output for a value. @throws as refuse */
function parsed<S extends AnySchema>(schema: S, value: unknown, rootKey: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value, FIRST_ISSUE);
  return result.success ? result.output : refuse(result.issues, rootKey);
}

/** sValidator of `target` refusing as `refuse` does, keyed by `rootKey` for the value as a whole. */
const validTarget = <T extends "query" | "param", S extends AnySchema>(target: T, schema: S) =>
  sValidator(target, v.config(schema, FIRST_ISSUE), (result) => {
    if (!result.success) refuse(result.error, target);
  });

/**
 * Query validation, which also describes the route's query in the OpenAPI document; a name given
 * twice is a list, which no query schema takes. @throws as refuse, `query` for the whole
 */
export const validQuery = <S extends AnySchema>(schema: S) =>
  describing(validTarget("query", schema), ROUTE_QUERY, schema);

/** What a body validator declares, as Hono's json validator does: routes read the output with c.req.valid("json"). */
type ValidJson<S extends AnySchema> = { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } };

/** The JSON a text holds. @throws HttpError 400 `errors.body` "Malformed JSON" */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid({ body: "Malformed JSON" });
  }
}

/**
 * JSON body validation. The body is read once as text (bodyText, shared with the idempotency
 * middleware), its structure checked before anything parses it (json-shape.ts), then parsed and
 * checked, in a turn when it is large (body-text.ts). The output is handed to Hono as its
 * validators hand theirs (c.req.addValidatedData), so routes read it typed with c.req.valid("json");
 * a validator's json target is not used, since it would decode the body again, in one piece. A
 * body is JSON whatever its Content-Type says, as the API always read it. The schema also
 * describes the route's body in the OpenAPI document.
 * @throws HttpError 400 with `errors.body` "Malformed JSON" or the structure's problem, else as refuse
 */
export function validBody<S extends AnySchema>(schema: S): MiddlewareHandler<Env, string, ValidJson<S>> {
  const validate: MiddlewareHandler<Env, string, ValidJson<S>> = async (c, next) => {
    const text = await bodyText(c);
    const check = () => {
      const problem = jsonShapeProblem(text, API_JSON_LIMITS);
      if (problem) throw invalid({ body: problem });
      c.req.addValidatedData("json", parsed(schema, jsonOf(text), "body") as object);
    };
    // The route runs after the turn.
    await (text.length > LARGE_BODY_LENGTH ? inTurn(check) : check());
    return next();
  };
  return describing(validate, ROUTE_BODY, schema);
}

/**
 * Path id validation: each named parameter an id (idParamSchema, or the `id` schema given), read
 * as a number with `c.req.valid("param")`. @throws as refuse, keyed by the parameter's name
 */
export function ids<N extends string>(names: N[], id = idParamSchema) {
  return validTarget("param", v.object(Object.fromEntries(names.map((name) => [name, id])) as Record<N, typeof id>));
}

/**
 * The id a path or query text names (1 to MAX_ID), or null: for routes that answer 403 or 404
 * rather than 400 to anything malformed, and for the claims' folder names.
 */
export function idOf(text: string | undefined): number | null {
  const id = v.safeParse(idParamSchema, text, FIRST_ISSUE);
  return id.success ? id.output : null;
}

/**
 * What a route says about itself in the OpenAPI document: each route carries its own description
 * (hono-openapi's `describeRoute`), its validators add the query and body they take
 * (server/http/validate.ts), and document.ts generates the document from the app's routes,
 * adding what every call shares (API key, 500, injected faults, idempotent writes, body limits).
 */
import { describeRoute, uniqueSymbol } from "hono-openapi";
import type { MiddlewareHandler } from "hono";
import type * as v from "valibot";
import { MAX_ID, MAX_SERIAL_ID } from "../../contract/schemas.ts";
import type { RateLimits } from "../config.ts";
import type { Json } from "./json-schema.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;

/** Who may call: the API key; the key and the session owning the record; a signed URL; anyone; the staff key (instead of the API key). */
type Access = "key" | "owner" | "signed" | "owner-or-signed" | "public" | "staff";

/** One route's description; its method and path are the route's own. */
export interface RouteDoc {
  /** operationId: SPEC.md's call name where it has one. */
  id: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters other than record ids (the default), by name. */
  params?: Record<string, Json>;
  /** The query of a route that reads it without a validator (a signed URL's, a link's). */
  query?: Record<string, { schema: Json; required?: boolean; description?: string }>;
  /** What some parameters of the validated query mean, by name. */
  queryNotes?: Record<string, string>;
  /** The file's bytes, for an upload (a JSON body is the validator's). */
  body?: "file";
  /** 200 answer: a contract schema, or what else the route sends. */
  answer: AnySchema | "file" | "html" | "script" | "document" | "redirect";
  /** Refusals of this call (statuses), beside those document.ts adds to every call. */
  errors: number[];
  /** The rate limit the call counts under (server/config.ts RateLimits). */
  limit?: keyof RateLimits;
  /** Sends a 304 without a body to a matching If-None-Match. */
  etag?: boolean;
}

/** Where a route's description rides in what describeRoute collects, until document.ts expands it. */
export const ROUTE_DOC = "x-route-doc";
/** Where the route's query and JSON body validators leave their schemas (validate.ts). */
export const ROUTE_QUERY = "x-route-query";
export const ROUTE_BODY = "x-route-body";

/**
 * A validator that also names its schema in its route's description, under `key`: hono-openapi
 * collects every middleware of a route marked with its `uniqueSymbol`.
 */
export function describing<M extends MiddlewareHandler>(
  middleware: M,
  key: typeof ROUTE_QUERY | typeof ROUTE_BODY,
  schema: AnySchema,
): M {
  return Object.assign(middleware, { [uniqueSymbol]: { spec: { [key]: schema } } });
}

/** Middleware that does nothing but describe its route in the OpenAPI document (document.ts). */
export function documented(doc: RouteDoc): MiddlewareHandler {
  return describeRoute({ operationId: doc.id, [ROUTE_DOC]: doc } as Parameters<typeof describeRoute>[0]);
}

const DIGITS = (max: number): Json => ({
  type: "string",
  pattern: `^\\d{1,${String(max).length}}$`,
  description: `1 to ${max}`,
});
/** Id of a customer, claim, claim item, damage or document. */
export const RECORD_ID = DIGITS(MAX_ID);
/** Id of a plan or a contact document. */
export const PLAN_ID = DIGITS(MAX_SERIAL_ID);
export const FILE_NAME: Json = { type: "string", description: "The stored name the upload URL was handed out with" };
export const REQUEST_ID: Json = {
  type: "string",
  pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
};
/** The query of a signed URL. */
const SIGNED = {
  expires: {
    schema: { type: "string", pattern: "^\\d{1,12}$" },
    required: true,
    description: "Unix seconds the URL works until",
  },
  sig: {
    schema: { type: "string" },
    required: true,
    description: "HMAC-SHA256 of the method, path, expiry (and type and size)",
  },
};
/** The query of a signed upload URL. */
export const UPLOAD_QUERY = {
  ...SIGNED,
  size: { schema: { type: "string", pattern: "^\\d{1,12}$" }, description: "The declared size in bytes, when one was" },
};
/** What each query parameter of an upload-URL call means. */
export const UPLOAD_URL_QUERY = {
  claimId: "The claim's id, 1 to 9007199254740991",
  fileName: "The original name, kept for display",
  fileSize: "The file's size in bytes: the URL then takes exactly that many",
};

/** An optional query parameter. */
export const optional = (schema: Json, description?: string) => ({ schema, description });

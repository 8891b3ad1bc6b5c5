/**
 * The OpenAPI 3.1 document of the reference server (served at /api/v1/openapi.json, shown at
 * /api/docs), generated from the app's own routes (hono-openapi's generateSpecs over each route's
 * `documented` description, route-doc.ts) and the contract's schemas: what every call shares is
 * added here once: the API key, the session cookie, idempotent writes, body limits, rate limits,
 * injected faults and the error answers' shapes (docs/api.md "Conventions").
 */
import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type * as v from "valibot";
import { challengeAnswerSchema } from "../../contract/challenge.ts";
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_SETTINGS } from "../config.ts";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "../http/session.ts";
import * as answers from "./answers.ts";
import { modelSchemas, wireSchema, type Json } from "./json-schema.ts";
import { RECORD_ID, ROUTE_BODY, ROUTE_DOC, ROUTE_QUERY, type RouteDoc } from "./route-doc.ts";

type AnySchema = v.GenericSchema<unknown, unknown>;

/** A route's description with its method and path (OpenAPI form, `{name}`) and what its validators take. */
interface Operation extends Omit<RouteDoc, "body"> {
  method: string;
  path: string;
  body?: AnySchema | "file";
}

const json = (schema: Json) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const FILE_TYPES = { "image/png": {}, "image/jpeg": {}, "application/pdf": {} };
const RETRY_AFTER = { description: "Seconds to wait", schema: { type: "integer", minimum: 1 } };

/** The error answers, one per status: description and body (server/http/http-errors.ts and the middleware). */
const ERRORS: Record<number, { name: string; description: string; schema: Json; headers?: Json }> = {
  400: {
    name: "InvalidRequest",
    description: "Invalid request: `errors` names each field (at most 20), `body` a malformed body",
    schema: wireSchema(answers.invalidAnswerSchema),
  },
  401: {
    name: "Unauthorized",
    description: "Wrong or missing `x-api-key`; nothing is written",
    schema: wireSchema(answers.unauthorizedAnswerSchema),
  },
  403: {
    name: "Forbidden",
    description:
      "A signed URL altered (BAD_SIGNATURE) or expired (URL_EXPIRED, LINK_EXPIRED), or contact details sent without proof of identity and without their claim (PROOF_REQUIRED)",
    schema: wireSchema(answers.refusalAnswerSchema),
  },
  404: {
    name: "NotFound",
    description: "Unknown, or not the session's (the same answer: a stranger learns nothing)",
    schema: wireSchema(answers.refusalAnswerSchema),
  },
  409: {
    name: "Conflict",
    description:
      "The record's state forbids the call (e.g. CLAIM_NOT_DRAFT, WRONG_PLAN_TYPE), or REQUEST_IN_PROGRESS: the same Idempotency-Key is still running",
    schema: wireSchema(answers.conflictAnswerSchema),
  },
  413: {
    name: "TooLarge",
    description:
      "Body over the call's limit (PAYLOAD_TOO_LARGE), a file too big, or the claim's or request's documents full",
    schema: wireSchema(answers.tooLargeAnswerSchema),
  },
  415: {
    name: "UnsupportedFile",
    description: "Another Content-Type than the URL's, or bytes that are not PNG, JPEG or PDF as named",
    schema: wireSchema(answers.refusalAnswerSchema),
  },
  422: {
    name: "IdempotencyKeyReused",
    description: "This Idempotency-Key was sent with another method, path or body",
    schema: wireSchema(answers.refusalAnswerSchema),
  },
  428: {
    name: "ChallengeRequired",
    description: "Solve this proof-of-work and send the search again with the solution in `X-Altcha`",
    schema: wireSchema(challengeAnswerSchema),
  },
  429: {
    name: "TooManyRequests",
    description:
      "Too many calls from this address (TOO_MANY_REQUESTS), or too many open upload URLs (TOO_MANY_UPLOAD_URLS)",
    schema: wireSchema(answers.tooManyAnswerSchema),
    headers: { "Retry-After": RETRY_AFTER },
  },
  500: {
    name: "InternalError",
    description: "The server failed; nothing of the cause is answered",
    schema: wireSchema(answers.internalErrorAnswerSchema),
  },
  503: {
    name: "FaultInjected",
    description:
      "Development and tests only (FAULTS): refused before it ran; GET /readyz: NOT_READY, `failed` naming what",
    schema: wireSchema(answers.refusalAnswerSchema),
  },
  504: {
    name: "FaultTimeout",
    description: "Development and tests only (FAULTS): an ACE submit taken but answered as timed out",
    schema: wireSchema(answers.refusalAnswerSchema),
  },
};

const SECURITY: Record<Operation["access"], Json[] | undefined> = {
  key: undefined, // the document's default
  owner: [{ apiKey: [], session: [] }],
  signed: [],
  "owner-or-signed": [{ session: [] }, {}],
  staff: [{ staffKey: [] }],
  public: [],
};

const isApi = (op: Operation) => op.path.startsWith("/api/v1/") && op.id !== "openapi";
const isKeyedWrite = (op: Operation) =>
  isApi(op) && op.method !== "get" && op.access !== "signed" && op.access !== "staff";

/** Statuses an operation may answer besides 200: its own, and those every call of its kind may. */
function statusesOf(op: Operation): number[] {
  const statuses = new Set(op.errors);
  if (op.access === "key" || op.access === "owner") statuses.add(401);
  if (isKeyedWrite(op)) [400, 409, 422].forEach((status) => statuses.add(status));
  if (isApi(op) && op.body && op.body !== "file") statuses.add(413);
  if (op.limit && op.id !== "find_claim") statuses.add(429);
  if (isApi(op)) statuses.add(503);
  if (op.id === "ace_submit_claim") statuses.add(504);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

/** The 200 answer (and 303/304 where the call sends one). */
function successOf(op: Operation): Record<string, Json> {
  switch (op.answer) {
    case "file":
      return { 200: { description: "The file, as its checked type; PDFs as attachments", content: FILE_TYPES } };
    case "html":
      return { 200: { description: "The page", content: { "text/html": {} } } };
    case "script":
      return { 200: { description: "The script, cached for a year", content: { "text/javascript": {} } } };
    case "document":
      return { 200: { description: "This OpenAPI document", content: json({ type: "object" }) } };
    case "redirect":
      return {
        200: {
          description:
            "The portal's page (no `sig`, or the address's window full), or a page reopening the link from our origin (followed from another site)",
          content: { "text/html": {} },
        },
        303: {
          description: "On to the link without `exp` and `sig`; the session cookie when the link opened",
          headers: { Location: { schema: { type: "string" } } },
        },
      };
    default: {
      const answers: Record<string, Json> = { 200: { description: "Done", content: json(wireSchema(op.answer)) } };
      if (op.etag) answers[304] = { description: "Not modified (If-None-Match matched the ETag)" };
      return answers;
    }
  }
}

function parametersOf(op: Operation): Json[] {
  const path = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    schema: op.params?.[name!] ?? RECORD_ID,
  }));
  const query = Object.entries(op.query ?? {}).map(([name, { schema, required, description }]) => ({
    name,
    in: "query",
    required: Boolean(required),
    schema,
    description,
  }));
  const headers: Json[] = [];
  if (isKeyedWrite(op)) headers.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (op.id === "search_plan") headers.push({ $ref: "#/components/parameters/Altcha" });
  return [...path, ...query, ...headers];
}

function descriptionOf(op: Operation): string | undefined {
  const parts = op.description ? [op.description] : [];
  if (op.limit) {
    const [requests, seconds] = DEFAULT_RATE_LIMITS[op.limit];
    parts.push(`Rate-limited per address: ${RATE_LIMIT_SETTINGS[op.limit]} (default ${requests} per ${seconds} s).`);
  }
  return parts.length ? parts.join("\n\n") : undefined;
}

function operationOf(op: Operation): Json {
  const responses: Record<string, Json> = successOf(op);
  for (const status of statusesOf(op)) responses[status] = ref(ERRORS[status]!.name);
  const security = SECURITY[op.access];
  const body =
    op.body === "file"
      ? { required: true, content: FILE_TYPES }
      : op.body
        ? { required: true, content: json(wireSchema(op.body)) }
        : undefined;
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(descriptionOf(op) ? { description: descriptionOf(op) } : {}),
    ...(security ? { security } : {}),
    ...(parametersOf(op).length ? { parameters: parametersOf(op) } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(op.limit
      ? {
          "x-rate-limit": {
            setting: RATE_LIMIT_SETTINGS[op.limit],
            requests: DEFAULT_RATE_LIMITS[op.limit][0],
            seconds: DEFAULT_RATE_LIMITS[op.limit][1],
          },
        }
      : {}),
  };
}

/**
 * A contract query schema (contract/schemas.ts) as query parameters: texts, as a URL carries them
 * (the schema's input).
 */
function queryOf(schema: AnySchema, descriptions: Record<string, string> = {}): NonNullable<Operation["query"]> {
  const { properties = {}, required = [] } = wireSchema(schema) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      { schema: property, required: required.includes(name), description: descriptions[name] },
    ]),
  );
}

/**
 * The described routes of an app: hono-openapi collects each route's `documented` description and
 * its validators' schemas, keyed by path (OpenAPI form) and method; each is then expanded here
 * with what its kind shares.
 */
async function pathsOf(app: Hono): Promise<Record<string, Record<string, Json>>> {
  // Our paths include /api/v1/openapi.json and the reference page's script, which its default drops as static files.
  const { paths: described } = await generateSpecs(app, { excludeStaticFile: false });
  const paths: Record<string, Record<string, Json>> = {};
  for (const [path, methods] of Object.entries(described)) {
    for (const [method, collected] of Object.entries(methods ?? {}) as [string, Record<string, unknown>][]) {
      const doc = collected[ROUTE_DOC] as RouteDoc | undefined;
      if (!doc) throw new Error(`${method.toUpperCase()} ${path} is described without documented() (route-doc.ts)`);
      const query = collected[ROUTE_QUERY] as AnySchema | undefined;
      const body = collected[ROUTE_BODY] as AnySchema | undefined;
      (paths[path] ??= {})[method] = operationOf({
        ...doc,
        ...(query && { query: queryOf(query, doc.queryNotes) }),
        ...(body && { body }),
        method,
        path,
      });
    }
  }
  return paths;
}

/**
 * Builds the document of an app's routes.
 * @returns an OpenAPI 3.1.1 document (plain JSON)
 * @throws Error when a contract schema cannot be described (json-schema.ts)
 */
export async function openApiDocument(app: Hono): Promise<Json> {
  const paths = await pathsOf(app);
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "Claims portal reference API",
      version: "1",
      description:
        "The claims API the portal calls (SPEC.md section 7) and our additions, as the reference server answers them. Schemas are generated from the contract (contract/schemas.ts). A call about a plan, claim or customer answers only to the session that found it (the `claims_session` cookie); anything else is the record's 404.",
    },
    servers: [{ url: "/", description: "This server" }],
    security: [{ apiKey: [] }],
    tags: [
      "Plans",
      "Plan links",
      "Lookups",
      "FPP claims",
      "Documents",
      "ACE claims",
      "Contact service",
      "Claim status",
      "Finish later",
      "Storage",
      "Reference",
    ].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description:
            "Every /api/v1 call but the signed upload PUTs. It ships in the portal's bundle, so it protects nothing: ownership (the session) does.",
        },
        staffKey: {
          type: "apiKey",
          in: "header",
          name: "x-staff-key",
          description:
            "Staff calls only, instead of the API key: STAFF_KEY, else the key the server keeps in DATA_DIR/staff-key. Never in the portal.",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `Signed, HttpOnly, SameSite=Strict, ${SESSION_TTL_SECONDS / 3600} hours; set by a search or plan link that finds plans, naming those plans and their customers.`,
        },
      },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          schema: { type: "string", pattern: "^[A-Za-z0-9-]{16,64}$" },
          description:
            "The same key again within a day gets the first answer back (`Idempotent-Replayed: true`) and does nothing.",
        },
        Altcha: {
          name: "X-Altcha",
          in: "header",
          required: false,
          schema: { type: "string" },
          description: "Base64 of the JSON `{ challenge, solution }` of a 428's proof-of-work.",
        },
      },
      schemas: modelSchemas(),
      responses: Object.fromEntries(
        Object.values(ERRORS).map(({ name, description, schema, headers }) => [
          name,
          { description, ...(headers ? { headers } : {}), content: json(schema) },
        ]),
      ),
    },
  };
}

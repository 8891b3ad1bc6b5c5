/**
 * The reference claims API as a Hono app (SPEC.md section 7, DESIGN.md "The reference claims
 * API"): every call under /api/v1 with the API key checked and ownership by session (SECURITY.md),
 * signed uploads, owner-only document storage and signed plan links. The portal's pages come from
 * the portal host (src/server/portal-host.ts), which server/start.ts mounts behind these routes.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { CHALLENGE_HEADER } from "../contract/challenge.ts";
import { API_PREFIX, PLAN_LINK_PATH, UPLOAD_PATH_PREFIX, type AppDeps } from "./app-deps.ts";
import { jsonBodyLimit } from "./http/body-limits.ts";
import { injectFaults } from "./http/faults.ts";
import { HttpError, Refusal, boundedErrors, invalid, statusOfRefusal } from "./http/http-errors.ts";
import { idempotentWrites } from "./http/idempotency.ts";
import { planLinkRoutes } from "./routes/plan-link.ts";
import { finishLaterApiRoutes, finishLinkRoutes } from "./routes/finish-later.ts";
import { planLinkApiRoutes } from "./routes/plan-link-api.ts";
import { apiDocsRoutes } from "./routes/api-docs.ts";
import { openApiDocument } from "./openapi/document.ts";
import { claimItemRoutes } from "./routes/claim-items.ts";
import { claimStatusRoutes, staffRoutes } from "./routes/claim-status.ts";
import { claimRoutes } from "./routes/claims.ts";
import { contactServiceRoutes } from "./routes/contact-service.ts";
import { customerRoutes } from "./routes/customers.ts";
import { damageRoutes } from "./routes/damages.ts";
import { documentRoutes } from "./routes/documents.ts";
import { lookupRoutes } from "./routes/lookups.ts";
import { planRoutes } from "./routes/plans.ts";
import { healthRoutes } from "./routes/health.ts";
import { metricsMiddleware, metricsRoutes } from "./routes/metrics.ts";
import { requestLog } from "./http/request-log.ts";
import { RateLimitRefusal } from "./http/rate-limit.ts";
import { log } from "./log.ts";
import { isTracing } from "./tracing.ts";
import { httpInstrumentationMiddleware } from "@hono/otel";
import { storageRoutes } from "./routes/storage-files.ts";
import { uploadRoutes } from "./routes/uploads.ts";
import { requestLimits } from "./http/request-limits.ts";
import { browserSession } from "./http/session.ts";
import { noStore, securityHeaders } from "./http/security-headers.ts";
import { callLanguage } from "./http/call-language.ts";

/** PostgreSQL error codes that mean the request carried a value the database refuses. */
const BAD_VALUE_CODES = new Set(["22P02", "22003", "22007", "22008", "22021", "23502", "23503", "23514"]);

/**
 * Builds the app.
 * @param deps open database, settings, file storage
 * @returns a Hono app; serve it with @hono/node-server
 */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const keyedWrites = idempotentWrites(deps.db);
  const isUpload = (c: Context) =>
    c.req.method === "PUT" && c.req.path.startsWith(`${API_PREFIX}${UPLOAD_PATH_PREFIX}`);

  // Every request is traced (when tracing is on), logged inside its span, and, with METRICS_TOKEN
  // set, counted, whatever answers it.
  if (isTracing()) app.use("*", httpInstrumentationMiddleware());
  app.use("*", ...requestLog());
  if (deps.metrics) app.use("*", ...metricsMiddleware(deps.metrics, isUpload));
  // A test's app may have no storage at all.
  app.use("*", securityHeaders(deps.config, deps.storage?.direct?.origin));
  // Probes come before the API key, the limits and the portal: nothing but the process answers them.
  app.route("/", healthRoutes(deps));
  if (deps.metrics && deps.config.metricsToken) app.route("/", metricsRoutes(deps.metrics, deps.config.metricsToken));
  // API answers hold someone's claim: not kept anywhere unless a route says otherwise (lookups).
  app.use(`${API_PREFIX}/*`, noStore());
  // Only configured origins may call from elsewhere; the portal itself is same-origin and needs none.
  const allowed = new Set(deps.config.corsOrigins);
  const origin = (requested: string) => (allowed.has(requested) ? requested : null);
  app.use(
    `${API_PREFIX}/*`,
    cors({
      origin,
      allowHeaders: ["Content-Type", "x-api-key", "Idempotency-Key", CHALLENGE_HEADER],
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      credentials: true,
      maxAge: 600,
    }),
  );
  app.use("/storage/*", cors({ origin, allowMethods: ["GET", "HEAD"], credentials: true }));
  // Development and tests only: slow, refused and unanswered calls (FAULTS, server/http/faults.ts).
  if (deps.config.faults) app.use(`${API_PREFIX}/*`, injectFaults(deps.config.faults));
  // Tickets, contact uploads and signed plan links per address, before any body is read (and before
  // the key: a signed contact upload has none; a call without one counts for its own address only).
  app.use("*", requestLimits(deps));
  // The session is read (its signature checked) once, before the idempotency keys and routes check
  // it, only where a route reads it: pages, files and the reference page never pay for it.
  const session = browserSession(deps.config);
  for (const path of [`${API_PREFIX}/*`, "/storage/*", `${PLAN_LINK_PATH}/*`]) app.use(path, session);
  // The rest of the body is not read: closing the connection tells the client not to reuse it.
  const tooLarge = (c: Context) =>
    c.json({ message: "Request body too large", code: "PAYLOAD_TOO_LARGE" }, 413, { Connection: "close" });
  // Each call reads at most its own largest honest body (server/http/body-limits.ts); uploads have their own limit.
  const jsonLimits = new Map<number, MiddlewareHandler>();
  const jsonLimit = (maxSize: number) => {
    if (!jsonLimits.has(maxSize)) jsonLimits.set(maxSize, bodyLimit({ maxSize, onError: tooLarge }));
    return jsonLimits.get(maxSize)!;
  };
  // A GET or HEAD has no body to limit (fetch's Request gives it none), and a body of declared
  // length is judged by it, as bodyLimit itself does: asking for the body stream would make the Node
  // adapter build a whole Request for every call and read the body through it, slowing every call.
  const hasNoBody = (c: Context) => c.req.method === "GET" || c.req.method === "HEAD";
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    if (isUpload(c) || hasNoBody(c)) return next();
    const maxSize = jsonBodyLimit(c.req.path.slice(API_PREFIX.length));
    const length = c.req.header("content-length");
    if (length === undefined || c.req.header("transfer-encoding") !== undefined) return jsonLimit(maxSize)(c, next);
    return parseInt(length || "0", 10) > maxSize ? tooLarge(c) : next();
  });
  // What a call writes deep in a transaction (the email a submit queues) knows the call's language.
  app.use(`${API_PREFIX}/*`, callLanguage);
  // The calls another proof authorises answer before the portal's key is asked for: the signed
  // upload PUT (its signature), the OpenAPI document the reference page (/api/docs) reads from a
  // browser holding no key, and the staff move (the staff key, checked in its route).
  app.route(API_PREFIX, uploadRoutes(deps));
  app.route(
    "/",
    apiDocsRoutes(() => openApiDocument(app)),
  );
  app.route(API_PREFIX, staffRoutes(deps));
  app.use(`${API_PREFIX}/*`, apiKeyAuth(deps.config.apiKey));
  // A write repeated after its answer was lost is answered once, not done twice. After the key, so
  // no kept answer is replayed to a caller without it, and after the size limit, which may wrap
  // the body: this reads the body as the limit hands it on.
  app.use(`${API_PREFIX}/*`, keyedWrites);

  for (const routes of [
    lookupRoutes,
    planRoutes,
    planLinkApiRoutes,
    claimRoutes,
    claimItemRoutes,
    damageRoutes,
    customerRoutes,
    contactServiceRoutes,
    claimStatusRoutes,
    finishLaterApiRoutes,
  ]) {
    app.route(API_PREFIX, routes(deps));
  }
  // The document calls are the same for both families; the ACE ones live under /ace/.
  app.route(API_PREFIX, documentRoutes(deps, "fpp"));
  app.route(`${API_PREFIX}/ace`, documentRoutes(deps, "ace"));
  app.route("/", storageRoutes(deps));
  // Finish-later links are plan links with a claim and a step: checked first, the rest pass on.
  app.route(PLAN_LINK_PATH, finishLinkRoutes(deps));
  app.route(PLAN_LINK_PATH, planLinkRoutes(deps));

  app.notFound((c) => c.json({ message: "Not found", code: "NOT_FOUND" }, 404));
  app.onError((error, c) => {
    if (error instanceof RateLimitRefusal) deps.metrics?.rateLimitRefusals.inc({ limit: error.limit });
    return errorResponse(error, c);
  });
  return app;
}

/**
 * The portal's API key (SPEC.md section 6) in the `x-api-key` header, as hono/bearer-auth checks a
 * token with no scheme before it: 401 without the header or with another key, 400 for a value no
 * key can be (outside RFC 6750's token characters; config.ts holds API_KEY to them).
 */
function apiKeyAuth(apiKey: string): MiddlewareHandler {
  const unauthorized = { message: { message: "Unauthorized" } };
  return bearerAuth({
    token: apiKey,
    headerName: "x-api-key",
    prefix: "",
    noAuthenticationHeader: unauthorized,
    invalidToken: unauthorized,
    invalidAuthenticationHeader: { message: { message: "Malformed API key" } },
  });
}

/**
 * The answer to an error a handler threw: its own status and body for an HttpError (field errors
 * bounded, http-errors.ts boundedErrors), 400 or 409 for a value or race the database refused, else
 * 500. The database's own words (table, column and constraint names) are logged, never answered
 * (SECURITY.md, "What protects the data").
 */
function errorResponse(error: Error, c: Context): Response {
  if (error instanceof HttpError || error instanceof Refusal) {
    const body = error.body.errors ? { ...error.body, errors: boundedErrors(error.body.errors) } : error.body;
    return error instanceof HttpError
      ? c.json(body, error.status, error.headers)
      : c.json(body, statusOfRefusal(error));
  }
  if (error instanceof HTTPException) {
    // Answered through the context, so it keeps the headers set for every answer (X-Request-Id).
    const answer = error.getResponse();
    return c.newResponse(answer.body, answer);
  }
  const code = (error as { code?: unknown }).code;
  // The handlers check what they write; these are a safety net so a value they missed is a 400
  // and a lost race on a unique key is a 409, never a 500.
  if (typeof code === "string" && BAD_VALUE_CODES.has(code)) {
    // Where, never the words: PostgreSQL quotes the refused value in its message.
    const { table, column, constraint } = error as { table?: string; column?: string; constraint?: string };
    log.warn({ reqId: c.get("requestId"), code, table, column, constraint }, "a value the database refused");
    return errorResponse(invalid({ body: "A value could not be stored" }), c);
  }
  if (code === "23505") return c.json({ message: "Conflicting concurrent change, try again", code: "CONFLICT" }, 409);
  log.error({ reqId: c.get("requestId"), err: error }, "request failed");
  return c.json({ message: "Internal server error" }, 500);
}

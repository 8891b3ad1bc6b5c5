/**
 * One log line per request (server/log.ts): its request id (taken from a sane X-Request-Id, else
 * made here, and echoed on every answer), method, route pattern (`/api/v1/claim/:claimId`, never
 * the path with its ids), status and duration in ms. Probes and scrapes log at debug, so a
 * balancer polling every few seconds does not fill the log.
 */
import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { routePath } from "hono/route";
import { log } from "../log.ts";

/** Paths asked by machines on a timer, logged at debug. */
const POLLED = new Set(["/healthz", "/readyz", "/metrics"]);

/** Sets the request id, then logs the request once it is answered. */
export function requestLog(): MiddlewareHandler[] {
  const logged: MiddlewareHandler = async (c, next) => {
    const start = performance.now();
    await next();
    const status = c.res.status;
    const level = status >= 500 ? "error" : POLLED.has(c.req.path) ? "debug" : "info";
    if (!log.isLevelEnabled(level)) return;
    // The route of the handler that answered (or the middleware that refused), as registered.
    const route = routePath(c);
    log[level](
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        route,
        status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      "request",
    );
  };
  return [requestId(), logged];
}

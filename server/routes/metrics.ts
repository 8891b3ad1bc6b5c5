/**
 * GET /metrics: the server's metrics (server/metrics.ts) in Prometheus's text format, for a scraper
 * holding METRICS_TOKEN as a bearer token; not served at all without the setting. Also the
 * middleware that times every request into `http_requests_total` and
 * `http_request_duration_seconds` by route pattern, method and status (@hono/prometheus), and
 * counts upload PUTs and proof-of-work refusals from their answers.
 */
import { prometheus } from "@hono/prometheus";
import { Hono, type MiddlewareHandler } from "hono";
import { bearerAuth } from "hono/bearer-auth";
import { CHALLENGE_STATUS } from "../../contract/challenge.ts";
import type { Metrics } from "../metrics.ts";

/** The HTTP side of the metrics: mount with `app.use("*", ...)` before everything it should see. */
export function metricsMiddleware(
  metrics: Metrics,
  isUpload: (c: Parameters<MiddlewareHandler>[0]) => boolean,
): MiddlewareHandler[] {
  const { registerMetrics } = prometheus({ registry: metrics.registry });
  const answers: MiddlewareHandler = async (c, next) => {
    await next();
    const status = c.res.status;
    if (status === CHALLENGE_STATUS) metrics.challengeRefusals.inc();
    if (!isUpload(c)) return;
    const outcome = status >= 200 && status < 300 ? "accepted" : "refused";
    metrics.uploads.inc({ outcome });
    const declared = Number(c.req.header("content-length"));
    if (Number.isFinite(declared) && declared > 0) metrics.uploadBytes.inc({ outcome }, declared);
  };
  return [registerMetrics, answers];
}

/** The scrape route, to mount at the root; 401 without the right token. */
export function metricsRoutes(metrics: Metrics, token: string): Hono {
  const app = new Hono();
  app.get("/metrics", bearerAuth({ token }), async (c) => {
    return c.body(await metrics.registry.metrics(), 200, {
      "Content-Type": metrics.registry.contentType,
      "Cache-Control": "no-store",
    });
  });
  return app;
}

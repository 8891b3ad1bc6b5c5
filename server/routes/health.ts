/**
 * Probes for a load balancer or an orchestrator (docs/operations.md). GET /healthz: the process
 * answers, nothing else is asked (a liveness probe must not restart a process for its database).
 * GET /readyz: it can serve (server/domain/readiness.ts), else 503 NOT_READY naming what failed.
 * Neither takes the API key nor counts against any limit, and neither answer holds anything but
 * those names.
 */
import { Hono } from "hono";
import type { AppDeps } from "../app-deps.ts";
import { unreadyParts } from "../domain/readiness.ts";
import { healthAnswerSchema, readinessAnswerSchema } from "../openapi/answers.ts";
import { documented } from "../openapi/route-doc.ts";

/** The probes, to mount at the root. */
export function healthRoutes({ db, storage, lifecycle }: Pick<AppDeps, "db" | "storage" | "lifecycle">): Hono {
  const app = new Hono();
  // Set per route: a middleware of this app, mounted at the root, would reach every path.
  const fresh = { "Cache-Control": "no-store" };

  app.get(
    "/healthz",
    documented({
      id: "healthz",
      tag: "Operations",
      summary: "Liveness: the process answers",
      description: "Asks no dependency (docs/operations.md). No API key, no rate limit.",
      access: "public",
      answer: healthAnswerSchema,
      errors: [],
    }),
    (c) => c.json({ status: "ok" }, 200, fresh),
  );

  app.get(
    "/readyz",
    documented({
      id: "readyz",
      tag: "Operations",
      summary: "Readiness: the process can serve",
      description:
        "The database answers with every migration of this build applied, storage answers, and no shutdown has begun; else 503 NOT_READY with `failed` naming `database`, `migrations`, `storage` or `draining` (docs/operations.md). No API key, no rate limit.",
      access: "public",
      answer: readinessAnswerSchema,
      errors: [503],
    }),
    async (c) => {
      const failed = await unreadyParts(db, storage, lifecycle?.draining ?? false);
      if (failed.length === 0) return c.json({ status: "ready" }, 200, fresh);
      return c.json(
        { status: "unavailable", code: "NOT_READY", message: `Not ready: ${failed.join(", ")}`, failed },
        503,
        fresh,
      );
    },
  );

  return app;
}

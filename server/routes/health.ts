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

/** The probes, to mount at the root. */
export function healthRoutes({ db, storage, lifecycle }: Pick<AppDeps, "db" | "storage" | "lifecycle">): Hono {
  const app = new Hono();
  // Set per route: a middleware of this app, mounted at the root, would reach every path.
  const fresh = { "Cache-Control": "no-store" };

  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, fresh));

  app.get("/readyz", async (c) => {
    const failed = await unreadyParts(db, storage, lifecycle?.draining ?? false);
    if (failed.length === 0) return c.json({ status: "ready" }, 200, fresh);
    return c.json(
      { status: "unavailable", code: "NOT_READY", message: `Not ready: ${failed.join(", ")}`, failed },
      503,
      fresh,
    );
  });

  return app;
}

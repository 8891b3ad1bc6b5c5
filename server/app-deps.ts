/**
 * What every route of the reference API is built from: the app's dependencies and its path prefix.
 * Kept apart from app.ts so the routes need not import the app that mounts them (acyclic imports).
 */
import type { ServerConfig } from "./config.ts";
import type { Database } from "./db/db.ts";
import type { Metrics } from "./metrics.ts";
import type { Storage } from "./storage/storage.ts";

/** What the app runs on. */
export interface AppDeps {
  db: Database;
  config: ServerConfig;
  storage: Storage;
  /** The process's own state; absent in a test's app, which never shuts down. */
  lifecycle?: Lifecycle;
  /** What the server counts; absent when METRICS_TOKEN is not set (nothing is counted or served). */
  metrics?: Metrics;
}

/** What a process tells its probes about itself (server/routes/health.ts). */
export interface Lifecycle {
  /** True from the first shutdown signal: finishing what it has, taking nothing new. */
  draining: boolean;
}

/** Every API call lives under this path. */
export const API_PREFIX = "/api/v1";
/** Path of uploads under API_PREFIX; the API-key check exempts the signed PUTs below it (routes/uploads.ts, contact-service.ts). */
export const UPLOAD_PATH_PREFIX = "/uploads/";
/** Where plan links live (SPEC.md section 2, "Open plan by id"; server/routes/plan-link.ts). */
export const PLAN_LINK_PATH = "/find-claim";

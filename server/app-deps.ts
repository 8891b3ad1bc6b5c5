/**
 * What every route of the reference API is built from: the app's dependencies and its path prefix.
 * Kept apart from app.ts so the routes need not import the app that mounts them (acyclic imports).
 */
import type { ServerConfig } from "./config.ts";
import type { Database } from "./db/db.ts";
import type { Storage } from "./storage/storage.ts";

/** What the app runs on. */
export interface AppDeps {
  db: Database;
  config: ServerConfig;
  storage: Storage;
}

/** Every API call lives under this path. */
export const API_PREFIX = "/api/v1";

/**
 * Whether this process can serve (GET /readyz, server/routes/health.ts; docs/operations.md): its
 * database answers with every migration of this build applied, its storage answers, and no
 * shutdown has begun. Each dependency has CHECK_TIMEOUT_MS to answer: a probe must not hang.
 */
import { pendingMigrations, type Queryable } from "../db/db.ts";
import type { Storage } from "../storage/storage.ts";

/** How long each dependency has to answer, in milliseconds. */
const CHECK_TIMEOUT_MS = 2000;

/** What can keep a process from serving. */
export type ReadinessCheck = "database" | "migrations" | "storage" | "draining";

/** Resolves with `failed` when `work` rejects or takes longer than CHECK_TIMEOUT_MS, else with `verdict` of its value. */
function checked<T>(
  work: Promise<T>,
  failed: ReadinessCheck,
  verdict: (value: T) => ReadinessCheck | null,
): Promise<ReadinessCheck | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<ReadinessCheck>((resolve) => (timer = setTimeout(() => resolve(failed), CHECK_TIMEOUT_MS)));
  return Promise.race([work.then(verdict, () => failed), late]).finally(() => clearTimeout(timer));
}

/**
 * What keeps the process from serving now; empty when it can.
 * @param draining true once a shutdown has begun
 */
export async function unreadyParts(
  db: Queryable,
  storage: Pick<Storage, "list">,
  draining: boolean,
): Promise<ReadinessCheck[]> {
  const results = await Promise.all([
    checked(pendingMigrations(db), "database", (pending) => (pending.length === 0 ? null : "migrations")),
    checked(storage.list(""), "storage", () => null),
  ]);
  return [...(draining ? ["draining" as const] : []), ...results.filter((result) => result !== null)];
}

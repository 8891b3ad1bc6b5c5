/**
 * What the server counts, in Prometheus's text format at GET /metrics (server/routes/metrics.ts,
 * docs/operations.md). One registry per server, so two servers in one process (the tests) never
 * share or collide. Labels are route patterns, statuses, templates and limit names only: never an
 * id, an address or anything a person typed.
 */
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import type { Database } from "./db/db.ts";

/** The server's metric families; `http_*` are added by the HTTP middleware (server/routes/metrics.ts). */
export interface Metrics {
  registry: Registry;
  /** Requests refused by a rate limit, by the limit's name (e.g. "search"). */
  rateLimitRefusals: Counter<"limit">;
  /** Searches answered 428: a proof-of-work solution was asked for, missing or wrong. */
  challengeRefusals: Counter;
  /** Emails queued by calls in this process. */
  mailQueued: Counter;
  /** Emails handed to the transport (SMTP or the outbox folder), by template. */
  mailSent: Counter<"template">;
  /** Failed sending attempts, by template; `final` "true" when the message was given up. */
  mailFailed: Counter<"template" | "final">;
  /** Upload PUTs answered, by outcome (accepted or refused). */
  uploads: Counter<"outcome">;
  /** Bytes of upload PUTs by outcome (refused: as declared by Content-Length). */
  uploadBytes: Counter<"outcome">;
  /** Files and folders removed by the upload sweep, and sweeps that failed. */
  sweepRemoved: Counter;
  sweepFailures: Counter;
}

/** Pool figures of a PostgreSQL server's pg.Pool (the embedded database has no pool). */
interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Makes a server's metrics over a new registry, with the process's own figures (CPU, memory, event
 * loop delay) and two read when scraped: the mail queue's depth and the database pool's use.
 */
export function createMetrics(db: Database): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "mail_queue_depth",
    help: "Emails waiting to be sent (not sent, not given up)",
    registers,
    async collect() {
      const [row] = await db.query<{ waiting: number }>(
        "SELECT count(*)::int AS waiting FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL",
      );
      this.set(row?.waiting ?? 0);
    },
  });
  const pool = db.pool as PoolFigures | undefined;
  if (pool) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting: clients queued for one)",
      labelNames: ["state"],
      registers,
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }
  return {
    registry,
    rateLimitRefusals: new Counter({
      name: "rate_limit_refusals_total",
      help: "Requests refused by a rate limit (429)",
      labelNames: ["limit"],
      registers,
    }),
    challengeRefusals: new Counter({
      name: "proof_of_work_refusals_total",
      help: "Searches answered 428: solve the proof-of-work challenge first",
      registers,
    }),
    mailQueued: new Counter({ name: "mail_queued_total", help: "Emails queued by calls in this process", registers }),
    mailSent: new Counter({
      name: "mail_sent_total",
      help: "Emails handed to the transport",
      labelNames: ["template"],
      registers,
    }),
    mailFailed: new Counter({
      name: "mail_failed_total",
      help: "Failed attempts to send an email; final=true when given up",
      labelNames: ["template", "final"],
      registers,
    }),
    uploads: new Counter({
      name: "uploads_total",
      help: "Upload PUTs answered, by outcome",
      labelNames: ["outcome"],
      registers,
    }),
    uploadBytes: new Counter({
      name: "upload_bytes_total",
      help: "Bytes of upload PUTs, by outcome (refused: as declared)",
      labelNames: ["outcome"],
      registers,
    }),
    sweepRemoved: new Counter({
      name: "upload_sweep_removed_total",
      help: "Unlinked uploads and folders removed by the sweep",
      registers,
    }),
    sweepFailures: new Counter({ name: "upload_sweep_failures_total", help: "Upload sweeps that failed", registers }),
  };
}

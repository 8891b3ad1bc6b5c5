/**
 * Starts the reference claims API: opens (migrates, seeds) the database, builds the app, listens,
 * sweeps unlinked uploads (server/storage/upload-sweep.ts) and sends queued emails
 * (server/mail/mail-worker.ts). Used by server/main.ts, the server tests and the end-to-end runner.
 */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import type { Server } from "node:http";
import { API_PREFIX, type Lifecycle } from "./app-deps.ts";
import { createPortalHost } from "../src/server/portal-host.ts";
import { createApp } from "./app.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { openDatabase, type Database } from "./db/db.ts";
import { linkSecretOf } from "./domain/plan-links.ts";
import { DEFAULT_MAIL_TIMINGS, startMailWorker } from "./mail/mail-worker.ts";
import { seedIfEmpty } from "./seed/seed.ts";
import { openStorage, type Storage } from "./storage/storage.ts";
import { startUploadSweeper } from "./storage/upload-sweep.ts";
import { createMetrics } from "./metrics.ts";
import { log } from "./log.ts";
import { isTracing, tracedDatabase, tracedStorage } from "./tracing.ts";

/** A listening server. */
export interface RunningServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  config: ServerConfig;
  /** The open database, for tests that look at what a call wrote. */
  db: Database;
  /** Where uploaded files live (a folder or a bucket). */
  storage: Storage;
  /**
   * Shuts down gracefully: /readyz answers 503 at once, no new connection is taken, requests in
   * flight finish (for at most SHUTDOWN_GRACE_SECONDS; then their connections are cut), idle
   * keep-alive connections close, the mail worker ends its current send, the sweeps stop, then the
   * database closes.
   */
  close(): Promise<void>;
}

/**
 * Starts a server.
 * @param overrides settings replacing those from the environment; by default the server listens on
 *   a free port (0) of 127.0.0.1, so tests pass just `{ dataDir }`. server/main.ts passes the full
 *   environment settings instead.
 * @returns once listening
 * @throws when the database cannot be opened or the port is taken
 */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...loadConfig(), port: 0, host: "127.0.0.1", ...overrides };
  config.linkSecret ??= await linkSecretOf(config.dataDir);
  const opened = await openDatabase(config);
  const db = isTracing() ? tracedDatabase(opened) : opened;
  let server: ServerType | undefined;
  try {
    // A folder seeded just now becomes the template of the next new one (server/db/pglite-template.ts).
    if ((await seedIfEmpty(db)) && db.keepAsTemplate) await db.keepAsTemplate();
    const storage = isTracing() ? tracedStorage(await openStorage(config)) : await openStorage(config);
    const lifecycle: Lifecycle = { draining: false };
    // Counted only where someone can read the figures: no registry, no cost, without METRICS_TOKEN.
    const metrics = config.metricsToken ? createMetrics(db) : undefined;
    const app = createApp({ db, config, storage, lifecycle, metrics });
    // With a built portal, its host answers behind the API's routes, asking this process's own API
    // over loopback HTTP as it would any claims API; the address is known once listening.
    let ownApi = "";
    if (config.staticDir) {
      const onRenderError = (error: unknown) => log.error({ err: error }, "rendering a claim page failed");
      app.route(
        "/",
        createPortalHost({
          root: resolve(config.staticDir),
          api: { baseUrl: () => ownApi, key: config.apiKey },
          onRenderError,
        }),
      );
    }
    const port = await new Promise<number>((resolve, reject) => {
      server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) =>
        resolve(info.port),
      );
      server.once("error", reject);
      keepIdleConnectionsOpen(server as Server);
    });
    const shownHost = config.host.includes(":") ? `[${config.host}]` : config.host;
    // Without PUBLIC_URL the URLs handed out name the address listened on (the app reads config live).
    // Real mail with links to the address this process listens on reaches no one who can open them.
    if (config.smtpUrl && !config.publicUrl)
      log.warn("SMTP_URL is set but PUBLIC_URL is not: the links in emails will name this server's own address");
    config.publicUrl ??= `http://${shownHost === "0.0.0.0" || shownHost === "[::]" ? "localhost" : shownHost}:${port}`;
    ownApi = `http://${shownHost === "0.0.0.0" ? "127.0.0.1" : shownHost === "[::]" ? "[::1]" : shownHost}:${port}${API_PREFIX}`;
    // Unlinked uploads go once their URL has expired: now, and every few minutes.
    const sweeper = startUploadSweeper({ db, storage, metrics });
    // Queued emails are sent from here on: now, when a call queues one, and every few seconds.
    const mailWorker = startMailWorker(db, config, { ...DEFAULT_MAIL_TIMINGS, ...config.mailTimings }, metrics);
    return {
      url: `http://${shownHost}:${port}`,
      port,
      config,
      db,
      storage,
      close: async () => {
        lifecycle.draining = true;
        await drain(server as Server, config.shutdownGraceSeconds * 1000);
        await sweeper.stop();
        await mailWorker.stop();
        await db.close();
      },
    };
  } catch (error) {
    server?.close();
    await db.close();
    throw error;
  }
}

/**
 * How long an idle keep-alive connection stays open, in ms: longer than a load balancer's own idle
 * timeout (AWS ALB and nginx: 60 s), so the client closes it, never this server as a request arrives.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Keeps idle connections open for KEEP_ALIVE_TIMEOUT_MS. Node's 5 s default closed a pooled
 * connection just as a client sent its next request on it, which then failed (ECONNRESET).
 */
function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A bit longer than the keep-alive timeout, as is usual behind a balancer.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
}

/** How often connections that went idle after their last answer are closed while draining, in ms. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops taking connections and lets the requests in flight finish, closing each keep-alive
 * connection as it goes idle; connections still busy after `graceMs` are cut.
 */
async function drain(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}

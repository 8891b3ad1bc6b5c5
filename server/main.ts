/**
 * Entry point of the reference claims API (`npm run server`): settings from the environment
 * (server/config.ts), database migrated and seeded, listening until SIGINT or SIGTERM.
 */
import { exitWhenLocked } from "./db/data-lock.ts";
import { loadConfig } from "./config.ts";
import { startServer } from "./start.ts";
import { log } from "./log.ts";
import { startTracing } from "./tracing.ts";

const config = loadConfig();
const stopTracing = await startTracing();
const server = await startServer(config).catch(exitWhenLocked);
log.info(
  {
    portal: config.staticDir ?? null,
    database: config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}/pg`,
    files: server.storage.location,
  },
  `Claims API listening on ${server.url}/api/v1 (API key header x-api-key)`,
);

let stopping = false;
const stop = async (signal: string) => {
  // A second signal means now: whoever sent it has stopped waiting for the requests in flight.
  if (stopping) process.exit(1);
  stopping = true;
  log.info({ signal }, `finishing the requests in flight (at most ${config.shutdownGraceSeconds} s), then closing`);
  await server.close();
  await stopTracing?.();
  log.info("closed");
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

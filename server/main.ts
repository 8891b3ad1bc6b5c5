/**
 * Entry point of the reference claims API (`npm run server`): settings from the environment
 * (server/config.ts), database migrated and seeded, listening until SIGINT or SIGTERM.
 */
import { exitWhenLocked } from "./db/data-lock.ts";
import { loadConfig } from "./config.ts";
import { startServer } from "./start.ts";

const config = loadConfig();
const server = await startServer(config).catch(exitWhenLocked);
console.log(`Claims API listening on ${server.url}/api/v1 (API key header x-api-key)`);
if (config.staticDir) console.log(`Portal served from ${config.staticDir} at ${server.url}/`);
console.log(config.databaseUrl ? "Database: PostgreSQL (DATABASE_URL)" : `Database: embedded PGlite in ${config.dataDir}/pg`);
console.log(`Files: ${server.storage.location}`);

let stopping = false;
const stop = async (signal: string) => {
  // A second signal means now: whoever sent it has stopped waiting for the requests in flight.
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal} received: finishing the requests in flight (at most ${config.shutdownGraceSeconds} s), then closing`);
  await server.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

/**
 * `npm start`: builds the portal and runs it with the reference claims API and its demo data on
 * one origin, then prints the URL. Settings: README.md ("Settings").
 */
import { exitWhenLocked } from "../server/db/data-lock.ts";
import { build } from "vite";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/start.ts";
import { log } from "../server/log.ts";
import { startTracing } from "../server/tracing.ts";

const staticDir = "dist";
console.log("Building the portal…");
await build({ logLevel: "warn", build: { outDir: staticDir, emptyOutDir: true } });

const config = loadConfig();
const stopTracing = await startTracing();
// The URLs the server hands out (signed uploads) must name the origin the browser uses: the one printed below.
const publicUrl = config.publicUrl ?? (config.port ? `http://localhost:${config.port}` : undefined);
const server = await startServer({ ...config, staticDir, publicUrl }).catch(exitWhenLocked);
// From here on every line is a log line (server/log.ts): readable in a terminal, JSON elsewhere.
log.info(
  { data: config.databaseUrl ? "PostgreSQL at DATABASE_URL" : config.dataDir },
  `Claims portal with the demo claims API: ${server.url.replace("127.0.0.1", "localhost")} · Try warranty number W-E34-WS4566 · Ctrl+C stops`,
);

let stopping = false;
const stop = async () => {
  // A second Ctrl+C means now, whatever is still in flight.
  if (stopping) process.exit(1);
  stopping = true;
  await server.close();
  await stopTracing?.();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

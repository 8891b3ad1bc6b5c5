/**
 * `npm start`: builds the portal and runs it with the reference claims API and its demo data on
 * one origin, then prints the URL. Settings: README.md ("Settings").
 */
import { exitWhenLocked } from "../server/db/data-lock.ts";
import { build } from "vite";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/start.ts";

const staticDir = "dist";
console.log("Building the portal…");
await build({ logLevel: "warn", build: { outDir: staticDir, emptyOutDir: true } });

const config = loadConfig();
// The URLs the server hands out (signed uploads) must name the origin the browser uses: the one printed below.
const publicUrl = config.publicUrl ?? (config.port ? `http://localhost:${config.port}` : undefined);
const server = await startServer({ ...config, staticDir, publicUrl }).catch(exitWhenLocked);
console.log(`\nClaims portal with the demo claims API: ${server.url.replace("127.0.0.1", "localhost")}`);
console.log(`Data folder: ${config.databaseUrl ? "PostgreSQL at DATABASE_URL" : config.dataDir} · Try warranty number W-E34-WS4566 · Ctrl+C stops\n`);

let stopping = false;
const stop = async () => {
  // A second Ctrl+C means now, whatever is still in flight.
  if (stopping) process.exit(1);
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

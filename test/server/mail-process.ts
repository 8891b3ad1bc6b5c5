/**
 * The API as a child process for the email restart test (test/server/mail-restart.test.ts), so the
 * test can kill it with SIGKILL: startServer with the settings given as JSON in the first argument,
 * then the line scripts/api-process.ts also waits for.
 */
import { startServer } from "../../server/start.ts";
import type { ServerConfig } from "../../server/config.ts";

const server = await startServer(JSON.parse(process.argv[2] ?? "{}") as Partial<ServerConfig>);
console.log(`Claims API listening on ${server.url}/api/v1`);

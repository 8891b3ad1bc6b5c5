/**
 * The API as a child process for the crash test (test/server/idempotency-crash.test.ts), built as
 * startServer builds it (without the mail worker and upload sweeper) over a watched database, so
 * the process can die at an exact point of a keyed write. Arguments: the settings as JSON, then
 * where to die (SIGKILL, sent to itself):
 * - `record`: when the statement that keeps a keyed write's answer is sent, i.e. after the write,
 *   before its answer is kept;
 * - `answer`: when a keyed write's answer has been made (all committed), before it is sent.
 * Prints the line test/server/mail-process.ts prints once listening.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../../server/app.ts";
import { loadConfig, type ServerConfig } from "../../server/config.ts";
import { openDatabase, type Database, type Queryable } from "../../server/db/db.ts";
import { linkSecretOf } from "../../server/domain/plan-links.ts";
import { seedIfEmpty } from "../../server/seed/seed.ts";
import { openStorage } from "../../server/storage/storage.ts";

const [settings = "{}", dieAt = "record"] = process.argv.slice(2);
const config: ServerConfig = {
  ...loadConfig(),
  port: 0,
  host: "127.0.0.1",
  ...(JSON.parse(settings) as Partial<ServerConfig>),
};
config.linkSecret ??= await linkSecretOf(config.dataDir);
const opened = await openDatabase(config);
await seedIfEmpty(opened);

/** The statement keeping an answer: an UPDATE while keys were settled after the write, an INSERT since. */
const KEEPS_ANSWER = /^\s*(INSERT INTO|UPDATE) idempotency_keys\b[\s\S]*\bstatus\b/;

/** Kills this process at once, as `kill -9` would; nothing after it runs. */
function die(): Promise<never> {
  process.kill(process.pid, "SIGKILL");
  return new Promise<never>(() => undefined);
}

/** Statements go on as sent, but the one keeping an answer kills the process first (`record`). */
const watched = (on: Queryable): Queryable => ({
  query: <T>(sql: string, params?: unknown[]) =>
    dieAt === "record" && KEEPS_ANSWER.test(sql) ? die() : on.query<T>(sql, params),
});
const db: Database = {
  ...opened,
  query: watched(opened).query,
  transaction: (fn) => opened.transaction((tx) => fn(watched(tx))),
  sharedTransaction: (fn) => opened.sharedTransaction((tx) => fn(watched(tx))),
};

const app = createApp({ db, config, storage: await openStorage(config) });
const fetch = async (request: Request, env: unknown) => {
  const answer = await app.fetch(request, env);
  return dieAt === "answer" && request.headers.has("idempotency-key") ? die() : answer;
};
serve({ fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
  config.publicUrl ??= `http://127.0.0.1:${info.port}`;
  console.log(`Claims API listening on http://127.0.0.1:${info.port}/api/v1`);
});

/**
 * Several workers on one database send each message once: on PostgreSQL two servers (two
 * startServer on one DATABASE_URL, as a deployment runs them); on PGlite, which one process holds,
 * a second worker beside the server's own. Both are woken by every message queued and race for the
 * same rows; only the worker holding a row's lease sends it.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_MAIL_TIMINGS, startMailWorker, type MailWorker } from "../../server/mail/mail-worker.ts";
import { enqueueMail } from "../../server/mail/outbox.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { API_KEY, startTestServer, type TestServer } from "./helpers.ts";
import { startSmtpSink, type SmtpSink } from "./mail-helpers.ts";
import { testPostgresUrl } from "./test-database.ts";

const MESSAGES = 16;
const TIMINGS = { pollMs: 20 };

let sink: SmtpSink | undefined;
let server: TestServer | undefined;
let second: RunningServer | MailWorker | undefined;
afterAll(async () => {
  if (second && "close" in second) await second.close();
  else await second?.stop();
  await server?.stop();
  await sink?.close();
});

describe("several mail workers", () => {
  it(`send each of ${MESSAGES} messages exactly once`, async () => {
    sink = await startSmtpSink();
    server = await startTestServer({ smtpUrl: sink.url, mailTimings: TIMINGS });
    second = testPostgresUrl
      ? await startServer({ ...server.config, dataDir: await mkdtemp(join(tmpdir(), "claims-api-test-")), apiKey: API_KEY, port: 0, mailTimings: TIMINGS })
      : startMailWorker(server.db, server.config, { ...DEFAULT_MAIL_TIMINGS, ...TIMINGS });

    await server.db.transaction(async (tx) => {
      for (let n = 1; n <= MESSAGES; n++) {
        await enqueueMail(tx, { to: `consumer${n}@example.com`, language: n % 2 ? "en" : "es", template: "contactRequest", data: { ticket: `CS-${String(n).padStart(6, "0")}` } });
      }
    });
    await sink.waitFor(MESSAGES);
    const db = server.db;
    await vi.waitFor(async () => expect(await db.query("SELECT id FROM mail_outbox WHERE sent_at IS NULL")).toEqual([]), { timeout: 60_000, interval: 25 });
    // Both stopped, any pass under way finished: what arrived is all that was sent.
    if ("close" in second) await second.close();
    else await second.stop();
    second = undefined;
    await server.stop();
    server = undefined;

    expect(sink.received).toHaveLength(MESSAGES);
    expect(new Set(sink.received.map((mail) => mail.messageId)).size).toBe(MESSAGES);
    expect(new Set(sink.received.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : ""))).size).toBe(MESSAGES);
  });
});

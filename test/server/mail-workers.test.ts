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
      ? await startServer({
          ...server.config,
          dataDir: await mkdtemp(join(tmpdir(), "claims-api-test-")),
          apiKey: API_KEY,
          port: 0,
          mailTimings: TIMINGS,
        })
      : startMailWorker(server.db, server.config, { ...DEFAULT_MAIL_TIMINGS, ...TIMINGS });

    await server.db.transaction(async (tx) => {
      for (let n = 1; n <= MESSAGES; n++) {
        await enqueueMail(tx, {
          to: `consumer${n}@example.com`,
          language: n % 2 ? "en" : "es",
          template: "contactRequest",
          data: { ticket: `CS-${String(n).padStart(6, "0")}` },
        });
      }
    });
    await sink.waitFor(MESSAGES);
    const db = server.db;
    await vi.waitFor(
      async () => expect(await db.query("SELECT id FROM mail_outbox WHERE sent_at IS NULL")).toEqual([]),
      { timeout: 60_000, interval: 25 },
    );
    // Both stopped, any pass under way finished: what arrived is all that was sent.
    if ("close" in second) await second.close();
    else await second.stop();
    second = undefined;
    await server.stop();
    server = undefined;

    expect(sink.received).toHaveLength(MESSAGES);
    expect(new Set(sink.received.map((mail) => mail.messageId)).size).toBe(MESSAGES);
    expect(new Set(sink.received.map((mail) => (mail.to && "text" in mail.to ? mail.to.text : ""))).size).toBe(
      MESSAGES,
    );
  });
});

describe("a stopping worker", () => {
  it("finishes the send under way and gives back the leases of the messages it has not tried", async () => {
    const slow = await startSmtpSink();
    let accept!: () => void;
    slow.hold = new Promise((resolve) => (accept = resolve));
    const first = await startTestServer({ smtpUrl: slow.url, mailTimings: { pollMs: 60_000 } });
    await first.db.transaction(async (tx) => {
      for (const n of [1, 2, 3])
        await enqueueMail(tx, {
          to: `consumer${n}@example.com`,
          language: "en",
          template: "contactRequest",
          data: { ticket: `CS-00000${n}` },
        });
    });
    // The first message is with the SMTP server, which has not accepted it yet: the pass holds all three leases.
    await slow.waitFor(1);
    const closing = first.close();
    accept();
    await closing;
    // Reopened on the same data with a worker that waits: the two untried messages are free, none counted as tried.
    const reopened = await startTestServer({
      ...first.data,
      smtpUrl: slow.url,
      mailTimings: { startDelayMs: 600_000 },
    });
    try {
      expect(
        await reopened.db.query(
          "SELECT recipient, attempts, sent_at IS NOT NULL AS sent, locked_until IS NULL AS free FROM mail_outbox ORDER BY id",
        ),
      ).toEqual([
        { recipient: "consumer1@example.com", attempts: 1, sent: true, free: true },
        { recipient: "consumer2@example.com", attempts: 0, sent: false, free: true },
        { recipient: "consumer3@example.com", attempts: 0, sent: false, free: true },
      ]);
    } finally {
      await reopened.stop();
      await slow.close();
    }
  });
});

describe("a worker that died mid-send", () => {
  it("leaves its messages alone until its lease runs out; then another sends them under their own Message-ID", async () => {
    const sink2 = await startSmtpSink();
    // The server's own worker waits: the test sets the rows as a dead worker left them, then starts one.
    const own = await startTestServer({ smtpUrl: sink2.url, mailTimings: { startDelayMs: 600_000 } });
    let worker: MailWorker | undefined;
    try {
      const ids = await own.db.transaction(async (tx) => [
        await enqueueMail(tx, {
          to: "expired@example.com",
          language: "en",
          template: "contactRequest",
          data: { ticket: "CS-000101" },
        }),
        await enqueueMail(tx, {
          to: "leased@example.com",
          language: "en",
          template: "contactRequest",
          data: { ticket: "CS-000102" },
        }),
      ]);
      // Both leased by a worker that is gone: one lease ran out, one has minutes left.
      await own.db.query(
        "UPDATE mail_outbox SET attempts = 1, lease = gen_random_uuid(), locked_until = now() - interval '1 second' WHERE id = $1",
        [ids[0]],
      );
      await own.db.query(
        "UPDATE mail_outbox SET attempts = 1, lease = gen_random_uuid(), locked_until = now() + interval '10 minutes' WHERE id = $1",
        [ids[1]],
      );
      const [row] = await own.db.query<{ message_key: string }>(
        "SELECT message_key::text FROM mail_outbox WHERE id = $1",
        [ids[0]],
      );
      worker = startMailWorker(own.db, own.config, { ...DEFAULT_MAIL_TIMINGS, pollMs: 20 });
      const [resent] = await sink2.waitFor(1);
      expect(resent!.subject).toBe("Your request CS-000101 was received");
      expect(resent!.messageId).toBe(`<${row!.message_key}@localhost>`);
      // Polled a few more times meanwhile: the row under a live lease stays its holder's.
      await vi.waitFor(
        async () =>
          expect(
            await own.db.query("SELECT sent_at IS NOT NULL AS sent, attempts FROM mail_outbox ORDER BY id"),
          ).toEqual([
            { sent: true, attempts: 2 },
            { sent: false, attempts: 1 },
          ]),
        { timeout: 60_000, interval: 25 },
      );
      await worker.stop();
      worker = undefined;
      expect(sink2.received).toHaveLength(1);
    } finally {
      await worker?.stop();
      await own.stop();
      await sink2.close();
    }
  });
});

/**
 * Email never holds up the consumer: with the SMTP server down the call still succeeds, the
 * message waits in the queue and is tried again after a growing wait, delivered once the server is
 * back, and given up (its error kept, and logged) after the last attempt, or at once when the
 * SMTP server refuses the recipient for good. A delivered message whose mark fails is not retried. Short waits of the
 * worker's settings stand in for minutes; the test waits for what the SMTP server saw, never for time.
 */
import { log } from "../../server/log.ts";
import { DEFAULT_MAIL_TIMINGS, startMailWorker } from "../../server/mail/mail-worker.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { API_KEY, ticketBody, startTestServer, type TestServer } from "./helpers.ts";
import { atServer, startSmtpSink, type SmtpSink } from "./mail-helpers.ts";

let sink: SmtpSink | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  await sink?.close();
  vi.restoreAllMocks();
});

/** Sends a contact-service request with one invoice; returns the call's status and the Request Number. */
async function sendRequest(to: TestServer, requestId: string) {
  const signed = (
    await to.api.get(
      `/contact_service/file-upload-url?requestId=${requestId}&fileType=application/pdf&fileName=invoice.pdf`,
    )
  ).body;
  expect(
    (
      await fetch(atServer(to, signed.url), {
        method: "PUT",
        headers: { "content-type": "application/pdf" },
        body: Buffer.from("%PDF-1.4\n%%EOF\n"),
      })
    ).status,
  ).toBe(200);
  const invoice = (await to.api.post("/contact_service/documents", { requestId, docName: signed.fileName })).body
    .result[0];
  const answer = await to.fetch(`${to.url}/api/v1/contact_service_ticket`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify(ticketBody(requestId, [invoice.id])),
  });
  return { status: answer.status, ticket: (await answer.json()).ticket as string };
}

/** The queue rows, oldest first. */
const rows = (to: TestServer) =>
  to.db.query<{ attempts: number; sent: boolean; failed: boolean; last_error: string | null }>(
    "SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, last_error FROM mail_outbox ORDER BY id",
  );

const WAIT = { timeout: 60_000, interval: 25 };

describe("email retries", () => {
  it("with the SMTP server down the call succeeds, and the message is retried and delivered once the server is back", async () => {
    sink = await startSmtpSink();
    sink.down = true;
    server = await startTestServer({
      smtpUrl: sink.url,
      mailTimings: { retryFirstMs: 20, retryMaxMs: 80, pollMs: 60_000 },
    });
    const { status, ticket } = await sendRequest(server, "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e");
    expect(status).toBe(200);
    // Two refused attempts: the first and a retry.
    await vi.waitFor(() => expect(sink!.refused).toBeGreaterThanOrEqual(2), WAIT);
    const [waiting] = await rows(server);
    expect(waiting).toMatchObject({ sent: false, failed: false });
    expect(waiting!.last_error).toBeTruthy();

    sink.down = false;
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe(`Your request ${ticket} was received`);
    await vi.waitFor(
      async () => expect((await rows(server!))[0]).toMatchObject({ sent: true, last_error: null }),
      WAIT,
    );
    // Stopped (its pass under way finished): nothing more was sent.
    await server.stop();
    server = undefined;
    expect(sink.received).toHaveLength(1);
  });

  it("gives a message up after the last attempt, keeping and logging the error", async () => {
    sink = await startSmtpSink();
    sink.down = true;
    const logged = vi.spyOn(log, "error");
    server = await startTestServer({
      smtpUrl: sink.url,
      mailTimings: { retryFirstMs: 10, retryMaxMs: 20, maxAttempts: 3, pollMs: 60_000 },
    });
    expect((await sendRequest(server, "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f")).status).toBe(200);
    await vi.waitFor(async () => expect((await rows(server!))[0]).toMatchObject({ failed: true, attempts: 3 }), WAIT);
    expect((await rows(server))[0]!.last_error).toBeTruthy();
    expect(sink.refused).toBe(3);
    expect(logged.mock.calls.some((call) => /given up after 3 attempts/.test(String(call[1])))).toBe(true);
  });
});

describe("a message another worker leased", () => {
  it("is sent as soon as that worker's lease runs out, not at the next poll", async () => {
    sink = await startSmtpSink();
    server = await startTestServer({
      smtpUrl: sink.url,
      mailTimings: { retryFirstMs: 10, retryMaxMs: 20, pollMs: 60_000 },
    });
    // Leased by a worker that died mid-send: nobody may send it for the next moment.
    await server.db.query(
      `INSERT INTO mail_outbox (recipient, language, template, data, attempts, locked_until, lease)
       VALUES ('jane@example.com', 'en', 'contactRequest', '{"ticket": "CS-000777"}', 1, now() + interval '400 milliseconds', gen_random_uuid())`,
    );
    // A message of this process wakes the worker, which sends it and then waits for the lease.
    const { ticket } = await sendRequest(server, "6a7b8c9d-0e1f-4a2b-9c3d-5e6f7a8b9c0d");
    const mails = await sink.waitFor(2);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [`Your request CS-000777 was received`, `Your request ${ticket} was received`].sort(),
    );
  });
});

describe("the wait between attempts", () => {
  it("waits longer after each failed attempt", async () => {
    sink = await startSmtpSink();
    sink.down = true;
    server = await startTestServer({
      smtpUrl: sink.url,
      mailTimings: { retryFirstMs: 600_000, retryMaxMs: 3_600_000, pollMs: 50 },
    });
    expect((await sendRequest(server, "5f6a7b8c-9d0e-4f1a-8b2c-4d5e6f7a8b9c")).status).toBe(200);
    /** The wait before the next attempt once `attempts` have failed, in milliseconds. */
    const waitAfter = async (attempts: number) => {
      let wait = 0;
      await vi.waitFor(async () => {
        const [row] = await server!.db.query<{ attempts: number; wait: number | null }>(
          "SELECT attempts, CASE WHEN locked_until IS NULL THEN (extract(epoch FROM due_at - now()) * 1000)::float8 END AS wait FROM mail_outbox",
        );
        expect(row!.attempts).toBe(attempts);
        expect(row!.wait).not.toBeNull();
        wait = row!.wait!;
      }, WAIT);
      return wait;
    };
    const first = await waitAfter(1);
    // Due now instead of in ten minutes: the next poll tries it again.
    await server.db.query("UPDATE mail_outbox SET due_at = now()");
    const second = await waitAfter(2);
    // The worker dates the next attempt by its own clock, the query measures by the database's
    // statement time: the two may differ by a moment, so the bounds allow a second.
    expect(first).toBeLessThanOrEqual(600_000 + 1_000);
    expect(second).toBeGreaterThan(600_000 + 1_000);
    expect(second).toBeLessThanOrEqual(1_200_000 + 1_000);
  });
});

describe("email failures that are not retried", () => {
  it("gives a message up at once when the SMTP server refuses the recipient for good (5xx)", async () => {
    sink = await startSmtpSink();
    sink.noMailbox = true;
    vi.spyOn(log, "error");
    server = await startTestServer({
      smtpUrl: sink.url,
      mailTimings: { retryFirstMs: 10, retryMaxMs: 20, pollMs: 60_000 },
    });
    expect((await sendRequest(server, "3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a")).status).toBe(200);
    await vi.waitFor(async () => expect((await rows(server!))[0]).toMatchObject({ failed: true }), WAIT);
    const [given] = await rows(server);
    expect(given!.attempts).toBe(1);
    expect(given!.last_error).toMatch(/550/);
  });

  it("a delivered message whose mark fails is logged and left to its lease, not retried as a failure", async () => {
    sink = await startSmtpSink();
    const logged = vi.spyOn(log, "error");
    server = await startTestServer({
      smtpUrl: sink.url,
      mailTimings: { retryFirstMs: 10, retryMaxMs: 20, pollMs: 60_000 },
    });
    // The database refuses to mark any message sent, as a lost connection would.
    await server.db.query(`CREATE FUNCTION refuse_sent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'connection lost'; END $$`);
    await server.db.query(`CREATE TRIGGER refuse_sent BEFORE UPDATE ON mail_outbox FOR EACH ROW
      WHEN (NEW.sent_at IS NOT NULL) EXECUTE FUNCTION refuse_sent()`);
    expect((await sendRequest(server, "4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b")).status).toBe(200);
    await vi.waitFor(
      () => expect(logged.mock.calls.some((call) => /could not be marked sent/.test(String(call[1])))).toBe(true),
      WAIT,
    );
    const [row] = await server.db.query<{
      attempts: number;
      sent: boolean;
      failed: boolean;
      last_error: string | null;
      leased: boolean;
    }>(
      "SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, last_error, locked_until > now() AS leased FROM mail_outbox",
    );
    // Not counted as a failed attempt, no retry due: it waits for its lease to run out.
    expect(row).toEqual({ attempts: 1, sent: false, failed: false, last_error: null, leased: true });
    await server.stop();
    server = undefined;
    expect(sink.received).toHaveLength(1);
  });
});

describe("email queue pruning", () => {
  it("deletes messages sent or given up more than 30 days ago, and keeps the rest", async () => {
    server = await startTestServer({ mailTimings: { pollMs: 50 } });
    const old = "now() - interval '31 days'";
    const recent = "now() - interval '29 days'";
    await server.db.query(
      `INSERT INTO mail_outbox (recipient, language, template, data, sent_at, failed_at) VALUES
         ('old-sent@example.com', 'en', 'requestReceived', '{}', ${old}, NULL),
         ('old-failed@example.com', 'en', 'requestReceived', '{}', NULL, ${old}),
         ('recent-sent@example.com', 'en', 'requestReceived', '{}', ${recent}, NULL),
         ('recent-failed@example.com', 'en', 'requestReceived', '{}', NULL, ${recent})`,
    );
    // A worker prunes on its first pass, then once an hour. The server's own worker made its first
    // pass as the server started, maybe before these rows were in: a worker started now prunes them.
    const worker = startMailWorker(server.db, server.config, { ...DEFAULT_MAIL_TIMINGS, pollMs: 50 });
    try {
      await vi.waitFor(async () => {
        const left = await server!.db.query<{ recipient: string }>("SELECT recipient FROM mail_outbox ORDER BY id");
        expect(left.map((row) => row.recipient)).toEqual(["recent-sent@example.com", "recent-failed@example.com"]);
      }, WAIT);
    } finally {
      await worker.stop();
    }
  });
});

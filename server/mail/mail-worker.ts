/**
 * Sends the queued emails (server/mail/outbox.ts), one worker per server process, any number of
 * processes on one database. Each pass leases the due messages (UPDATE … WHERE id IN (SELECT … FOR
 * UPDATE SKIP LOCKED), setting locked_until and a lease of its own), renders and sends them, and
 * marks each sent only under its lease: a message is sent by the one worker holding its lease. A
 * failed send is tried again after a doubling wait, up to a cap, and given up after the last attempt
 * (or at once when the SMTP server refuses it for good, a 5xx) with its error kept and logged. A
 * delivered message whose mark fails keeps its lease until it runs out. Messages sent or given up
 * more than 30 days ago are deleted, once an hour per worker. A worker that dies mid-send loses
 * its lease when it runs out; another then sends the message again under the same Message-ID, so the receiver can tell.
 *
 * Woken in-process right after a message is queued and when the soonest retry is due, and polling
 * every few seconds for the rest (other processes' messages, a wake that came before its
 * transaction committed).
 */
import { randomUUID } from "node:crypto";
import type { MailTimings, ServerConfig } from "../config.ts";
import type { Database } from "../db/db.ts";
import { claimStatusLinkPath } from "../domain/claim-status-links.ts";
import { log } from "../log.ts";
import type { Metrics } from "../metrics.ts";
import { onMailQueued } from "./outbox.ts";
import type { MailLinks, MailMessage } from "./templates.ts";
import { mailTransport, type MailTransport } from "./transport.ts";

/** Defaults: a message that keeps failing is tried for about a day (10 attempts, waits 1 min doubling to 4 h). */
export const DEFAULT_MAIL_TIMINGS: MailTimings = {
  pollMs: 5_000,
  leaseMs: 5 * 60_000,
  retryFirstMs: 60_000,
  retryMaxMs: 4 * 3_600_000,
  maxAttempts: 10,
  startDelayMs: 0,
};

/** Messages leased per pass. */
const BATCH = 10;

/**
 * Marks a message sent under its lease. A finish-later link grants a plan (server/domain/finish-later.ts),
 * so once delivered the queue keeps it blank: the copy in the customer's inbox is the only one.
 */
const MARK_SENT = `UPDATE mail_outbox SET sent_at = now(), locked_until = NULL, last_error = NULL,
    data = CASE WHEN template = 'finishLater' THEN jsonb_set(data, '{link}', '""') ELSE data END
  WHERE id = $1 AND lease = $2`;

/** Days a sent or given-up message stays in the queue (recipients are personal data); then the worker deletes it. */
const KEEP_DAYS = 30;
/** How often one worker prunes the queue: one DELETE an hour is cheap whatever the number of processes. */
const PRUNE_EVERY_MS = 3_600_000;

/** A running worker. */
export interface MailWorker {
  /** Stops polling, waits for the pass under way, closes the transport. */
  stop(): Promise<void>;
}

interface LeasedRow {
  id: number;
  message_key: string;
  recipient: string;
  language: MailMessage["language"];
  template: MailMessage["template"];
  data: MailMessage["data"];
  attempts: number;
  queued_ms: number;
}

/** The Message-ID of a queue row: its random key at the sender's domain, the same on every attempt. */
function messageIdOf(key: string, mailFrom: string): string {
  const domain = /@([^\s>@]+)>?\s*$/.exec(mailFrom)?.[1] ?? "localhost";
  return `<${key}@${domain}>`;
}

/**
 * Starts the worker of a server.
 * @param config smtpUrl, mailFrom and dataDir choose the transport; publicUrl and linkSecret build the links
 *   (read when a message is sent, as startServer sets publicUrl once listening)
 * @param metrics where queued, sent and failed messages are counted, when the server counts
 */
export function startMailWorker(
  db: Database,
  config: ServerConfig,
  timings: MailTimings = DEFAULT_MAIL_TIMINGS,
  metrics?: Metrics,
): MailWorker {
  const transport: MailTransport = mailTransport({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    dataDir: config.dataDir,
  });
  const links: MailLinks = {
    claimStatus: (claimId) => `${config.publicUrl}${claimStatusLinkPath(config.linkSecret!, claimId)}`,
  };
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  /** When this worker last pruned the queue (never yet: its first pass does). */
  let prunedAt = -Infinity;
  const startAt = Date.now() + timings.startDelayMs;
  /** Messages queued in this process not yet seen by a pass, with how often they were looked for. */
  const awaited = new Map<number, number>();

  /** Runs a pass in `ms` unless one is already due sooner. */
  const schedule = (ms: number) => {
    const at = Math.max(Date.now() + ms, startAt);
    if (stopped || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timerAt = Infinity;
      wake();
    }, at - Date.now());
  };

  const wake = () => {
    if (stopped) return;
    if (Date.now() < startAt) return schedule(0);
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((error: unknown) => log.error({ err: error }, "mail worker: a pass failed"));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      schedule(timings.pollMs);
    });
  };

  /** One pass: lease what is due, send it, and look again for messages queued here but not yet visible. */
  const pass = async () => {
    const lease = randomUUID();
    const rows = await db.query<LeasedRow>(
      `UPDATE mail_outbox SET locked_until = now() + $1 * interval '1 millisecond', lease = $2, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND due_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY due_at, id LIMIT $3
         FOR UPDATE SKIP LOCKED)
       RETURNING id, message_key::text, recipient, language, template, data, attempts, (extract(epoch FROM created_at) * 1000)::float8 AS queued_ms`,
      [timings.leaseMs, lease, BATCH],
    );
    const left: number[] = [];
    for (const row of rows) {
      awaited.delete(row.id);
      if (stopped) left.push(row.id);
      else await send(row, lease);
    }
    // Stopping: what this pass leased but did not try goes back at once, uncounted, instead of
    // waiting out its lease (the next process starting on the data sends it right away).
    if (left.length > 0) {
      await db.query(
        "UPDATE mail_outbox SET locked_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::int[]) AND lease = $2",
        [left, lease],
      );
    }
    if (rows.length === BATCH) again = true;
    await lookForAwaited();
    await prune();
    const due = await nextDueIn();
    if (due !== null) schedule(Math.max(due, 0));
  };

  /**
   * Milliseconds until the soonest waiting message may be leased (its retry due and any lease run
   * out), by the database's clock, which dates them: a timer set from this process's own clock may
   * fire a moment early, find nothing due and leave a retry to the poll. Null when nothing waits.
   */
  const nextDueIn = async () => {
    const [row] = await db.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(greatest(due_at, coalesce(locked_until, due_at))) - now()) * 1000)::float8 AS ms
       FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`,
    );
    return row?.ms ?? null;
  };

  const send = async (row: LeasedRow, lease: string) => {
    try {
      // React and the templates load with the first message, not with the server: a start (and a
      // build or prerender in the same process, as the screenshots and the bench do) never loads them.
      const { renderMail } = await import("./templates.ts");
      const mail = await renderMail(
        { template: row.template, language: row.language, data: row.data } as MailMessage,
        links,
      );
      await transport.send({
        ...mail,
        id: row.id,
        queuedAt: new Date(row.queued_ms),
        messageId: messageIdOf(row.message_key, config.mailFrom),
        to: row.recipient,
      });
    } catch (error) {
      await failed(row, lease, error).catch((failure: unknown) =>
        log.error(
          { mailId: row.id, template: row.template, err: failure },
          "email failed, and recording it failed too (its lease runs out)",
        ),
      );
      return;
    }
    metrics?.mailSent.inc({ template: row.template });
    // Delivered: marking it is outside the send's try, so a failed mark is no failed send. The
    // message keeps its lease until it runs out (then it is sent again under the same Message-ID);
    // no retry is scheduled and the rest of the batch goes on.
    try {
      await db.query(MARK_SENT, [row.id, lease]);
    } catch (error) {
      log.error(
        { mailId: row.id, template: row.template, err: error },
        "email sent but could not be marked sent (its lease runs out)",
      );
    }
  };

  /** Records a failed attempt: tried again after a doubling wait, or given up (last attempt, or refused for good). */
  const failed = async (row: LeasedRow, lease: string, error: unknown) => {
    const message = (error as Error).message || String(error);
    // A 5xx answer to this message (e.g. no such mailbox) is the same on every attempt: give up at
    // once. A refused connection ("CONN") is about the server, not the message, and is retried.
    const { responseCode = 0, command } = error as { responseCode?: number; command?: string };
    const permanent = responseCode >= 500 && command !== "CONN";
    const giveUp = permanent || row.attempts >= timings.maxAttempts;
    const wait = Math.min(timings.retryFirstMs * 2 ** (row.attempts - 1), timings.retryMaxMs);
    await db.query(
      `UPDATE mail_outbox SET locked_until = NULL, last_error = $3, due_at = now() + $4 * interval '1 millisecond',
         failed_at = CASE WHEN $5 THEN now() END
       WHERE id = $1 AND lease = $2`,
      [row.id, lease, message.slice(0, 2000), wait, giveUp],
    );
    metrics?.mailFailed.inc({ template: row.template, final: String(giveUp) });
    // The recipient stays in the queue's row, never in the log.
    // SMTP refusals often quote the address: the log gets the reply code, the row keeps the words.
    if (giveUp)
      log.error(
        { mailId: row.id, template: row.template, attempts: row.attempts, responseCode, command },
        `email given up after ${row.attempts} attempts`,
      );
  };

  /** Deletes the messages sent or given up long ago, at most once per PRUNE_EVERY_MS in this worker. */
  const prune = async () => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await db
      .query(
        `DELETE FROM mail_outbox WHERE sent_at < now() - $1 * interval '1 day' OR failed_at < now() - $1 * interval '1 day'`,
        [KEEP_DAYS],
      )
      .catch((error: unknown) => log.error({ err: error }, "mail worker: pruning the queue failed"));
  };

  /**
   * A wake comes while the queuing transaction may still be open (on PostgreSQL another connection
   * does not see its row yet): look for such messages again, waiting twice as long each time (ten
   * seconds in all, for a machine under load), then leave them to the poll.
   */
  const lookForAwaited = async () => {
    if (awaited.size === 0) return;
    const visible = await db.query<{ id: number }>("SELECT id FROM mail_outbox WHERE id = ANY($1::int[])", [
      [...awaited.keys()],
    ]);
    for (const { id } of visible) awaited.delete(id);
    let soonest = Infinity;
    for (const [id, tries] of awaited) {
      if (tries >= 10) awaited.delete(id);
      else {
        awaited.set(id, tries + 1);
        soonest = Math.min(soonest, 10 * 2 ** tries);
      }
    }
    // Visible ones were due now and leased in this pass, or are not due yet (the poll finds them).
    if (visible.length > 0) again = true;
    if (soonest < Infinity) schedule(soonest);
  };

  const unsubscribe = onMailQueued((id) => {
    metrics?.mailQueued.inc();
    awaited.set(id, 0);
    wake();
  });
  schedule(0);

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}

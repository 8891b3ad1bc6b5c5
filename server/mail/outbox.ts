/**
 * The mail queue (migration 013): a message is written inside the transaction of what it tells of,
 * so it commits or rolls back with it and survives a crash after the commit; the worker
 * (server/mail/mail-worker.ts) sends it. Writing never sends, so email never slows or fails the call.
 */
import type { Queryable } from "../db/db.ts";
import type { MailMessage } from "./templates.ts";

/** Wakes of the workers running in this process (one per startServer). */
const wakers = new Set<(id: number) => void>();

/**
 * Queues an email in the caller's transaction and wakes this process's workers, which send it once
 * the transaction has committed (a rolled-back one leaves nothing to send).
 * @param tx the business transaction
 * @returns the queue row's id
 * @throws what the database throws (the caller's transaction then rolls back, as for any write)
 */
export async function enqueueMail(tx: Queryable, message: MailMessage): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    "INSERT INTO mail_outbox (recipient, language, template, data, claim_id) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id",
    [message.to, message.language, message.template, JSON.stringify(message.data), message.claimId ?? null],
  );
  for (const wake of wakers) wake(row!.id);
  return row!.id;
}

/**
 * Registers a worker's wake, called with the id of each message queued in this process.
 * @returns the unregistering function
 */
export function onMailQueued(wake: (id: number) => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

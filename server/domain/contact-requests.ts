/**
 * The guard of a contact-service request (SPEC.md section 3 "Contact service data"): a request
 * has no row until its ticket is sent, so its calls serialise on a lock named after its id.
 */
import type { Queryable } from "../db/db.ts";
import { conflict } from "./refusals.ts";

/**
 * Locks a request until the transaction ends (its uploads, links, deletes and the upload sweep run
 * one after another), then refuses changes to one already sent.
 * @throws HttpError 409 REQUEST_ALREADY_SENT
 */
export async function lockOpenRequest(tx: Queryable, requestId: string): Promise<void> {
  await lockRequest(tx, requestId);
  const [sent] = await tx.query("SELECT 1 FROM contact_tickets WHERE request_id = $1", [requestId]);
  if (sent) throw conflict("REQUEST_ALREADY_SENT", "This request has already been sent");
}

/** Locks a request until the transaction ends. */
export async function lockRequest(tx: Queryable, requestId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`contact-request:${requestId}`]);
}

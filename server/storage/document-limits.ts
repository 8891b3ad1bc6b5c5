/**
 * Limits on documents (contract/upload-rules.ts): at most MAX_DOCUMENTS_PER_CLAIM_ITEM documents on
 * a claim item and MAX_CLAIM_BYTES bytes on a claim; at most MAX_DOCUMENTS_PER_CONTACT_REQUEST
 * documents and MAX_CONTACT_REQUEST_BYTES bytes on a contact-service request. Each is checked when
 * an upload URL is handed out (counting what open URLs may still bring) and again when an uploaded
 * file is linked. Each check runs in the caller's transaction with the claim or request locked, so
 * concurrent calls cannot both pass.
 */
import {
  MAX_CLAIM_BYTES,
  MAX_CONTACT_REQUEST_BYTES,
  MAX_DOCUMENTS_PER_CLAIM_ITEM,
  MAX_DOCUMENTS_PER_CONTACT_REQUEST,
  MAX_UPLOAD_BYTES,
} from "../../contract/upload-rules.ts";
import type { Queryable } from "../db/db.ts";
import { HttpError, conflict } from "../http/http-errors.ts";
import { pendingUploadBytes } from "./upload-grants.ts";

const tooManyDocuments = (what: string) =>
  conflict("TOO_MANY_DOCUMENTS", `${what} already holds ${MAX_DOCUMENTS_PER_CLAIM_ITEM} documents, the most allowed`);

const overBudget = (bytes: number) =>
  new HttpError(413, {
    code: "CLAIM_STORAGE_FULL",
    message: `The claim's documents would take ${bytes} bytes; a claim holds at most ${MAX_CLAIM_BYTES}`,
    maxBytes: MAX_CLAIM_BYTES,
  });

async function linkedBytes(tx: Queryable, claimId: number): Promise<number> {
  const [row] = await tx.query<{ bytes: number }>(
    "SELECT coalesce(sum(size_bytes), 0)::float8 AS bytes FROM documents WHERE claim_id = $1",
    [claimId],
  );
  return row?.bytes ?? 0;
}

/**
 * Whether a claim has room for one more upload URL: some claim item (if it has any) still below
 * the document limit, and its linked documents plus what its open upload URLs may bring plus this
 * file within the byte budget.
 * @param size declared size in bytes; undefined counts as the largest file allowed
 * @throws HttpError 409 TOO_MANY_DOCUMENTS, 413 CLAIM_STORAGE_FULL
 */
export async function checkRoomForUpload(
  tx: Queryable,
  claimId: number,
  size: number | undefined,
  nowSeconds: number,
): Promise<void> {
  const [items] = await tx.query<{ items: number; full: number }>(
    `SELECT count(*)::int AS items,
       count(*) FILTER (WHERE (SELECT count(*) FROM documents d WHERE d.claim_item_id = ci.id) >= $2)::int AS full
     FROM claim_items ci WHERE ci.claim_id = $1`,
    [claimId, MAX_DOCUMENTS_PER_CLAIM_ITEM],
  );
  if (items && items.items > 0 && items.full === items.items) throw tooManyDocuments("Every claim item");
  const bytes =
    (await linkedBytes(tx, claimId)) +
    (await pendingUploadBytes(tx, { claimId }, nowSeconds, MAX_UPLOAD_BYTES)) +
    (size ?? MAX_UPLOAD_BYTES);
  if (bytes > MAX_CLAIM_BYTES) throw overBudget(bytes);
}

/**
 * Whether a stored file may be linked to a claim item: the item below the document limit and the
 * claim's linked documents plus this file within the byte budget.
 * @param size the stored file's size in bytes
 * @throws HttpError 409 TOO_MANY_DOCUMENTS, 413 CLAIM_STORAGE_FULL
 */
export async function checkRoomForDocument(
  tx: Queryable,
  claimId: number,
  claimItemId: number,
  size: number,
): Promise<void> {
  const [held] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM documents WHERE claim_item_id = $1", [
    claimItemId,
  ]);
  if ((held?.n ?? 0) >= MAX_DOCUMENTS_PER_CLAIM_ITEM) throw tooManyDocuments("This claim item");
  const bytes = (await linkedBytes(tx, claimId)) + size;
  if (bytes > MAX_CLAIM_BYTES) throw overBudget(bytes);
}

const requestFull = () =>
  conflict(
    "TOO_MANY_DOCUMENTS",
    `This request already holds ${MAX_DOCUMENTS_PER_CONTACT_REQUEST} documents, the most allowed`,
  );

const requestOverBudget = (bytes: number) =>
  new HttpError(413, {
    code: "REQUEST_STORAGE_FULL",
    message: `The request's documents would take ${bytes} bytes; a request holds at most ${MAX_CONTACT_REQUEST_BYTES}`,
    maxBytes: MAX_CONTACT_REQUEST_BYTES,
  });

/** Count and bytes of the documents linked to a contact request. */
async function linkedToRequest(tx: Queryable, requestId: string): Promise<{ n: number; bytes: number }> {
  const [row] = await tx.query<{ n: number; bytes: number }>(
    "SELECT count(*)::int AS n, coalesce(sum(size_bytes), 0)::float8 AS bytes FROM contact_documents WHERE request_id = $1",
    [requestId],
  );
  return row ?? { n: 0, bytes: 0 };
}

/**
 * Whether a contact request has room for one more upload URL: below the document limit, and its
 * linked documents plus what its open upload URLs may bring plus this file within the byte budget.
 * @param size declared size in bytes; undefined counts as the largest file allowed
 * @param nowSeconds current Unix time in seconds
 * @throws HttpError 409 TOO_MANY_DOCUMENTS, 413 REQUEST_STORAGE_FULL
 */
export async function checkRoomForContactUpload(
  tx: Queryable,
  requestId: string,
  size: number | undefined,
  nowSeconds: number,
): Promise<void> {
  const linked = await linkedToRequest(tx, requestId);
  if (linked.n >= MAX_DOCUMENTS_PER_CONTACT_REQUEST) throw requestFull();
  const bytes =
    linked.bytes +
    (await pendingUploadBytes(tx, { requestId }, nowSeconds, MAX_UPLOAD_BYTES)) +
    (size ?? MAX_UPLOAD_BYTES);
  if (bytes > MAX_CONTACT_REQUEST_BYTES) throw requestOverBudget(bytes);
}

/**
 * Whether a stored file may be linked to a contact request: the request below the document limit
 * and its linked documents plus this file within the byte budget.
 * @param size the stored file's size in bytes
 * @throws HttpError 409 TOO_MANY_DOCUMENTS, 413 REQUEST_STORAGE_FULL
 */
export async function checkRoomForContactDocument(tx: Queryable, requestId: string, size: number): Promise<void> {
  const linked = await linkedToRequest(tx, requestId);
  if (linked.n >= MAX_DOCUMENTS_PER_CONTACT_REQUEST) throw requestFull();
  const bytes = linked.bytes + size;
  if (bytes > MAX_CONTACT_REQUEST_BYTES) throw requestOverBudget(bytes);
}

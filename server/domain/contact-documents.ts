/**
 * Contact-service requests' documents and ticket (SPEC.md section 3 "Contact service data"): the
 * upload URL, linking and deleting a document while the request is written, and the ticket, which
 * stores the request with its documents once and queues its Request Number email. Each under the
 * request's lock (contact-requests.ts).
 */
import { createHash } from "node:crypto";
import type * as v from "valibot";
import { mailboxOf } from "../../contract/mailbox.ts";
import type {
  contactLinkDocumentRequestSchema,
  contactTicketRequestSchema,
  contactUploadUrlQuerySchema,
} from "../../contract/schemas.ts";
import { MAX_UPLOAD_BYTES, CONTENT_TYPES } from "../../contract/upload-rules.ts";
import type { Rate } from "../config.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { checkRoomForContactDocument, checkRoomForContactUpload } from "../storage/document-limits.ts";
import { kindOfContentType, storedFileName } from "../storage/file-names.ts";
import { contactDocumentPath } from "../storage/storage.ts";
import { contactUploadPath, issueUploadUrl } from "../storage/upload-grants.ts";
import { tooBig } from "../storage/upload-requests.ts";
import { lockOpenRequest } from "./contact-requests.ts";
import { uploadedFile, type DocumentDeps } from "./document-links.ts";
import type { Language } from "./lookup-names.ts";
import { conflict, invalid, notFound } from "./refusals.ts";

type ContactUploadUrlQuery = v.InferOutput<typeof contactUploadUrlQuerySchema>;
type ContactLinkRequest = v.InferOutput<typeof contactLinkDocumentRequestSchema>;
type ContactTicketRequest = v.InferOutput<typeof contactTicketRequestSchema>;

/**
 * Request Number emails one inbox receives per hour at most, however many requests name it and
 * however they spell it (contract/mailbox.ts: case and `+tag` do not make another inbox).
 */
export const CONTACT_MAILS_PER_RECIPIENT_HOUR = 5;

/**
 * What the Request Number email's throttle needs of the rate limiter (server/http/rate-limit.ts
 * RateLimiter has it): a count that refuses nothing.
 */
export interface MailCounter {
  /**
   * Adds one to a key's count under a name, in windows of `rate` ([count, seconds]).
   * @returns the count in the window, this one included
   */
  count(name: string, key: string, rate: Rate): Promise<number>;
}

/**
 * A signed upload URL for a document of an open request, and the name it will be stored under.
 * @throws 413 FILE_TOO_BIG; conflict REQUEST_ALREADY_SENT; the limits of storage/document-limits.ts
 */
export async function contactUploadUrl(
  deps: DocumentDeps,
  query: ContactUploadUrlQuery,
): Promise<{ url: string; fileName: string }> {
  if (query.fileSize !== undefined && query.fileSize > MAX_UPLOAD_BYTES) throw tooBig();
  const kind = kindOfContentType(query.fileType)!;
  const fileName = storedFileName(query.fileName ?? "", kind);
  const url = await deps.db.transaction(async (tx) => {
    await lockOpenRequest(tx, query.requestId);
    await checkRoomForContactUpload(tx, query.requestId, query.fileSize, Math.floor(Date.now() / 1000));
    return issueUploadUrl(tx, deps, {
      owner: { requestId: query.requestId },
      path: contactUploadPath(query.requestId, fileName),
      fileName,
      storagePath: contactDocumentPath(query.requestId, fileName),
      contentType: CONTENT_TYPES[kind],
      size: query.fileSize,
    });
  });
  return { url, fileName };
}

/**
 * Links a file uploaded for an open request to it.
 * @returns the new document's id
 * @throws invalid (docName); conflict DOCUMENT_ALREADY_LINKED or REQUEST_ALREADY_SENT; the limits of storage/document-limits.ts
 */
export async function linkContactDocument(deps: DocumentDeps, request: ContactLinkRequest): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await lockOpenRequest(tx, request.requestId);
    const [linked] = await tx.query("SELECT 1 FROM contact_documents WHERE request_id = $1 AND file_name = $2", [
      request.requestId,
      request.docName,
    ]);
    const target = {
      owner: { requestId: request.requestId },
      path: contactDocumentPath(request.requestId, request.docName),
      fileName: request.docName,
    };
    const file = await uploadedFile(tx, deps.storage, target, Boolean(linked));
    if (!file) throw invalid({ docName: "No file of this name was uploaded for this request" });
    if (linked) throw conflict("DOCUMENT_ALREADY_LINKED", "This file is already linked to the request");
    await checkRoomForContactDocument(tx, request.requestId, file.size);
    const [row] = await tx.query<{ id: number }>(
      "INSERT INTO contact_documents (request_id, file_name, content_type, size_bytes) VALUES ($1, $2, $3, $4) RETURNING id",
      [request.requestId, request.docName, file.contentType, file.size],
    );
    return row!.id;
  });
}

/**
 * Deletes a document of an open request, then its file.
 * @throws notFound DOCUMENT_NOT_FOUND (also for another request's document); conflict REQUEST_ALREADY_SENT
 */
export async function deleteContactDocument(deps: DocumentDeps, requestId: string, docId: number): Promise<void> {
  const fileName = await deps.db.transaction(async (tx) => {
    // Another request's document is not found, whatever its id.
    const [row] = await tx.query<{ file_name: string }>(
      "SELECT file_name FROM contact_documents WHERE id = $1 AND request_id = $2",
      [docId, requestId],
    );
    if (!row) throw notFound("DOCUMENT_NOT_FOUND", "Document not found");
    await lockOpenRequest(tx, requestId);
    await tx.query("DELETE FROM contact_documents WHERE id = $1", [docId]);
    return row.file_name;
  });
  await deps.storage.remove(contactDocumentPath(requestId, fileName));
}

/**
 * Files a request with its documents and queues its Request Number email in `language`, unless
 * its inbox has had CONTACT_MAILS_PER_RECIPIENT_HOUR of them this hour.
 * @param mails where the emails to each inbox are counted (the app's rate limiter)
 * @returns the Request Number, e.g. `CS-000123`
 * @throws invalid (documents) when a document is not the request's; conflict REQUEST_ALREADY_SENT
 */
export async function fileContactTicket(
  deps: Pick<DocumentDeps, "db">,
  request: ContactTicketRequest,
  language: Language,
  mails: MailCounter,
): Promise<string> {
  const { customerDetails: customer, purchaseDetails: purchase } = request;
  return deps.db.transaction(async (tx) => {
    await lockOpenRequest(tx, request.request_id);
    const documents = await tx.query<{ id: number }>(
      "SELECT id FROM contact_documents WHERE request_id = $1 AND id = ANY($2::int[])",
      [request.request_id, request.documents],
    );
    if (documents.length !== new Set(request.documents).size)
      throw invalid({ documents: "Not documents of this request" });
    // The Request Number is made from the row's own id, in the same statement: at least 6 digits,
    // padded, never cut (lpad alone would cut id 1000000 to the 100000th ticket's number).
    const [row] = await tx.query<{ id: number; ticket_number: string }>(
      `WITH next AS (SELECT nextval(pg_get_serial_sequence('contact_tickets', 'id'))::int AS id)
       INSERT INTO contact_tickets (id, ticket_number, request_id, name, email, phone, address, city, state, zip_code, invoice,
         date_of_purchase, store_name, store_phone, store_address, store_city, store_state, store_zip, items_exchanged)
       SELECT id, 'CS-' || lpad(id::text, greatest(length(id::text), 6), '0'), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17 FROM next
       RETURNING id, ticket_number`,
      [
        request.request_id,
        customer.name,
        customer.email,
        customer.phone,
        customer.address,
        customer.city,
        customer.state,
        customer.zip_code,
        purchase.invoice,
        purchase.date_of_purchase,
        purchase.store_name,
        purchase.store_phone,
        purchase.store_address,
        purchase.store_city,
        purchase.store_state,
        purchase.store_zip,
        purchase.were_any_items_exchanged,
      ],
    );
    await tx.query("UPDATE contact_documents SET ticket_id = $1 WHERE request_id = $2 AND id = ANY($3::int[])", [
      row!.id,
      request.request_id,
      request.documents,
    ]);
    // The Request Number by email, committed with the request (server/mail/outbox.ts). Anyone may
    // type anyone's address here, so one inbox gets a few an hour at most, counted by mailbox in the
    // limiter's shared store (as a digest: the store holds no address); the request is filed either way.
    const inbox = createHash("sha256").update(mailboxOf(customer.email)).digest("hex");
    if (
      (await mails.count("contact-mail", inbox, [CONTACT_MAILS_PER_RECIPIENT_HOUR, 3600])) <=
      CONTACT_MAILS_PER_RECIPIENT_HOUR
    ) {
      await enqueueMail(tx, {
        to: customer.email,
        language,
        template: "contactRequest",
        data: { ticket: row!.ticket_number },
      });
    }
    return row!.ticket_number;
  });
}

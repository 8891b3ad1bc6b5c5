/**
 * Contact-service requests (SPEC.md section 2 "Contact service wizard", section 3 "Contact service
 * data"). SPEC.md shows no ticket call; these stand in for the real service's unpublished one
 * (docs/api.md): a signed upload URL, the signed PUT, linking and deleting a document while the
 * request is written, and the ticket, which stores the request with its documents once.
 * Documents are stored under contact_service/{requestId}/ and served read-only from /storage/.
 * A request holds at most MAX_DOCUMENTS_PER_CONTACT_REQUEST documents and MAX_CONTACT_REQUEST_BYTES
 * bytes (server/storage/document-limits.ts); one never sent goes after a day (server/storage/upload-sweep.ts).
 */
import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import { mailboxOf } from "../../contract/mailbox.ts";
import {
  SUCCEED,
  contactDocumentQuerySchema,
  contactLinkDocumentRequestSchema,
  contactTicketRequestSchema,
  contactUploadUrlQuerySchema,
  serialIdParamSchema,
} from "../../contract/schemas.ts";
import { CONTENT_TYPES, MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import { UPLOAD_PATH_PREFIX, type AppDeps } from "../app-deps.ts";
import { lockOpenRequest } from "../domain/contact-requests.ts";
import { uploadedFileSize } from "../storage/direct-uploads.ts";
import { checkRoomForContactDocument, checkRoomForContactUpload } from "../storage/document-limits.ts";
import { isStoredName, kindOfContentType, kindOfName, storedFileName } from "../storage/file-names.ts";
import { conflict, invalid, notFound } from "../http/http-errors.ts";
import { languageOf } from "../http/language.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { contactDocumentPath } from "../storage/storage.ts";
import { issueUploadUrl } from "../storage/upload-grants.ts";
import { receiveUpload, tooBig } from "../storage/upload-requests.ts";
import { ids, validBody, validQuery } from "../http/validate.ts";

/**
 * Request Number emails one inbox receives per hour at most, however many requests name it and
 * however they spell it (contract/mailbox.ts: case and `+tag` do not make another inbox).
 */
export const CONTACT_MAILS_PER_RECIPIENT_HOUR = 5;

/** The signed storage prefix of contact documents: a URL for a claim cannot store here. */
const PREFIX = "contact_service/";

/** Routes of contact-service requests, to mount under /api/v1. */
export function contactServiceRoutes(deps: AppDeps): Hono {
  const { db, storage, config } = deps;
  const app = new Hono();
  const limiter = createRateLimiter(db);

  app.get("/contact_service/file-upload-url", validQuery(contactUploadUrlQuerySchema), async (c) => {
    const query = c.req.valid("query");
    if (query.fileSize !== undefined && query.fileSize > MAX_UPLOAD_BYTES) throw tooBig();
    const kind = kindOfContentType(query.fileType)!;
    const fileName = storedFileName(query.fileName ?? "", kind);
    const url = await db.transaction(async (tx) => {
      await lockOpenRequest(tx, query.requestId);
      await checkRoomForContactUpload(tx, query.requestId, query.fileSize, Math.floor(Date.now() / 1000));
      return issueUploadUrl(tx, deps, {
        owner: { requestId: query.requestId }, path: `${UPLOAD_PATH_PREFIX}${PREFIX}${query.requestId}/${fileName}`,
        fileName, storagePath: contactDocumentPath(query.requestId, fileName), contentType: CONTENT_TYPES[kind], size: query.fileSize,
      });
    });
    return c.json({ url, fileName });
  });

  // The signed PUT: works once, for the declared type and size, checked for real type like a claim's.
  app.put(`${UPLOAD_PATH_PREFIX}${PREFIX}:requestId/:fileName`, async (c: Context) => {
    const requestId = c.req.param("requestId") ?? "";
    const fileName = c.req.param("fileName") ?? "";
    const path = `${UPLOAD_PATH_PREFIX}${PREFIX}${requestId}/${fileName}`;
    // A request id no URL could name fails the signature check before it reaches the database.
    const bytes = await receiveUpload(c, { db, config }, { path, fileName }, (tx) => lockOpenRequest(tx, requestId));
    await storage.write(contactDocumentPath(requestId, fileName), bytes);
    return c.json({ message: SUCCEED });
  });

  app.post("/contact_service/documents", validBody(contactLinkDocumentRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const id = await db.transaction(async (tx) => {
      await lockOpenRequest(tx, request.requestId);
      const [linked] = await tx.query("SELECT 1 FROM contact_documents WHERE request_id = $1 AND file_name = $2", [request.requestId, request.docName]);
      const kind = isStoredName(request.docName) ? kindOfName(request.docName) : null;
      const target = { owner: { requestId: request.requestId }, path: contactDocumentPath(request.requestId, request.docName), fileName: request.docName };
      const size = kind ? await uploadedFileSize(tx, storage, target, Boolean(linked)) : null;
      if (size === null) throw invalid({ docName: "No file of this name was uploaded for this request" });
      if (linked) throw conflict("DOCUMENT_ALREADY_LINKED", "This file is already linked to the request");
      await checkRoomForContactDocument(tx, request.requestId, size);
      const [row] = await tx.query<{ id: number }>(
        "INSERT INTO contact_documents (request_id, file_name, content_type, size_bytes) VALUES ($1, $2, $3, $4) RETURNING id",
        [request.requestId, request.docName, CONTENT_TYPES[kind!], size],
      );
      return row!.id;
    });
    return c.json({ message: SUCCEED, result: [{ id, name: request.docName }] });
  });

  app.delete("/contact_service/documents/:docId", ids(["docId"], serialIdParamSchema), validQuery(contactDocumentQuerySchema), async (c) => {
    const { docId } = c.req.valid("param");
    const { requestId } = c.req.valid("query");
    const fileName = await db.transaction(async (tx) => {
      // Another request's document is not found, whatever its id.
      const [row] = await tx.query<{ file_name: string }>("SELECT file_name FROM contact_documents WHERE id = $1 AND request_id = $2", [docId, requestId]);
      if (!row) throw notFound("DOCUMENT_NOT_FOUND", "Document not found");
      await lockOpenRequest(tx, requestId);
      await tx.query("DELETE FROM contact_documents WHERE id = $1", [docId]);
      return row.file_name;
    });
    await storage.remove(contactDocumentPath(requestId, fileName));
    return c.json({ message: SUCCEED });
  });

  app.post("/contact_service_ticket", validBody(contactTicketRequestSchema), async (c) => {
    const request = c.req.valid("json");
    const { customerDetails: customer, purchaseDetails: purchase } = request;
    const ticket = await db.transaction(async (tx) => {
      await lockOpenRequest(tx, request.request_id);
      const documents = await tx.query<{ id: number }>("SELECT id FROM contact_documents WHERE request_id = $1 AND id = ANY($2::int[])", [request.request_id, request.documents]);
      if (documents.length !== new Set(request.documents).size) throw invalid({ documents: "Not documents of this request" });
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
      await tx.query("UPDATE contact_documents SET ticket_id = $1 WHERE request_id = $2 AND id = ANY($3::int[])", [row!.id, request.request_id, request.documents]);
      // The Request Number by email, committed with the request (server/mail/outbox.ts). Anyone may
      // type anyone's address here, so one inbox gets a few an hour at most, counted by mailbox in the
      // limiter's shared store (as a digest: the store holds no address); the request is filed either way.
      const inbox = createHash("sha256").update(mailboxOf(customer.email)).digest("hex");
      if ((await limiter.count("contact-mail", inbox, [CONTACT_MAILS_PER_RECIPIENT_HOUR, 3600])) <= CONTACT_MAILS_PER_RECIPIENT_HOUR) {
        await enqueueMail(tx, { to: customer.email, language: languageOf(c), template: "contactRequest", data: { ticket: row!.ticket_number } });
      }
      return row!.ticket_number;
    });
    return c.json({ message: SUCCEED, ticket });
  });

  return app;
}

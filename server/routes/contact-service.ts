/**
 * Contact-service requests (SPEC.md section 2 "Contact service wizard", section 3 "Contact service
 * data"). SPEC.md shows no ticket call; these stand in for the real service's unpublished one
 * (docs/api.md): a signed upload URL (its PUT is in uploads.ts), linking and deleting a document while the
 * request is written, and the ticket, which stores the request with its documents once.
 * Documents are stored under contact_service/{requestId}/ and served read-only from /storage/.
 * A request holds at most MAX_DOCUMENTS_PER_CONTACT_REQUEST documents and MAX_CONTACT_REQUEST_BYTES
 * bytes (server/storage/document-limits.ts); one never sent goes after a day (server/storage/upload-sweep.ts).
 */
import { Hono } from "hono";
import {
  SUCCEED,
  contactDocumentQuerySchema,
  contactLinkDocumentRequestSchema,
  contactTicketRequestSchema,
  contactTicketResponseSchema,
  contactUploadUrlQuerySchema,
  linkDocumentResponseSchema,
  messageSchema,
  serialIdParamSchema,
  uploadUrlResponseSchema,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import {
  contactUploadUrl,
  deleteContactDocument,
  fileContactTicket,
  linkContactDocument,
} from "../domain/contact-documents.ts";
import { languageOf } from "../http/language.ts";
import { createRateLimiter } from "../http/rate-limit.ts";
import { ids, validBody, validQuery } from "../http/validate.ts";
import { PLAN_ID, UPLOAD_URL_QUERY, documented } from "../openapi/route-doc.ts";

/** Routes of contact-service requests, to mount under /api/v1. */
export function contactServiceRoutes(deps: AppDeps): Hono {
  const { db } = deps;
  const app = new Hono();
  const limiter = createRateLimiter(db);

  app.get(
    "/contact_service/file-upload-url",
    documented({
      id: "contact_service_file_upload_url",
      tag: "Contact service",
      summary: "A signed URL to upload one file to a contact request",
      access: "key",
      queryNotes: UPLOAD_URL_QUERY,
      answer: uploadUrlResponseSchema,
      errors: [400, 409, 413, 429],
      limit: "contactUploadPerAddress",
    }),
    validQuery(contactUploadUrlQuerySchema),
    async (c) => {
      return c.json(await contactUploadUrl(deps, c.req.valid("query")));
    },
  );

  app.post(
    "/contact_service/documents",
    documented({
      id: "contact_service_documents",
      tag: "Contact service",
      summary: "Link an uploaded file to the request",
      access: "key",
      answer: linkDocumentResponseSchema,
      errors: [400, 409, 413],
    }),
    validBody(contactLinkDocumentRequestSchema),
    async (c) => {
      const request = c.req.valid("json");
      const id = await linkContactDocument(deps, request);
      return c.json({ message: SUCCEED, result: [{ id, name: request.docName }] });
    },
  );

  app.delete(
    "/contact_service/documents/:docId",
    documented({
      id: "contact_service_delete_document",
      tag: "Contact service",
      summary: "Delete a document of an unsent request",
      access: "key",
      params: { docId: PLAN_ID },
      answer: messageSchema,
      errors: [400, 404, 409],
    }),
    ids(["docId"], serialIdParamSchema),
    validQuery(contactDocumentQuerySchema),
    async (c) => {
      await deleteContactDocument(deps, c.req.valid("query").requestId, c.req.valid("param").docId);
      return c.json({ message: SUCCEED });
    },
  );

  app.post(
    "/contact_service_ticket",
    documented({
      id: "contact_service_ticket",
      tag: "Contact service",
      summary: "Send the request: the ticket",
      description: "Stands in for the real service's unpublished call (SPEC.md section 7). Answers the Request Number.",
      access: "key",
      answer: contactTicketResponseSchema,
      errors: [400, 409],
      limit: "ticketPerAddress",
    }),
    validBody(contactTicketRequestSchema),
    async (c) => {
      const ticket = await fileContactTicket(deps, c.req.valid("json"), languageOf(c), limiter);
      return c.json({ message: SUCCEED, ticket });
    },
  );

  return app;
}

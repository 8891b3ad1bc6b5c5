/**
 * Documents and photos of a claim: upload URL, linking an uploaded file to a claim item, deleting
 * (SPEC.md section 7: /file-upload-url, /insert_linked_and_embedded_files,
 * /delete_uploaded_documents_of_claim/{docId}). The same calls serve both plan families: mounted at
 * /api/v1 for FPP claims and at /api/v1/ace for ACE claims, whose files live under the ACE prefix.
 */
import { Hono } from "hono";
import {
  SUCCEED,
  downloadUrlResponseSchema,
  linkDocumentRequestSchema,
  linkDocumentResponseSchema,
  messageSchema,
  uploadUrlQuerySchema,
  uploadUrlResponseSchema,
} from "../../contract/schemas.ts";
import { MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import type { AppDeps } from "../app-deps.ts";
import { claimDocument, claimUploadUrl, deleteClaimDocument, linkClaimDocument } from "../domain/claim-documents.ts";
import type { PlanFamily } from "../domain/plan-family.ts";
import { claimDocumentUrlPath } from "../storage/storage.ts";
import { DOWNLOAD_URL_TTL_SECONDS, signedQuery, type SignedRequest } from "../http/url-signing.ts";
import { ids, validBody, validQuery } from "../http/validate.ts";
import { ownerOf } from "../http/session.ts";
import { UPLOAD_URL_QUERY, documented } from "../openapi/route-doc.ts";

/**
 * Routes of one family's claim documents.
 * @param family "fpp": mount under /api/v1; "ace": mount under /api/v1/ace
 */
export function documentRoutes(deps: AppDeps, family: PlanFamily): Hono {
  const { db, config } = deps;
  const app = new Hono();
  // Each family's calls are described under its own ids and tag (ACE: `ace_…`, "ACE claims").
  const operationId = (name: string) => (family === "ace" ? `ace_${name}` : name);
  const tag = family === "ace" ? "ACE claims" : "Documents";

  app.get(
    "/file-upload-url",
    documented({
      id: operationId("file_upload_url"),
      tag,
      summary: "A signed URL to upload one file to the claim",
      description: `The URL takes one PUT of that type (and size) within 15 minutes; at most ${MAX_UPLOAD_BYTES} bytes. \`url\` is root-relative on this API's origin (resolve it against this answer's URL); with object storage it is an absolute presigned PUT to the bucket.`,
      access: "owner",
      queryNotes: UPLOAD_URL_QUERY,
      answer: uploadUrlResponseSchema,
      errors: [400, 404, 409, 413, 429],
    }),
    validQuery(uploadUrlQuerySchema),
    async (c) => {
      const query = c.req.valid("query");
      await ownerOf(c).claim(db, query.claimId);
      return c.json(await claimUploadUrl(deps, family, query));
    },
  );

  // An addition to SPEC.md's calls (docs/api.md): a short-lived signed GET URL of a document the
  // session owns, which opens without the session cookie (to hand to another app or tab). Root-relative,
  // as the upload URL: it works at the address the page was opened at, whichever that is.
  app.get(
    "/documents/:docId/download-url",
    documented({
      id: operationId("download_url"),
      tag,
      summary: "A signed URL that opens one document for 5 minutes",
      description:
        "An addition to SPEC.md, to hand a document to another tab or app without the session. `url` is root-relative on this API's origin.",
      access: "owner",
      answer: downloadUrlResponseSchema,
      errors: [400, 404, 409],
    }),
    ids(["docId"]),
    async (c) => {
      const { docId } = c.req.valid("param");
      await ownerOf(c).document(db, docId);
      const document = await claimDocument(db, family, docId);
      const signed: SignedRequest = {
        method: "GET",
        path: claimDocumentUrlPath(document.claimId, document.fileName, family),
        expires: Math.floor(Date.now() / 1000) + DOWNLOAD_URL_TTL_SECONDS,
      };
      return c.json({ url: `${signed.path}?${signedQuery(config.uploadSecret, signed)}`, expires: signed.expires });
    },
  );

  app.post(
    "/insert_linked_and_embedded_files",
    documented({
      id: operationId("insert_linked_and_embedded_files"),
      tag,
      summary: "Link an uploaded file to a claim item",
      access: "owner",
      answer: linkDocumentResponseSchema,
      errors: [400, 404, 409, 413],
    }),
    validBody(linkDocumentRequestSchema),
    async (c) => {
      const request = c.req.valid("json");
      await ownerOf(c).claim(db, request.claimId);
      const id = await linkClaimDocument(deps, family, request);
      return c.json({ message: SUCCEED, result: [{ id, name: request.docName }] });
    },
  );

  app.delete(
    "/delete_uploaded_documents_of_claim/:docId",
    documented({
      id: operationId("delete_uploaded_documents_of_claim"),
      tag,
      summary: "Delete a document and its file",
      access: "owner",
      answer: messageSchema,
      errors: [400, 404, 409],
    }),
    ids(["docId"]),
    async (c) => {
      const { docId } = c.req.valid("param");
      await ownerOf(c).document(db, docId);
      await deleteClaimDocument(deps, family, docId);
      return c.json({ message: SUCCEED });
    },
  );

  return app;
}

/**
 * Documents and photos of a claim: upload URL, linking an uploaded file to a claim item, deleting
 * (SPEC.md section 7: /file-upload-url, /insert_linked_and_embedded_files,
 * /delete_uploaded_documents_of_claim/{docId}). The same calls serve both plan families: mounted at
 * /api/v1 for FPP claims and at /api/v1/ace for ACE claims, whose files live under the ACE prefix.
 */
import { Hono } from "hono";
import { SUCCEED, linkDocumentRequestSchema, uploadUrlQuerySchema } from "../../contract/schemas.ts";
import { CONTENT_TYPES, MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import type { AppDeps } from "../app-deps.ts";
import { lockDraftClaim, throwIfAny } from "../domain/claim-guards.ts";
import { uploadedFileSize } from "../storage/direct-uploads.ts";
import { checkRoomForDocument, checkRoomForUpload } from "../storage/document-limits.ts";
import { isStoredName, kindOfContentType, kindOfName, storedFileName } from "../storage/file-names.ts";
import { HttpError, notFound } from "../http/http-errors.ts";
import { requireFamily, type PlanFamily } from "../domain/plan-family.ts";
import { claimDocumentPath, claimDocumentUrlPath } from "../storage/storage.ts";
import { issueUploadUrl } from "../storage/upload-grants.ts";
import { tooBig } from "../storage/upload-requests.ts";
import { DOWNLOAD_URL_TTL_SECONDS, signedQuery, type SignedRequest } from "../http/url-signing.ts";
import { uploadPath } from "./uploads.ts";
import { ids, validBody, validQuery } from "../http/validate.ts";
import { ownerOf } from "../http/session.ts";

/**
 * Routes of one family's claim documents.
 * @param family "fpp": mount under /api/v1; "ace": mount under /api/v1/ace
 */
export function documentRoutes(deps: AppDeps, family: PlanFamily): Hono {
  const { db, storage, config } = deps;
  const app = new Hono();

  app.get("/file-upload-url", validQuery(uploadUrlQuerySchema), async (c) => {
    const query = c.req.valid("query");
    await ownerOf(c).claim(db, query.claimId);
    if (query.fileSize !== undefined && query.fileSize > MAX_UPLOAD_BYTES) throw tooBig();
    const kind = kindOfContentType(query.fileType)!;
    const fileName = storedFileName(query.fileName ?? "", kind);
    const url = await db.transaction(async (tx) => {
      await lockDraftClaim(tx, query.claimId, family);
      await checkRoomForUpload(tx, query.claimId, query.fileSize, Math.floor(Date.now() / 1000));
      return issueUploadUrl(tx, deps, {
        owner: { claimId: query.claimId }, path: uploadPath(family, query.claimId, fileName),
        fileName, storagePath: claimDocumentPath(query.claimId, fileName, family), contentType: CONTENT_TYPES[kind], size: query.fileSize,
      });
    });
    return c.json({ url, fileName });
  });

  // An addition to SPEC.md's calls (docs/api.md): a short-lived signed GET URL of a document the
  // session owns, which opens without the session cookie (to hand to another app or tab). Root-relative,
  // as the upload URL: it works at the address the page was opened at, whichever that is.
  app.get("/documents/:docId/download-url", ids(["docId"]), async (c) => {
    const { docId } = c.req.valid("param");
    await ownerOf(c).document(db, docId);
    const [document] = await db.query<{ claim_id: number; file_name: string; plan_type: string }>(
      `SELECT d.claim_id, d.file_name, p.plan_type FROM documents d
       JOIN claims c ON c.id = d.claim_id JOIN plans p ON p.id = c.plan_id WHERE d.id = $1`,
      [docId],
    );
    if (!document) throw notFound("DOCUMENT_NOT_FOUND", "Document not found");
    requireFamily(document.plan_type, family);
    const signed: SignedRequest = {
      method: "GET",
      path: claimDocumentUrlPath(document.claim_id, document.file_name, family),
      expires: Math.floor(Date.now() / 1000) + DOWNLOAD_URL_TTL_SECONDS,
    };
    return c.json({ url: `${signed.path}?${signedQuery(config.uploadSecret, signed)}`, expires: signed.expires });
  });

  app.post("/insert_linked_and_embedded_files", validBody(linkDocumentRequestSchema), async (c) => {
    const request = c.req.valid("json");
    await ownerOf(c).claim(db, request.claimId);
    const id = await db.transaction(async (tx) => {
      await lockDraftClaim(tx, request.claimId, family);
      const errors: Record<string, string> = {};
      const [item] = await tx.query("SELECT 1 FROM claim_items WHERE id = $1 AND claim_id = $2", [request.claimItemsId, request.claimId]);
      if (!item) errors.claimItemsId = "Not a claim item of this claim";
      const [linked] = await tx.query<{ id: number; claim_item_id: number }>(
        "SELECT id, claim_item_id FROM documents WHERE claim_id = $1 AND file_name = $2",
        [request.claimId, request.docName],
      );
      const kind = isStoredName(request.docName) ? kindOfName(request.docName) : null;
      const target = { owner: { claimId: request.claimId }, path: claimDocumentPath(request.claimId, request.docName, family), fileName: request.docName };
      const size = kind ? await uploadedFileSize(tx, storage, target, Boolean(linked)) : null;
      if (size === null) errors.docName = "No file of this name was uploaded for this claim";
      throwIfAny(errors);
      if (linked) {
        // A portal retrying a link whose answer was lost learns the document it already made, so
        // the retry lists it instead of leaving it orphaned on the server.
        const same = linked.claim_item_id === request.claimItemsId;
        throw new HttpError(409, {
          code: "DOCUMENT_ALREADY_LINKED",
          message: "This file is already linked to the claim",
          ...(same ? { result: [{ id: linked.id, name: request.docName }] } : {}),
        });
      }
      await checkRoomForDocument(tx, request.claimId, request.claimItemsId, size!);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO documents (claim_id, claim_item_id, file_name, content_type, size_bytes)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [request.claimId, request.claimItemsId, request.docName, CONTENT_TYPES[kind!], size],
      );
      return row!.id;
    });
    return c.json({ message: SUCCEED, result: [{ id, name: request.docName }] });
  });

  app.delete("/delete_uploaded_documents_of_claim/:docId", ids(["docId"]), async (c) => {
    const { docId } = c.req.valid("param");
    await ownerOf(c).document(db, docId);
    const document = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ claim_id: number; file_name: string }>(
        "SELECT claim_id, file_name FROM documents WHERE id = $1",
        [docId],
      );
      if (!row) throw notFound("DOCUMENT_NOT_FOUND", "Document not found");
      await lockDraftClaim(tx, row.claim_id, family);
      await tx.query("DELETE FROM documents WHERE id = $1", [docId]);
      return row;
    });
    await storage.remove(claimDocumentPath(document.claim_id, document.file_name, family));
    return c.json({ message: SUCCEED });
  });

  return app;
}

/**
 * Documents and photos of a claim (SPEC.md section 7: /file-upload-url,
 * /insert_linked_and_embedded_files, /delete_uploaded_documents_of_claim/{docId}): the upload URL,
 * linking an uploaded file to a claim item, and deleting, each under the claim's lock. Both plan
 * families; their files live under their own storage prefix.
 */
import type * as v from "valibot";
import type { linkDocumentRequestSchema, uploadUrlQuerySchema } from "../../contract/schemas.ts";
import { CONTENT_TYPES, MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import type { Database } from "../db/db.ts";
import { checkRoomForDocument, checkRoomForUpload } from "../storage/document-limits.ts";
import { kindOfContentType, storedFileName } from "../storage/file-names.ts";
import { claimDocumentPath } from "../storage/storage.ts";
import { issueUploadUrl, uploadPath } from "../storage/upload-grants.ts";
import { tooBig } from "../storage/upload-requests.ts";
import { lockDraftClaim, throwIfAny } from "./claim-guards.ts";
import { uploadedFile, type DocumentDeps } from "./document-links.ts";
import { requireFamily, type PlanFamily } from "./plan-family.ts";
import { Refusal, notFound } from "./refusals.ts";

type UploadUrlQuery = v.InferOutput<typeof uploadUrlQuerySchema>;
type LinkDocumentRequest = v.InferOutput<typeof linkDocumentRequestSchema>;

/**
 * A signed upload URL for a file of a draft claim, and the name it will be stored under.
 * @throws 413 FILE_TOO_BIG past MAX_UPLOAD_BYTES; conflict or not found when the claim is no draft
 *   of this family; the limits of storage/document-limits.ts and storage/upload-grants.ts
 */
export async function claimUploadUrl(
  deps: DocumentDeps,
  family: PlanFamily,
  query: UploadUrlQuery,
): Promise<{ url: string; fileName: string }> {
  if (query.fileSize !== undefined && query.fileSize > MAX_UPLOAD_BYTES) throw tooBig();
  const kind = kindOfContentType(query.fileType)!;
  const fileName = storedFileName(query.fileName ?? "", kind);
  const url = await deps.db.transaction(async (tx) => {
    await lockDraftClaim(tx, query.claimId, family);
    await checkRoomForUpload(tx, query.claimId, query.fileSize, Math.floor(Date.now() / 1000));
    return issueUploadUrl(tx, deps, {
      owner: { claimId: query.claimId },
      path: uploadPath(family, query.claimId, fileName),
      fileName,
      storagePath: claimDocumentPath(query.claimId, fileName, family),
      contentType: CONTENT_TYPES[kind],
      size: query.fileSize,
    });
  });
  return { url, fileName };
}

/**
 * A document of a claim of this family, for its download URL.
 * @throws notFound DOCUMENT_NOT_FOUND; conflict when the claim is of the other family
 */
export async function claimDocument(
  db: Database,
  family: PlanFamily,
  docId: number,
): Promise<{ claimId: number; fileName: string }> {
  const [document] = await db.query<{ claim_id: number; file_name: string; plan_type: string }>(
    `SELECT d.claim_id, d.file_name, p.plan_type FROM documents d
     JOIN claims c ON c.id = d.claim_id JOIN plans p ON p.id = c.plan_id WHERE d.id = $1`,
    [docId],
  );
  if (!document) throw notFound("DOCUMENT_NOT_FOUND", "Document not found");
  requireFamily(document.plan_type, family);
  return { claimId: document.claim_id, fileName: document.file_name };
}

/**
 * Links a file uploaded for a draft claim to one of its claim items.
 * @returns the new document's id
 * @throws invalid (claimItemsId, docName); conflict DOCUMENT_ALREADY_LINKED, with the document as
 *   `result` when it links the same item; the claim's lock refusals; the limits of storage/document-limits.ts
 */
export async function linkClaimDocument(
  deps: DocumentDeps,
  family: PlanFamily,
  request: LinkDocumentRequest,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await lockDraftClaim(tx, request.claimId, family);
    const errors: Record<string, string> = {};
    const [item] = await tx.query("SELECT 1 FROM claim_items WHERE id = $1 AND claim_id = $2", [
      request.claimItemsId,
      request.claimId,
    ]);
    if (!item) errors.claimItemsId = "Not a claim item of this claim";
    const [linked] = await tx.query<{ id: number; claim_item_id: number }>(
      "SELECT id, claim_item_id FROM documents WHERE claim_id = $1 AND file_name = $2",
      [request.claimId, request.docName],
    );
    const target = {
      owner: { claimId: request.claimId },
      path: claimDocumentPath(request.claimId, request.docName, family),
      fileName: request.docName,
    };
    const file = await uploadedFile(tx, deps.storage, target, Boolean(linked));
    if (!file) errors.docName = "No file of this name was uploaded for this claim";
    throwIfAny(errors);
    if (linked) {
      // A portal retrying a link whose answer was lost learns the document it already made, so
      // the retry lists it instead of leaving it orphaned on the server.
      const same = linked.claim_item_id === request.claimItemsId;
      throw new Refusal("conflict", {
        code: "DOCUMENT_ALREADY_LINKED",
        message: "This file is already linked to the claim",
        ...(same ? { result: [{ id: linked.id, name: request.docName }] } : {}),
      });
    }
    await checkRoomForDocument(tx, request.claimId, request.claimItemsId, file!.size);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO documents (claim_id, claim_item_id, file_name, content_type, size_bytes)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [request.claimId, request.claimItemsId, request.docName, file!.contentType, file!.size],
    );
    return row!.id;
  });
}

/**
 * Deletes a document of a draft claim, then its file.
 * @throws notFound DOCUMENT_NOT_FOUND; the claim's lock refusals
 */
export async function deleteClaimDocument(deps: DocumentDeps, family: PlanFamily, docId: number): Promise<void> {
  const document = await deps.db.transaction(async (tx) => {
    const [row] = await tx.query<{ claim_id: number; file_name: string }>(
      "SELECT claim_id, file_name FROM documents WHERE id = $1",
      [docId],
    );
    if (!row) throw notFound("DOCUMENT_NOT_FOUND", "Document not found");
    await lockDraftClaim(tx, row.claim_id, family);
    await tx.query("DELETE FROM documents WHERE id = $1", [docId]);
    return row;
  });
  await deps.storage.remove(claimDocumentPath(document.claim_id, document.file_name, family));
}

/**
 * Document calls (SPEC.md section 7): signed upload URL, the PUT of the bytes, linking the stored
 * file to a claim item, deleting it, and its public address.
 */
import { isHTTPError } from "ky";
import { config } from "../config.ts";
import { contentTypeFor } from "../../contract/upload-rules.ts";
import { http, withCallFailure } from "./http.ts";
import { linkDocumentResponseSchema, messageSchema, uploadUrlResponseSchema } from "../../contract/schemas.ts";
import type { ClaimDocument } from "../../machines/domain.ts";

/** Which claims API family a claim belongs to: ACE calls and storage carry an `ace/` prefix. */
export type ClaimFamily = "fpp" | "ace";
const prefixOf = (family: ClaimFamily) => (family === "ace" ? "ace/" : "");

/** A file about to be uploaded: its name and its size in bytes. */
export type FileToUpload = { name: string; size: number };

/**
 * Query of an upload-URL call: the file's type and name as SPEC.md has them, and its size, which
 * the reference server binds into the URL (an optional addition, docs/api.md).
 */
export function uploadUrlQuery(file: FileToUpload): Record<string, string | number> {
  return { fileType: contentTypeFor(file.name), fileName: file.name, fileSize: file.size };
}

/** GET /file-upload-url (or /ace/...): where to PUT a file, and the name it is stored under. */
export async function fetchUploadUrl(family: ClaimFamily, claimId: number, file: FileToUpload): Promise<{ url: string; fileName: string }> {
  return http
    .get(`${prefixOf(family)}file-upload-url`, { searchParams: { claimId, ...uploadUrlQuery(file) } })
    .json(uploadUrlResponseSchema);
}

/**
 * PUTs a file's bytes to a signed URL, reporting progress as a fraction 0..1.
 * XMLHttpRequest, not ky: fetch reports upload progress only with request streams, which Chromium
 * allows over HTTP/2 alone, and storage URLs are often HTTP/1.1.
 * Rejects with an Error carrying the HTTP status when the storage refuses the file.
 */
export function putFile(url: string, file: Blob & { name: string }, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Content-Type", contentTypeFor(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status < 300 ? resolve() : reject(new Error(`Upload refused (${request.status})`)));
    request.onerror = () => reject(new Error("Upload failed"));
    request.onabort = () => reject(new Error("Upload cancelled"));
    signal?.addEventListener("abort", () => request.abort());
    request.send(file);
  });
}

/** POST /insert_linked_and_embedded_files (or /ace/...): links a stored file to a claim item. */
export async function linkDocument(family: ClaimFamily, claimId: number, claimItemId: number, fileName: string): Promise<ClaimDocument> {
  const body = await http
    .post(`${prefixOf(family)}insert_linked_and_embedded_files`, { json: { claimId, claimItemsId: claimItemId, docName: fileName } })
    .json(linkDocumentResponseSchema)
    .catch((error: unknown) => {
      // A retried link whose first answer was lost: the server names the document it made then.
      const existing = alreadyLinked(error, fileName);
      if (existing) return { result: [existing] };
      throw error;
    });
  const linked = body.result[0];
  if (!linked) throw new Error("Document not linked");
  return { id: linked.id, fileName: linked.name };
}

/** The document a 409 DOCUMENT_ALREADY_LINKED answer names for this file, if it names one. */
function alreadyLinked(error: unknown, fileName: string): { id: number; name: string } | null {
  if (!isHTTPError(error) || error.response.status !== 409) return null;
  const data = error.data as { code?: unknown; result?: Array<{ id?: unknown; name?: unknown }> } | undefined;
  const first = data?.code === "DOCUMENT_ALREADY_LINKED" ? data.result?.[0] : undefined;
  return typeof first?.id === "number" && first.name === fileName ? { id: first.id, name: fileName } : null;
}

/** DELETE /delete_uploaded_documents_of_claim/{docId}. @throws CallFailed saying whether the server refused */
export async function deleteDocument(documentId: number): Promise<void> {
  await withCallFailure(() => http.delete(`delete_uploaded_documents_of_claim/${documentId}`).json(messageSchema));
}

/**
 * Public address of a stored document: base + prefix + claims_documentation/CL-{claimId}/
 * photos-consumer/{fileName}; the prefix is empty for FPP and `ace/` for ACE (SPEC.md section 3).
 */
export function documentUrl(family: ClaimFamily, claimId: number, fileName: string): string {
  const base = config.publicStorageUrl.endsWith("/") ? config.publicStorageUrl : `${config.publicStorageUrl}/`;
  return `${base}${prefixOf(family)}claims_documentation/CL-${claimId}/photos-consumer/${encodeURIComponent(fileName)}`;
}

/**
 * Where an upload area sends its files: a claim item, or a contact-service request. `kind` chooses
 * the wording of the too-large toast (SPEC.md section 8: the contact path names the file).
 */
export interface UploadDestination {
  kind: "claimItem" | "contactRequest";
  /** A signed URL to PUT the file to (for its type and size), and the name it is stored under. */
  uploadUrl(file: FileToUpload): Promise<{ url: string; fileName: string }>;
  /** Ties the stored file to the destination; resolves to the document as listed. */
  link(fileName: string): Promise<ClaimDocument>;
}

/** Upload destination of one claim item. */
export function claimItemDestination(family: ClaimFamily, claimId: number, claimItemId: number): UploadDestination {
  return {
    kind: "claimItem",
    uploadUrl: (file) => fetchUploadUrl(family, claimId, file),
    link: (fileName) => linkDocument(family, claimId, claimItemId, fileName),
  };
}

/**
 * The calls that send a file (SPEC.md section 7; docs/api.md for the contact service's): a signed
 * upload URL, the PUT of the bytes with its progress, and the link that ties the stored file to its
 * destination, a claim item or a contact-service request. Loaded with the upload batch
 * (src/ui/upload-batch.ts) when the first files are picked: a screen only names where its files go
 * (UploadDestination, documents.ts).
 */
import { isHTTPError } from "ky";
import { contentTypeFor } from "../../contract/upload-rules.ts";
import { linkDocumentResponseSchema, uploadUrlResponseSchema } from "../../contract/schemas.ts";
import type { ClaimDocument } from "../../machines/domain.ts";
import { config } from "../config.ts";
import { prefixOf, type UploadDestination } from "./documents.ts";
import { http } from "./http.ts";

/** A file about to be uploaded: its name and its size in bytes. */
export type FileToUpload = { name: string; size: number };

/**
 * Query of an upload-URL call: the file's type and name as SPEC.md has them, and its size, which
 * the reference server binds into the URL (an optional addition, docs/api.md).
 */
export function uploadUrlQuery(file: FileToUpload): Record<string, string | number> {
  return { fileType: contentTypeFor(file.name), fileName: file.name, fileSize: file.size };
}

/**
 * Where to PUT a file for `destination`, and the name it is stored under: GET /file-upload-url
 * (or /ace/...) for a claim item, GET /contact_service/file-upload-url for a request. The URL comes
 * back absolute: the reference server answers a root-relative one, on the API's own origin.
 */
export async function uploadUrlFor(
  destination: UploadDestination,
  file: FileToUpload,
): Promise<{ url: string; fileName: string }> {
  const [path, owner] =
    destination.kind === "claimItem"
      ? [`${prefixOf(destination.family)}file-upload-url`, { claimId: destination.claimId }]
      : ["contact_service/file-upload-url", { requestId: destination.requestId }];
  const answer = await http
    .get(path, { searchParams: { ...owner, ...uploadUrlQuery(file) } })
    .json(uploadUrlResponseSchema);
  return { ...answer, url: fromApi(answer.url) };
}

/**
 * A URL an API answer names, made absolute: a root-relative one (the reference server names no
 * host: only the browser knows the address it used) on the API's origin, which is this page's
 * unless VITE_API_BASE_URL names another; an absolute one, a bucket's presigned PUT, as it is.
 */
function fromApi(url: string): string {
  // Outside a browser (unit tests in Node) there is no location, and the API's base is absolute.
  return new URL(url, new URL(config.apiBaseUrl, globalThis.location?.href)).href;
}

/**
 * PUTs a file's bytes to a signed URL, reporting progress as a fraction 0..1.
 * XMLHttpRequest, not ky: fetch reports upload progress only with request streams, which Chromium
 * allows over HTTP/2 alone, and storage URLs are often HTTP/1.1.
 * Rejects with an Error carrying the HTTP status when the storage refuses the file.
 */
export function putFile(
  url: string,
  file: Blob & { name: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
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

/**
 * Ties a stored file to `destination`; resolves to the document as listed. A claim item's:
 * POST /insert_linked_and_embedded_files (or /ace/...); a request's: POST /contact_service/documents.
 */
export async function linkToDestination(destination: UploadDestination, fileName: string): Promise<ClaimDocument> {
  const body =
    destination.kind === "claimItem"
      ? await http
          .post(`${prefixOf(destination.family)}insert_linked_and_embedded_files`, {
            json: { claimId: destination.claimId, claimItemsId: destination.claimItemId, docName: fileName },
          })
          .json(linkDocumentResponseSchema)
          .catch((error: unknown) => {
            // A retried link whose first answer was lost: the server names the document it made then.
            const existing = alreadyLinked(error, fileName);
            if (existing) return { result: [existing] };
            throw error;
          })
      : await http
          .post("contact_service/documents", { json: { requestId: destination.requestId, docName: fileName } })
          .json(linkDocumentResponseSchema);
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

/**
 * Documents a step shows (SPEC.md section 7): where a claim item's files go, a stored document's
 * public address, and deleting one. The calls that send a file (signed URL, PUT, link) are
 * uploads.ts, loaded with the upload batch when the first files are picked.
 */
import { config } from "../config.ts";
import { http, withCallFailure, type ApiClient } from "./http.ts";
import { messageSchema } from "../../contract/schemas.ts";

/** Which claims API family a claim belongs to: ACE calls and storage carry an `ace/` prefix. */
export type ClaimFamily = "fpp" | "ace";
/** The path prefix of a family's document calls and stored files: `ace/` for ACE, none for FPP. */
export const prefixOf = (family: ClaimFamily) => (family === "ace" ? "ace/" : "");

/**
 * Where an upload area sends its files: a claim item, or a contact-service request (its id, a
 * UUID). `kind` also chooses the wording of the too-large toast (SPEC.md section 8: the contact
 * path names the file).
 */
export type UploadDestination =
  | { kind: "claimItem"; family: ClaimFamily; claimId: number; claimItemId: number }
  | { kind: "contactRequest"; requestId: string };

/** Upload destination of one claim item. */
export function claimItemDestination(family: ClaimFamily, claimId: number, claimItemId: number): UploadDestination {
  return { kind: "claimItem", family, claimId, claimItemId };
}

/** DELETE /delete_uploaded_documents_of_claim/{docId}. @throws CallFailed saying whether the server refused */
export async function deleteDocument(documentId: number, client: ApiClient = http): Promise<void> {
  await withCallFailure(() => client.delete(`delete_uploaded_documents_of_claim/${documentId}`).json(messageSchema));
}

/**
 * Public address of a stored document: base + prefix + claims_documentation/CL-{claimId}/
 * photos-consumer/{fileName}; the prefix is empty for FPP and `ace/` for ACE (SPEC.md section 3).
 */
export function documentUrl(family: ClaimFamily, claimId: number, fileName: string): string {
  const base = config.publicStorageUrl.endsWith("/") ? config.publicStorageUrl : `${config.publicStorageUrl}/`;
  return `${base}${prefixOf(family)}claims_documentation/CL-${claimId}/photos-consumer/${encodeURIComponent(fileName)}`;
}

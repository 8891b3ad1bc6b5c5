/**
 * What the document calls of claims (claim-documents.ts) and of contact-service requests
 * (contact-documents.ts) share: what they run on, and the check both links make under the owner's
 * lock once they know whether a document already links the file: was a file of this name
 * uploaded, and its size and type.
 */
import { CONTENT_TYPES, kindOfName } from "../../contract/upload-rules.ts";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/db.ts";
import { uploadedFileSize, type LinkTarget } from "../storage/direct-uploads.ts";
import { isStoredName } from "../storage/file-names.ts";
import type { Storage } from "../storage/storage.ts";

/** What the document calls run on. */
export interface DocumentDeps {
  db: Database;
  storage: Storage;
  config: ServerConfig;
}

/**
 * The uploaded file a link call names, as its document will record it.
 * @param tx the link call's transaction, holding the claim's or request's lock
 * @param linked whether a document already links this file (a retry: its file is not accepted again)
 * @returns its size in bytes and Content-Type; null when no file of this name was uploaded (or the
 *   name is no stored name)
 * @throws what storage/direct-uploads.ts uploadedFileSize throws for a pending upload that breaks the rules
 */
export async function uploadedFile(
  tx: Queryable,
  storage: Storage,
  target: LinkTarget,
  linked: boolean,
): Promise<{ size: number; contentType: string } | null> {
  const kind = isStoredName(target.fileName) ? kindOfName(target.fileName) : null;
  const size = kind ? await uploadedFileSize(tx, storage, target, linked) : null;
  return kind && size !== null ? { size, contentType: CONTENT_TYPES[kind] } : null;
}

/**
 * Uploads straight to object storage (Storage.direct, server/storage/s3-storage.ts). The API
 * never sees the bytes, so what its own PUT route checks while receiving them (server/storage/upload-requests.ts)
 * is checked when the file is linked instead: the pending object's size, its Content-Type and its
 * first bytes; a mismatch is deleted and refused. Only then is it moved to its document path, so a
 * PUT repeated with the same URL (S3 cannot refuse it) never replaces a linked file. SECURITY.md
 * says what differs from the API's own single-use URLs.
 */
import { CONTENT_TYPES, MAX_UPLOAD_BYTES, kindOfName } from "../../contract/upload-rules.ts";
import type { Queryable } from "../db/db.ts";
import type { DirectUploads, Storage } from "./storage.ts";
import type { UploadOwner } from "./upload-grants.ts";
import { checkRealType, sizeMismatch, tooBig, wrongContentType } from "./upload-requests.ts";

/** Bytes read from a pending upload to learn its real type: more than any magic number we check. */
const MAGIC_BYTES = 16;

/** A stored file a link call names. */
export interface LinkTarget {
  owner: UploadOwner;
  /** Its path in storage (claimDocumentPath or contactDocumentPath). */
  path: string;
  /** Its stored name; its extension says its kind. */
  fileName: string;
}

/**
 * The size of the uploaded file a link call names, or null when none was uploaded. With direct
 * uploads a pending upload is checked and accepted first, unless the file is linked already (a
 * repeated PUT must not replace it).
 * @param tx the link call's transaction, holding the claim's or request's lock
 * @param linked whether a document already names this file
 * @returns bytes, or null
 * @throws HttpError 413 FILE_TOO_BIG, 400 SIZE_MISMATCH, 415 WRONG_CONTENT_TYPE, UNSUPPORTED_TYPE or
 *   TYPE_MISMATCH for a pending upload, which is deleted
 */
export async function uploadedFileSize(
  tx: Queryable,
  storage: Storage,
  target: LinkTarget,
  linked: boolean,
): Promise<number | null> {
  if (storage.direct && !linked && (await storage.direct.pending.size(target.path)) !== null) {
    await acceptPending(tx, storage.direct, target);
  }
  return storage.size(target.path);
}

/** Checks a pending upload against its upload URL's record and the upload rules, then accepts it. */
async function acceptPending(tx: Queryable, direct: DirectUploads, target: LinkTarget): Promise<void> {
  const declared = await spendAtLink(tx, target);
  try {
    const size = await direct.pending.size(target.path);
    if (size === null) return;
    if (size > MAX_UPLOAD_BYTES) throw tooBig();
    if (declared !== null && size !== declared) throw sizeMismatch(declared);
    const contentType = CONTENT_TYPES[kindOfName(target.fileName)!];
    if ((await direct.pendingContentType(target.path)) !== contentType) throw wrongContentType(contentType);
    checkRealType((await direct.pending.readStart(target.path, MAGIC_BYTES)) ?? new Uint8Array(), target.fileName);
  } catch (error) {
    await direct.pending.remove(target.path);
    throw error;
  }
  await direct.accept(target.path);
}

/**
 * Marks the upload URL of a file used, as the API's own PUT does when it receives the bytes.
 * @returns the size it was issued for, or null (none declared, or its record already swept)
 */
async function spendAtLink(tx: Queryable, { owner, fileName }: LinkTarget): Promise<number | null> {
  const [grant] = await tx.query<{ size_bytes: number | null }>(
    `UPDATE upload_grants SET used_at = coalesce(used_at, now())
     WHERE file_name = $1 AND (claim_id = $2 OR request_id = $3) RETURNING size_bytes`,
    [fileName, "claimId" in owner ? owner.claimId : null, "requestId" in owner ? owner.requestId : null],
  );
  return grant?.size_bytes ?? null;
}

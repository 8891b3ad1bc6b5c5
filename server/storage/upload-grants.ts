/**
 * Upload grants (server/db/migrations/008_upload_grants.sql): a signed upload URL is recorded when it
 * is handed out and spent by its first PUT, so it works once even across server processes; until
 * linked or expired it counts against its claim's or contact request's byte budget
 * (server/storage/document-limits.ts), and until spent or expired against MAX_OPEN_UPLOAD_URLS. With object
 * storage the URL is a presigned PUT to the bucket, recorded the same way and spent when the file
 * is linked (server/storage/direct-uploads.ts).
 */
import { API_PREFIX, UPLOAD_PATH_PREFIX } from "../app-deps.ts";
import type { ServerConfig } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { HttpError, invalid } from "../http/http-errors.ts";
import { STORAGE_PREFIX, type Storage } from "./storage.ts";
import type { PlanFamily } from "../domain/plan-family.ts";
import { signRequest, signedQuery, type SignedRequest } from "../http/url-signing.ts";

/** How long an upload URL stays valid, in seconds (15 minutes); the sweep removes unlinked files after it. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Whose upload it is: a claim's document, or a contact-service request's. */
export type UploadOwner = { claimId: number } | { requestId: string };

/**
 * Most upload URLs one claim or contact request may hold unspent and unexpired at once. The portal
 * asks for one per file as the person picks it, and one spent by its PUT no longer counts, so an
 * honest page stays far below; a script minting URLs in a loop is refused once this many are open.
 */
export const MAX_OPEN_UPLOAD_URLS = 30;

/** The `WHERE` condition naming an owner's grants, with its value as `$1`. */
function ownerCondition(owner: UploadOwner): { sql: string; value: number | string } {
  return "claimId" in owner
    ? { sql: "claim_id = $1", value: owner.claimId }
    : { sql: "request_id = $1", value: owner.requestId };
}

/**
 * Refuses a new upload URL while the owner already holds MAX_OPEN_UPLOAD_URLS unspent, unexpired
 * ones. Runs under the owner's lock (the claim's row, or the request's advisory lock), so two
 * concurrent calls cannot both take the last place.
 * @param nowSeconds current Unix time in seconds
 * @throws HttpError 429 TOO_MANY_UPLOAD_URLS, with Retry-After: seconds until the first open one expires
 */
async function checkOpenUploadUrls(tx: Queryable, owner: UploadOwner, nowSeconds: number): Promise<void> {
  const { sql, value } = ownerCondition(owner);
  const [open] = await tx.query<{ n: number; first_expiry: number | null }>(
    `SELECT count(*)::int AS n, min(expires)::float8 AS first_expiry FROM upload_grants
     WHERE ${sql} AND used_at IS NULL AND expires >= $2`,
    [value, nowSeconds],
  );
  if (!open || open.n < MAX_OPEN_UPLOAD_URLS) return;
  const wait = Math.max(1, (open.first_expiry ?? nowSeconds) - nowSeconds + 1);
  throw new HttpError(
    429,
    {
      code: "TOO_MANY_UPLOAD_URLS",
      message: `${MAX_OPEN_UPLOAD_URLS} upload URLs are open and not used yet; use them, or ask again once they expire`,
      maxOpen: MAX_OPEN_UPLOAD_URLS,
    },
    { "Retry-After": String(wait) },
  );
}

/** An upload URL to hand out. */
export interface UploadUrlRequest {
  owner: UploadOwner;
  /** Path under /api/v1 the PUT goes to, e.g. `/uploads/ace/123/abcdefghij-photo.jpg`. */
  path: string;
  /** The stored name the PUT writes. */
  fileName: string;
  /** Where the file is stored (claimDocumentPath or contactDocumentPath). */
  storagePath: string;
  /** The Content-Type the PUT must carry. */
  contentType: string;
  /** Declared size in bytes, when the caller gave one: the PUT must carry exactly that. */
  size: number | undefined;
}

/**
 * Signs an upload URL valid for UPLOAD_URL_TTL_SECONDS and records it, unless its owner already
 * holds MAX_OPEN_UPLOAD_URLS open ones.
 * @param tx the issuing call's transaction, holding the owner's lock (its checks and the record
 *   commit together)
 * @returns the API's own PUT as a root-relative URL (`/api/v1/uploads/...?...&sig=`), which works at
 *   whatever address the page was opened at and names no host a request could choose; or with
 *   object storage an absolute presigned PUT to the bucket
 * @throws HttpError 400 (errors.fileSize) with object storage when no size was declared: a
 *   presigned URL that signs no length would take up to 5 GB; 429 TOO_MANY_UPLOAD_URLS
 */
export async function issueUploadUrl(
  tx: Queryable,
  deps: { config: ServerConfig; storage: Storage },
  request: UploadUrlRequest,
): Promise<string> {
  const { config, storage } = deps;
  if (storage.direct && request.size === undefined)
    throw invalid({ fileSize: "Required: uploads go to object storage, which takes a declared size" });
  const nowSeconds = Math.floor(Date.now() / 1000);
  await checkOpenUploadUrls(tx, request.owner, nowSeconds);
  const signed: SignedRequest = {
    method: "PUT",
    path: `${API_PREFIX}${request.path}`,
    expires: nowSeconds + UPLOAD_URL_TTL_SECONDS,
    contentType: request.contentType,
    size: request.size,
  };
  const owner = request.owner;
  await tx.query(
    `INSERT INTO upload_grants (signature, claim_id, request_id, file_name, size_bytes, expires)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      signRequest(config.uploadSecret, signed),
      "claimId" in owner ? owner.claimId : null,
      "requestId" in owner ? owner.requestId : null,
      request.fileName,
      request.size ?? null,
      signed.expires,
    ],
  );
  if (storage.direct) {
    // The record's key is still our signature of the request: unique, and no PUT to the API carries it.
    return storage.direct.presignPut(request.storagePath, {
      contentType: request.contentType,
      size: request.size!,
      expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    });
  }
  return `${signed.path}?${signedQuery(config.uploadSecret, signed)}`;
}

/**
 * Spends an upload URL (its signature already checked): the first PUT marks it used; every later
 * one is refused, whether the first stored a file or not.
 * @param tx the PUT's transaction, which has locked the claim or checked the request
 * @throws HttpError 409 URL_ALREADY_USED; 403 BAD_SIGNATURE when no URL with this signature was
 *   handed out (e.g. signed with a shared UPLOAD_SECRET for another database)
 */
export async function spendUploadUrl(tx: Queryable, signature: string): Promise<void> {
  const [grant] = await tx.query<{ used: boolean }>(
    "SELECT used_at IS NOT NULL AS used FROM upload_grants WHERE signature = $1 FOR UPDATE",
    [signature],
  );
  if (!grant) throw new HttpError(403, { code: "BAD_SIGNATURE", message: "Invalid upload signature" });
  if (grant.used)
    throw new HttpError(409, { code: "URL_ALREADY_USED", message: "This upload URL has been used; ask for a new one" });
  await tx.query("UPDATE upload_grants SET used_at = now() WHERE signature = $1", [signature]);
}

/**
 * Bytes a claim's or contact request's upload URLs may still bring: those not expired whose file
 * is not linked yet, each at its declared size or, undeclared, at the largest file allowed.
 * @param nowSeconds current Unix time in seconds
 * @param largestFile bytes counted for a URL that declared no size
 */
export async function pendingUploadBytes(
  tx: Queryable,
  owner: UploadOwner,
  nowSeconds: number,
  largestFile: number,
): Promise<number> {
  const linked =
    "claimId" in owner
      ? "SELECT 1 FROM documents d WHERE d.claim_id = g.claim_id AND d.file_name = g.file_name"
      : "SELECT 1 FROM contact_documents d WHERE d.request_id = g.request_id AND d.file_name = g.file_name";
  const { sql, value } = ownerCondition(owner);
  const [row] = await tx.query<{ bytes: number }>(
    `SELECT coalesce(sum(coalesce(g.size_bytes, $3)), 0)::float8 AS bytes FROM upload_grants g
     WHERE g.${sql} AND g.expires >= $2 AND NOT EXISTS (${linked})`,
    [value, nowSeconds, largestFile],
  );
  return row?.bytes ?? 0;
}

/**
 * Deletes the records of upload URLs expired before a time: a PUT with them is refused by the
 * expiry its signature covers, so the record has nothing left to guard.
 * @returns how many were deleted
 */
export async function forgetExpiredUploadUrls(q: Queryable, nowSeconds: number): Promise<number> {
  const rows = await q.query("DELETE FROM upload_grants WHERE expires < $1 RETURNING 1", [nowSeconds]);
  return rows.length;
}

/**
 * Upload path of a claim's file under /api/v1: `/uploads/{claimId}/{fileName}` for FPP claims,
 * `/uploads/ace/{claimId}/{fileName}` for ACE claims (the storage prefix, also signed).
 */
export function uploadPath(family: PlanFamily, claimId: number | string, fileName: string): string {
  return `${UPLOAD_PATH_PREFIX}${STORAGE_PREFIX[family]}${claimId}/${fileName}`;
}

/** The signed storage prefix of contact documents: a URL for a claim cannot store here. */
const CONTACT_UPLOAD_PREFIX = "contact_service/";

/** Upload path of a contact-service request's file under /api/v1: `/uploads/contact_service/{requestId}/{fileName}`. */
export function contactUploadPath(requestId: string, fileName: string): string {
  return `${UPLOAD_PATH_PREFIX}${CONTACT_UPLOAD_PREFIX}${requestId}/${fileName}`;
}

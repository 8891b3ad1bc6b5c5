/**
 * Upload grants (server/migrations/008_upload_grants.sql): a signed upload URL is recorded when it
 * is handed out and spent by its first PUT, so it works once even across server processes; until
 * linked or expired it counts against its claim's byte budget (server/document-limits.ts). With
 * object storage the URL is a presigned PUT to the bucket, recorded the same way and spent when the
 * file is linked (server/direct-uploads.ts).
 */
import type { Context } from "hono";
import { API_PREFIX } from "./app-deps.ts";
import type { ServerConfig } from "./config.ts";
import type { Queryable } from "./db.ts";
import { HttpError, invalid } from "./http-errors.ts";
import { publicOrigin } from "./public-url.ts";
import type { Storage } from "./storage.ts";
import { UPLOAD_URL_TTL_SECONDS, signRequest, signedQuery, type SignedRequest } from "./url-signing.ts";

/** Whose upload it is: a claim's document, or a contact-service request's. */
export type UploadOwner = { claimId: number } | { requestId: string };

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
 * Signs an upload URL valid for UPLOAD_URL_TTL_SECONDS and records it.
 * @param tx the issuing call's transaction (its checks and the record commit together)
 * @returns the absolute URL: the API's own, built from PUBLIC_URL (never the Host header), or with
 *   object storage a presigned PUT to the bucket
 * @throws HttpError 400 (errors.fileSize) with object storage when no size was declared: a
 *   presigned URL that signs no length would take up to 5 GB
 */
export async function issueUploadUrl(tx: Queryable, c: Context, deps: { config: ServerConfig; storage: Storage }, request: UploadUrlRequest): Promise<string> {
  const { config, storage } = deps;
  if (storage.direct && request.size === undefined) throw invalid({ fileSize: "Required: uploads go to object storage, which takes a declared size" });
  const signed: SignedRequest = {
    method: "PUT",
    path: `${API_PREFIX}${request.path}`,
    expires: Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS,
    contentType: request.contentType,
    size: request.size,
  };
  const owner = request.owner;
  await tx.query(
    `INSERT INTO upload_grants (signature, claim_id, request_id, file_name, size_bytes, expires)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [signRequest(config.uploadSecret, signed), "claimId" in owner ? owner.claimId : null, "requestId" in owner ? owner.requestId : null,
      request.fileName, request.size ?? null, signed.expires],
  );
  if (storage.direct) {
    // The record's key is still our signature of the request: unique, and no PUT to the API carries it.
    return storage.direct.presignPut(request.storagePath, { contentType: request.contentType, size: request.size!, expiresInSeconds: UPLOAD_URL_TTL_SECONDS });
  }
  return `${publicOrigin(c, config)}${signed.path}?${signedQuery(config.uploadSecret, signed)}`;
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
  if (grant.used) throw new HttpError(409, { code: "URL_ALREADY_USED", message: "This upload URL has been used; ask for a new one" });
  await tx.query("UPDATE upload_grants SET used_at = now() WHERE signature = $1", [signature]);
}

/**
 * Bytes a claim's upload URLs may still bring: those not expired whose file is not linked yet,
 * each at its declared size or, undeclared, at the largest file allowed.
 * @param nowSeconds current Unix time in seconds
 */
export async function pendingUploadBytes(tx: Queryable, claimId: number, nowSeconds: number, largestFile: number): Promise<number> {
  const [row] = await tx.query<{ bytes: number }>(
    `SELECT coalesce(sum(coalesce(g.size_bytes, $3)), 0)::float8 AS bytes FROM upload_grants g
     WHERE g.claim_id = $1 AND g.expires >= $2
       AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.claim_id = g.claim_id AND d.file_name = g.file_name)`,
    [claimId, nowSeconds, largestFile],
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

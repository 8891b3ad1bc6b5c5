/**
 * Signed URLs, like S3 presigned URLs (DESIGN.md "The reference claims API", SECURITY.md): an
 * HMAC-SHA256 under UPLOAD_SECRET of the method, the exact path, the expiry and, for an upload, the
 * content type and byte size it was issued for. Whoever holds the URL may make that one request
 * until it expires; changing any part of it (another file, claim or prefix, a later expiry, another
 * size) breaks the signature. Upload URLs are also recorded, so each works once
 * (server/storage/upload-grants.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a document download URL stays valid, in seconds (5 minutes). */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** What a signature covers. */
export interface SignedRequest {
  method: "GET" | "PUT";
  /** The URL's exact path, e.g. `/api/v1/uploads/ace/123/abcdefghij-photo.jpg` (stored names need no escaping). */
  path: string;
  /** Unix time in seconds after which the URL is refused. */
  expires: number;
  /** Uploads: the Content-Type the PUT must carry. */
  contentType?: string | undefined;
  /** Uploads: the exact size in bytes the PUT must carry; absent when none was declared. */
  size?: number | undefined;
}

/** HMAC-SHA256 of the request, lower-case hex (64 characters). */
export function signRequest(secret: string, request: SignedRequest): string {
  const lines = [request.method, request.path, request.contentType ?? "", request.size ?? "", request.expires];
  return createHmac("sha256", secret).update(lines.join("\n")).digest("hex");
}

/**
 * Checks a signature and then the expiry.
 * @param nowSeconds current Unix time in seconds
 * @returns "ok", "expired" (right signature, too late) or "bad" (wrong or malformed signature)
 */
export function verifyRequest(
  secret: string,
  request: SignedRequest,
  signature: string,
  nowSeconds: number,
): "ok" | "expired" | "bad" {
  const expected = Buffer.from(signRequest(secret, request), "hex");
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad";
  return request.expires >= nowSeconds ? "ok" : "expired";
}

/** The query string of a signed URL: `expires=..[&size=..]&sig=..`. */
export function signedQuery(secret: string, request: SignedRequest): string {
  const size = request.size === undefined ? "" : `&size=${request.size}`;
  return `expires=${request.expires}${size}&sig=${signRequest(secret, request)}`;
}

/**
 * Reads `expires`, `size` and `sig` back from a signed URL's query; malformed values read as
 * values no signature covers (expires 0, size -1), so the check fails instead of throwing.
 */
export function signedParams(query: (name: string) => string | undefined): {
  expires: number;
  size: number | undefined;
  sig: string;
} {
  const expires = /^\d{1,12}$/.test(query("expires") ?? "") ? Number(query("expires")) : 0;
  const sizeText = query("size");
  const size = sizeText === undefined ? undefined : /^\d{1,12}$/.test(sizeText) ? Number(sizeText) : -1;
  return { expires, size, sig: query("sig") ?? "" };
}

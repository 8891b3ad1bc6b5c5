/**
 * Signed upload URLs: like an S3 presigned URL, the signature authorises one PUT of one stored
 * name into one claim until it expires (DESIGN.md, "The reference claims API").
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long an upload URL stays valid, in seconds (15 minutes). */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** What a signature covers. `expires` is a Unix time in seconds. */
export interface UploadGrant {
  /** The claim id, or the request id of a contact-service request. */
  claimId: number | string;
  fileName: string;
  expires: number;
  /**
   * Storage prefix the file goes under ("ace/" for ACE claims); absent or "" for FPP claims. Being
   * signed, a URL issued for one prefix cannot store the file under another.
   */
  prefix?: string;
}

/** HMAC-SHA256 of the grant, lower-case hex. */
export function signUpload(secret: string, grant: UploadGrant): string {
  const prefix = grant.prefix ? `${grant.prefix}\n` : "";
  return createHmac("sha256", secret).update(`PUT\n${prefix}${grant.claimId}\n${grant.fileName}\n${grant.expires}`).digest("hex");
}

/**
 * Checks a signature and expiry.
 * @param nowSeconds current Unix time in seconds
 * @returns "ok", "expired" or "bad" (wrong or malformed signature)
 */
export function verifyUpload(secret: string, grant: UploadGrant, signature: string, nowSeconds: number): "ok" | "expired" | "bad" {
  const expected = Buffer.from(signUpload(secret, grant), "hex");
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad";
  return grant.expires >= nowSeconds ? "ok" : "expired";
}

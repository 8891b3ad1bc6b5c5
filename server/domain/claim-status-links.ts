/**
 * Signed claim-status links for email (contract/claim-status.ts, SECURITY.md "Claim status"):
 * `/claim-status?code=CL-<id>&expires=<unix s>&sig=<HMAC>`, the portal's status page, which passes
 * the three on to GET /api/v1/claim_status. Whoever holds the link may read that claim's status
 * until it expires, from any browser; it grants nothing else (no session, no plan). An email adds
 * `&lng=` (server/mail/mail-layout.tsx), which the signature leaves out: it only picks the page's
 * language, and the page passes the three alone on.
 *
 * The signature is HMAC-SHA256 of the claim id and expiry under a key derived from the link secret
 * for this purpose only (HMAC-SHA256 of `claim-status-link` under LINK_SECRET or DATA_DIR/link-secret),
 * so no plan-link signature, or any other use of that secret, can ever pass as a status link.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long an emailed status link stays valid: 90 days, long enough for a claim to be decided and serviced. */
const CLAIM_STATUS_LINK_TTL_SECONDS = 90 * 24 * 60 * 60;

/** The portal's claim-status page the links open. */
const CLAIM_STATUS_PAGE = "/claim-status";

/** The key of status links, derived from the link secret. */
function statusLinkKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("claim-status-link").digest();
}

function signature(secret: string, claimId: number, expires: number): string {
  return createHmac("sha256", statusLinkKey(secret)).update(`${claimId}\n${expires}`).digest("base64url");
}

/**
 * Path and query of a signed status link, e.g. `/claim-status?code=CL-123&expires=1767225600&sig=…`;
 * the caller puts PUBLIC_URL in front.
 * @param secret the link secret (config.linkSecret)
 * @param expires Unix time in seconds; by default CLAIM_STATUS_LINK_TTL_SECONDS from now
 */
export function claimStatusLinkPath(
  secret: string,
  claimId: number,
  expires = Math.floor(Date.now() / 1000) + CLAIM_STATUS_LINK_TTL_SECONDS,
): string {
  const query = new URLSearchParams({
    code: `CL-${claimId}`,
    expires: String(expires),
    sig: signature(secret, claimId, expires),
  });
  return `${CLAIM_STATUS_PAGE}?${query}`;
}

/**
 * Checks a status link's signature, then its expiry.
 * @param nowSeconds current Unix time in seconds
 * @returns "ok", "expired" (right signature, too late) or "bad" (wrong or malformed signature)
 */
export function verifyClaimStatusLink(
  secret: string,
  claimId: number,
  expires: number,
  sig: string,
  nowSeconds: number,
): "ok" | "expired" | "bad" {
  const expected = Buffer.from(signature(secret, claimId, expires));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad";
  return expires >= nowSeconds ? "ok" : "expired";
}

/**
 * A submitted claim's status (contract/claim-status.ts; SPEC.md section 4 "Claim status"): read by
 * the browser session that found its plan or by the holder of an emailed signed link, and moved
 * forward by staff with the staff key (SECURITY.md, "Claim status" and "The staff key").
 */
import { Hono } from "hono";
import { claimStatusQuerySchema, staffClaimStatusRequestSchema } from "../../contract/claim-status.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import type { AppDeps } from "../app-deps.ts";
import { claimIdOfCode, claimNotFound, loadClaimStatus, recordStep } from "../domain/claim-status.ts";
import { verifyClaimStatusLink } from "../domain/claim-status-links.ts";
import { HttpError } from "../http/http-errors.ts";
import { languageOf } from "../http/language.ts";
import { ownerOf } from "../http/session.ts";
import { requireStaffKey } from "../http/staff-key.ts";
import { validBody, validQuery } from "../http/validate.ts";

/** Path of the staff move under /api/v1: the one call that takes the staff key instead of the API key (server/app.ts). */
export const STAFF_CLAIM_STATUS_PATH = "/staff/claim_status";

/** Routes of the claim status, to mount under /api/v1. */
export function claimStatusRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();

  // Unknown, a draft, not this session's and a wrong signature are the same 404 (no oracle); only
  // a link we signed ourselves can tell that its time is over.
  app.get("/claim_status", validQuery(claimStatusQuerySchema), async (c) => {
    const { code, expires, sig } = c.req.valid("query");
    const claimId = await claimIdOfCode(db, code);
    if (claimId === null) throw claimNotFound();
    if (!(await ownerOf(c).ownsClaim(db, claimId))) {
      const link = sig !== undefined && expires !== undefined && config.linkSecret !== undefined
        ? verifyClaimStatusLink(config.linkSecret, claimId, Number(expires), sig, Math.floor(Date.now() / 1000))
        : "bad";
      if (link === "expired") throw new HttpError(403, { code: REFUSAL_CODES.linkExpired, message: "This claim-status link has expired" });
      if (link === "bad") throw claimNotFound();
    }
    const status = await loadClaimStatus(db, claimId, languageOf(c));
    if (!status) throw claimNotFound();
    return c.json({ result: status });
  });

  app.post(STAFF_CLAIM_STATUS_PATH, requireStaffKey({ db, config }), validBody(staffClaimStatusRequestSchema), async (c) => {
    const { code, step } = c.req.valid("json");
    const status = await db.transaction(async (tx) => {
      const claimId = await claimIdOfCode(tx, code);
      if (claimId === null) throw claimNotFound();
      await recordStep(tx, claimId, step);
      return loadClaimStatus(tx, claimId, languageOf(c));
    });
    return c.json({ result: status! });
  });

  return app;
}

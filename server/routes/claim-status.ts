/**
 * A submitted claim's status (contract/claim-status.ts; SPEC.md section 4 "Claim status"): read by
 * the browser session that found its plan or by the holder of an emailed signed link, and moved
 * forward by staff with the staff key (SECURITY.md, "Claim status" and "The staff key").
 */
import { Hono } from "hono";
import {
  claimStatusLinkAnswerSchema,
  claimStatusLinkQuerySchema,
  claimStatusQuerySchema,
  claimStatusResponseSchema,
  staffClaimStatusRequestSchema,
} from "../../contract/claim-status.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import type { AppDeps } from "../app-deps.ts";
import { claimIdOfCode, claimNotFound, loadClaimStatus, recordStep } from "../domain/claim-status.ts";
import { claimStatusLinkPath, verifyClaimStatusLink } from "../domain/claim-status-links.ts";
import { HttpError } from "../http/http-errors.ts";
import { languageOf } from "../http/language.ts";
import { addressOf, createRateLimiter, rateOf } from "../http/rate-limit.ts";
import { ownerOf } from "../http/session.ts";
import { requireStaffKey } from "../http/staff-key.ts";
import { validBody, validQuery } from "../http/validate.ts";
import { documented } from "../openapi/route-doc.ts";

/** Path of the staff move under /api/v1. */
const STAFF_CLAIM_STATUS_PATH = "/staff/claim_status";

/** Routes of the claim status, to mount under /api/v1. */
export function claimStatusRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(db);
  const rate = rateOf(config.rateLimits, "claimStatusPerAddress");

  // Unknown, a draft, not this session's and a wrong signature are the same 404 (no oracle); only
  // a link we signed ourselves can tell that its time is over. Every code costs the same work (one
  // query, one signature check) and the verdict comes last, so neither the answer nor its time
  // tells whether a code exists. Misses count per address: counted first, taken back when shown.
  app.get(
    "/claim_status",
    documented({
      id: "claim_status",
      tag: "Claim status",
      summary: "A submitted claim's status and timeline",
      description:
        "`code` is the claim number (`CL-{claimId}`) or the claim's status code (`CS-…`). Readable by the session that found the claim's plan, or with the `expires` and `sig` of an emailed status link (`/claim-status?code&expires&sig`, 90 days) from any browser. A draft, an unknown claim, another session's claim and a wrong signature are the same 404; a right signature past its time is 403 LINK_EXPIRED. Item names in the language of Accept-Language.",
      access: "owner",
      queryNotes: {
        code: "CL-{claimId} or CS-…",
        expires: "A status link's expiry, Unix seconds",
        sig: "A status link's signature",
      },
      answer: claimStatusResponseSchema,
      errors: [400, 403, 404],
      limit: "claimStatusPerAddress",
    }),
    validQuery(claimStatusQuerySchema),
    async (c) => {
      const { code, expires, sig } = c.req.valid("query");
      const address = addressOf(c, config);
      await limiter.hit("claim-status", address, rate);
      const loaded = await loadClaimStatus(db, { code }, languageOf(c));
      const owned = loaded !== null && ownerOf(c).access.plans.has(loaded.status.plan.id);
      const link =
        config.linkSecret === undefined
          ? "bad"
          : verifyClaimStatusLink(
              config.linkSecret,
              loaded?.claimId ?? 0,
              Number(expires ?? 0),
              sig ?? "",
              Math.floor(Date.now() / 1000),
            );
      const hasLink = sig !== undefined && expires !== undefined && link !== "bad";
      if (!loaded || (!owned && !hasLink)) throw claimNotFound();
      if (!owned && link === "expired")
        throw new HttpError(403, { code: REFUSAL_CODES.linkExpired, message: "This claim-status link has expired" });
      await limiter.uncount("claim-status", address, rate);
      return c.json({ result: loaded.status });
    },
  );

  // The confirmation's link: signed as the submit email's is, so it opens in any browser, for the
  // session that owns the submitted claim only.
  app.get(
    "/claim_status_link",
    documented({
      id: "claim_status_link",
      tag: "Claim status",
      summary: "A signed link to a submitted claim's status page",
      description:
        "For the session that owns the submitted claim: the path and query of its status page, signed as the submit email's link (90 days), so it opens in any browser. A draft, an unknown claim and another session's claim are the same 404.",
      access: "owner",
      queryNotes: { claimId: "The submitted claim" },
      answer: claimStatusLinkAnswerSchema,
      errors: [400, 404],
    }),
    validQuery(claimStatusLinkQuerySchema),
    async (c) => {
      const { claimId } = c.req.valid("query");
      if (!config.linkSecret) throw new Error("status links need the link secret (startServer sets it)");
      const loaded = await loadClaimStatus(db, { id: claimId }, languageOf(c));
      if (!loaded || !ownerOf(c).access.plans.has(loaded.status.plan.id)) throw claimNotFound();
      return c.json({ link: claimStatusLinkPath(config.linkSecret, claimId) });
    },
  );

  return app;
}

/**
 * The staff move, to mount under /api/v1 ahead of the API key (server/app.ts): the one call that
 * takes the staff key instead, so staff need not hold the portal's.
 */
export function staffRoutes({ db, config }: AppDeps): Hono {
  const app = new Hono();
  // The code must name exactly one submitted claim; an unknown or ambiguous one is refused by name.
  app.post(
    STAFF_CLAIM_STATUS_PATH,
    documented({
      id: "staff_claim_status",
      tag: "Claim status",
      summary: "Move a claim to a later step (staff)",
      description:
        "Staff only: the staff key in `x-staff-key` (STAFF_KEY, else DATA_DIR/staff-key; `npm run claim-status`), not the API key. A claim moves forward only, and may skip steps: a step it has reached or passed is 409 CLAIM_STEP_NOT_FORWARD. A code no submitted claim has is 404 CLAIM_NOT_FOUND, one several claims share 409 CLAIM_CODE_AMBIGUOUS, each naming the code. Answers the claim's new status. The right key always works; wrong keys are counted per address: past 10 in 10 minutes they are answered 429.",
      access: "staff",
      answer: claimStatusResponseSchema,
      errors: [400, 401, 404, 409, 429],
    }),
    requireStaffKey({ db, config }),
    validBody(staffClaimStatusRequestSchema),
    async (c) => {
      const { code, step, outcome, reason } = c.req.valid("json");
      const status = await db.transaction(async (tx) => {
        const claimId = await claimIdOfCode(tx, code);
        await recordStep(tx, claimId, step, outcome && { outcome, reason: reason ?? null });
        return (await loadClaimStatus(tx, { id: claimId }, languageOf(c)))!.status;
      });
      return c.json({ result: status });
    },
  );
  return app;
}

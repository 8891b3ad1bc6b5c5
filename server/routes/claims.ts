/**
 * Claim lifecycle: create, read, delete a draft, submit (SPEC.md sections 4 "Claim flow", 7 "FPP
 * claim calls" and "ACE calls"). Both families take the same steps (server/domain/claim-writes.ts);
 * the ACE calls are the FPP ones under /ace/, and ACE submits without the customer in the path.
 */
import { Hono } from "hono";
import { CLAIM_CODES, SUCCEED, insertClaimRequestSchema } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { loadClaimDetail } from "../domain/claim-queries.ts";
import { languageOf } from "../http/language.ts";
import { createClaim, deleteDraftClaim, submitClaim } from "../domain/claim-writes.ts";
import { addressOf, createRateLimiter, rateOf } from "../http/rate-limit.ts";
import { ownerOf } from "../http/session.ts";
import { ids, validBody } from "../http/validate.ts";

/** Routes of the claim lifecycle, to mount under /api/v1. */
export function claimRoutes({ db, storage, config }: AppDeps): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(db);
  const draftRate = rateOf(config.rateLimits, "draftsPerAddress");

  for (const [family, prefix] of [
    ["fpp", ""],
    ["ace", "/ace"],
  ] as const) {
    // Drafts made per address, both families in one count: making and deleting drafts in a loop
    // writes without end. Counted before the call runs (a burst counts at once) and taken back
    // when it made none, so reopening a draft the plan has never counts.
    app.post(`${prefix}/insert_claim`, validBody(insertClaimRequestSchema), async (c) => {
      const request = c.req.valid("json");
      ownerOf(c).plan(request.warrentyId);
      const address = addressOf(c, config);
      await limiter.hit("drafts", address, draftRate);
      let made = false;
      try {
        const answer = await db.transaction((tx) => createClaim(tx, family, request));
        made = answer.code === CLAIM_CODES.created;
        return c.json(answer);
      } finally {
        if (!made) await limiter.uncount("drafts", address, draftRate);
      }
    });

    app.get(`${prefix}/claim/:claimId`, ids(["claimId"]), async (c) => {
      const { claimId } = c.req.valid("param");
      // The claim and its plan in one query; a claim of another session is as unknown as a missing one.
      const { detail } = ownerOf(c).loadedClaim(await loadClaimDetail(db, claimId, family, languageOf(c)));
      return c.json(detail);
    });
  }

  // Both wizards delete a draft through this call (the ACE calls have no twin of it).
  app.delete("/delete_draft_claim/:claimId", ids(["claimId"]), async (c) => {
    const { claimId } = c.req.valid("param");
    await ownerOf(c).claim(db, claimId);
    await deleteDraftClaim(db, storage, claimId);
    return c.json({ message: SUCCEED });
  });

  app.put("/submit_claim/:claimId/:customerId", ids(["claimId", "customerId"]), async (c) => {
    const { claimId, customerId } = c.req.valid("param");
    await ownerOf(c).claim(db, claimId);
    return c.json(await db.transaction((tx) => submitClaim(tx, "fpp", claimId, customerId)));
  });

  app.put("/ace/submit_claim/:claimId", ids(["claimId"]), async (c) => {
    const { claimId } = c.req.valid("param");
    await ownerOf(c).claim(db, claimId);
    return c.json(await db.transaction((tx) => submitClaim(tx, "ace", claimId)));
  });

  return app;
}

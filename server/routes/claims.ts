/**
 * Claim lifecycle: create, read, delete a draft, submit (SPEC.md sections 4 "Claim flow", 7 "FPP
 * claim calls" and "ACE calls"). Both families take the same steps (server/domain/claim-writes.ts);
 * the ACE calls are the FPP ones under /ace/, and ACE submits without the customer in the path.
 */
import { Hono } from "hono";
import {
  CLAIM_CODES,
  SUCCEED,
  claimDetailSchema,
  insertClaimRequestSchema,
  insertClaimResponseSchema,
  messageSchema,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { loadClaimDetail } from "../domain/claim-queries.ts";
import { languageOf } from "../http/language.ts";
import { createClaim, deleteDraftClaim, submitClaim } from "../domain/claim-writes.ts";
import { addressOf, createRateLimiter, rateOf } from "../http/rate-limit.ts";
import { ownerOf } from "../http/session.ts";
import { ids, validBody } from "../http/validate.ts";
import { submitAnswerSchema } from "../openapi/answers.ts";
import { documented, type RouteDoc } from "../openapi/route-doc.ts";

/** The descriptions of the calls both families make, FPP at /api/v1 and ACE at /api/v1/ace. */
const FAMILY_DOCS: Record<"fpp" | "ace", { insertClaim: RouteDoc; claim: RouteDoc }> = {
  fpp: {
    insertClaim: {
      id: "insert_claim",
      tag: "FPP claims",
      summary: "Start a claim on an FPP plan",
      description:
        "`code` CREATED with `result.claim_id`; DRAFT_EXIST with the draft's `claimId`; CLAIM_IN_PROGRESS with `claimSatusCode`.",
      access: "owner",
      answer: insertClaimResponseSchema,
      errors: [400, 404, 409],
      limit: "draftsPerAddress",
    },
    claim: {
      id: "claim",
      tag: "FPP claims",
      summary: "A claim with its items, damages and documents",
      access: "owner",
      answer: claimDetailSchema,
      errors: [400, 404],
    },
  },
  ace: {
    insertClaim: {
      id: "ace_insert_claim",
      tag: "ACE claims",
      summary: "Start a claim on an ACE plan",
      access: "owner",
      answer: insertClaimResponseSchema,
      errors: [400, 404, 409],
      limit: "draftsPerAddress",
    },
    claim: {
      id: "ace_claim",
      tag: "ACE claims",
      summary: "An ACE claim with its items, damages and documents",
      access: "owner",
      answer: claimDetailSchema,
      errors: [400, 404],
    },
  },
};

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
    app.post(
      `${prefix}/insert_claim`,
      documented(FAMILY_DOCS[family].insertClaim),
      validBody(insertClaimRequestSchema),
      async (c) => {
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
      },
    );

    app.get(`${prefix}/claim/:claimId`, documented(FAMILY_DOCS[family].claim), ids(["claimId"]), async (c) => {
      const { claimId } = c.req.valid("param");
      // The claim and its plan in one query; a claim of another session is as unknown as a missing one.
      const { detail } = ownerOf(c).loadedClaim(await loadClaimDetail(db, claimId, family, languageOf(c)));
      return c.json(detail);
    });
  }

  // Both wizards delete a draft through this call (the ACE calls have no twin of it).
  app.delete(
    "/delete_draft_claim/:claimId",
    documented({
      id: "delete_draft_claim",
      tag: "FPP claims",
      summary: "Delete a draft claim (FPP or ACE)",
      access: "owner",
      answer: messageSchema,
      errors: [400, 404, 409],
    }),
    ids(["claimId"]),
    async (c) => {
      const { claimId } = c.req.valid("param");
      await ownerOf(c).claim(db, claimId);
      await deleteDraftClaim(db, storage, claimId);
      return c.json({ message: SUCCEED });
    },
  );

  app.put(
    "/submit_claim/:claimId/:customerId",
    documented({
      id: "submit_claim",
      tag: "FPP claims",
      summary: "Submit the claim",
      description:
        "`Succeed` (the claim is Open), or `code` CLAIM_INCOMPLETE with what is `missing`, or CLAIM_ALREADY_SUBMITTED.",
      access: "owner",
      answer: submitAnswerSchema,
      errors: [400, 404, 409],
    }),
    ids(["claimId", "customerId"]),
    async (c) => {
      const { claimId, customerId } = c.req.valid("param");
      await ownerOf(c).claim(db, claimId);
      return c.json(await db.transaction((tx) => submitClaim(tx, "fpp", claimId, customerId)));
    },
  );

  app.put(
    "/ace/submit_claim/:claimId",
    documented({
      id: "ace_submit_claim",
      tag: "ACE claims",
      summary: "Submit the ACE claim",
      access: "owner",
      answer: submitAnswerSchema,
      errors: [400, 404, 409],
    }),
    ids(["claimId"]),
    async (c) => {
      const { claimId } = c.req.valid("param");
      await ownerOf(c).claim(db, claimId);
      return c.json(await db.transaction((tx) => submitClaim(tx, "ace", claimId)));
    },
  );

  return app;
}

/**
 * Claim lifecycle: create, read, delete a draft, submit (SPEC.md sections 4 "Claim flow" and 7
 * "FPP claim calls").
 */
import { Hono } from "hono";
import { CLAIM_CODES, SUCCEED, insertClaimRequestSchema, type InsertClaimResponse } from "../../src/api/schemas.ts";
import type { AppDeps } from "../app.ts";
import { DRAFT, lockClaim } from "../claim-guards.ts";
import { loadClaimDetail } from "../claim-queries.ts";
import type { Queryable } from "../db.ts";
import { conflict, notFound } from "../http-errors.ts";
import { claimFolder } from "../storage.ts";
import { idParam, parseBody } from "../validation.ts";

/** Statuses of a claim being handled: a plan with one cannot get another (CLAIM_IN_PROGRESS). */
const IN_PROGRESS = ["In process", "Pending review", "Open"];

/** Routes of the claim lifecycle, to mount under /api/v1. */
export function claimRoutes({ db, storage }: AppDeps): Hono {
  const app = new Hono();

  app.post("/insert_claim", async (c) => {
    const request = await parseBody(c, insertClaimRequestSchema);
    const answer = await db.transaction(async (tx): Promise<InsertClaimResponse> => {
      // Locking the plan serialises concurrent creations, so a plan never gets two drafts.
      const [plan] = await tx.query<{ customer_id: number; status: string }>(
        "SELECT customer_id, status FROM plans WHERE id = $1 FOR UPDATE",
        [request.warrentyId],
      );
      if (!plan || plan.customer_id !== request.customerId) throw notFound("PLAN_NOT_FOUND", "Plan not found for this customer");
      if (plan.status !== "Active") throw conflict("PLAN_NOT_ACTIVE", `Plan is ${plan.status}; claims can be filed on Active plans only`);
      const [live] = await tx.query<{ id: number; status: string; status_code: string | null }>(
        "SELECT id, status, status_code FROM claims WHERE plan_id = $1 AND status = ANY($2::text[]) ORDER BY id LIMIT 1",
        [request.warrentyId, `{${[DRAFT, ...IN_PROGRESS].map((s) => `"${s}"`).join(",")}}`],
      );
      if (live?.status === DRAFT) {
        return { code: CLAIM_CODES.draftExist, message: "A draft claim already exists for this plan", claimId: live.id };
      }
      if (live) {
        return { code: CLAIM_CODES.claimInProgress, message: "A claim is already in progress for this plan", claimSatusCode: live.status_code };
      }
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO claims (plan_id, customer_id, status, damage_date, claim_date, allow_sms)
         VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
        [request.warrentyId, request.customerId, DRAFT, request.damagedate, request.claimdate],
      );
      const claimId = created!.id;
      await tx.query("UPDATE claims SET status_code = 'CS-' || lpad(id::text, 6, '0') WHERE id = $1", [claimId]);
      return { code: CLAIM_CODES.created, message: SUCCEED, result: { claim_id: claimId } };
    });
    return c.json(answer);
  });

  app.get("/claim/:claimId", async (c) => {
    const detail = await loadClaimDetail(db, idParam(c, "claimId"));
    if (!detail) throw notFound(CLAIM_CODES.claimNotFound, "Claim not found");
    return c.json(detail);
  });

  app.delete("/delete_draft_claim/:claimId", async (c) => {
    const claimId = idParam(c, "claimId");
    await db.transaction(async (tx) => {
      const claim = await lockClaim(tx, claimId);
      if (claim.status !== DRAFT) throw conflict("CLAIM_NOT_DRAFT", `Claim is ${claim.status}; only a draft claim can be deleted`);
      await tx.query("DELETE FROM claims WHERE id = $1", [claimId]); // items, damages, documents cascade
    });
    // Files go after the commit: a failed delete leaves unreachable files, never rows without files.
    await storage.removeTree(claimFolder(claimId));
    return c.json({ message: SUCCEED });
  });

  app.put("/submit_claim/:claimId/:customerId", async (c) => {
    const claimId = idParam(c, "claimId");
    const customerId = idParam(c, "customerId");
    const answer = await db.transaction(async (tx) => {
      const claim = await lockClaim(tx, claimId);
      if (claim.customer_id !== customerId) throw notFound(CLAIM_CODES.claimNotFound, "Claim not found for this customer");
      if (claim.status !== DRAFT) return { message: "Claim already submitted", code: "CLAIM_ALREADY_SUBMITTED" };
      const missing = await missingParts(tx, claimId);
      if (missing.length > 0) return { message: "Claim is incomplete", code: "CLAIM_INCOMPLETE", missing };
      await tx.query("UPDATE claims SET status = 'Open', submitted_at = now() WHERE id = $1", [claimId]);
      return { message: SUCCEED };
    });
    return c.json(answer);
  });

  return app;
}

/**
 * What a draft still lacks before it can be submitted: at least one claim item, and on every item
 * at least one damage and one document (SPEC.md section 5, steps 2 and 4).
 * @returns human-readable reasons; empty when complete
 */
async function missingParts(tx: Queryable, claimId: number): Promise<string[]> {
  const items = await tx.query<{ id: number; damages: number; documents: number }>(
    `SELECT ci.id,
       (SELECT count(*)::int FROM damages d WHERE d.claim_item_id = ci.id) AS damages,
       (SELECT count(*)::int FROM documents f WHERE f.claim_item_id = ci.id) AS documents
     FROM claim_items ci WHERE ci.claim_id = $1 ORDER BY ci.id`,
    [claimId],
  );
  if (items.length === 0) return ["no claim item"];
  return items.flatMap((item) => [
    ...(item.damages === 0 ? [`claim item ${item.id} has no damage`] : []),
    ...(item.documents === 0 ? [`claim item ${item.id} has no document`] : []),
  ]);
}

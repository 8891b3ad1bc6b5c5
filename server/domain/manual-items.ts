/**
 * Missing line items (SPEC.md section 2 "Missing line item", section 7 /insert_manual_warr_item):
 * an item the consumer describes while filing an FPP claim, stored as a plan item of origin
 * 'MANUAL' that belongs to that claim (server/db/migrations/010_write_caps.sql). It is listed only
 * where its claim is filed (server/domain/plan-queries.ts), can be claimed only by that claim
 * (server/domain/claim-writes.ts), goes when its draft is deleted, and a claim adds at most
 * MAX_MANUAL_ITEMS_PER_CLAIM of them.
 */
import { MAX_MANUAL_ITEMS_PER_CLAIM, TOO_MANY_MISSING_ITEMS, type ManualItemRequest } from "../../contract/schemas.ts";
import { lockDraftClaim, lookupErrors, throwIfAny } from "./claim-guards.ts";
import type { Queryable } from "../db/db.ts";
import { conflict } from "./refusals.ts";
import { FIELD_KINDS } from "./lookup-kinds.ts";

export { MAX_MANUAL_ITEMS_PER_CLAIM };

/**
 * Adds a missing line item to an FPP draft's plan, owned by the draft.
 * @param tx the call's transaction; the draft is locked, so two calls cannot both take the last place
 * @returns the new plan item's id
 * @throws HttpError 400 (warrentyId not the claim's plan, unknown lookups), 404 CLAIM_NOT_FOUND,
 *   409 WRONG_PLAN_TYPE, CLAIM_NOT_DRAFT, TOO_MANY_MISSING_ITEMS
 */
export async function addManualItem(tx: Queryable, request: ManualItemRequest): Promise<number> {
  // The missing-line-item screen belongs to the FPP wizard.
  const claim = await lockDraftClaim(tx, request.claimId, "fpp");
  const errors: Record<string, string> = {};
  if (claim.plan_id !== request.warrentyId) errors.warrentyId = "The claim belongs to another plan";
  Object.assign(
    errors,
    await lookupErrors(tx, [
      { path: "itemType", id: request.itemType, kinds: FIELD_KINDS.fpp.itemType },
      { path: "manuFacturer", id: request.manuFacturer, kinds: FIELD_KINDS.fpp.manufacturer },
      { path: "material", id: request.material, kinds: FIELD_KINDS.fpp.material },
      { path: "color", id: request.color, kinds: FIELD_KINDS.fpp.color },
    ]),
  );
  throwIfAny(errors);
  const [held] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM plan_items WHERE claim_id = $1", [
    claim.id,
  ]);
  if ((held?.n ?? 0) >= MAX_MANUAL_ITEMS_PER_CLAIM) {
    throw conflict(
      TOO_MANY_MISSING_ITEMS,
      `This claim already has ${MAX_MANUAL_ITEMS_PER_CLAIM} missing items, the most allowed`,
    );
  }
  const optional = (text: string | undefined) => (text?.trim() ? text.trim() : null);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO plan_items (plan_id, claim_id, item_origin, type_id, manufacturer_id, material_id, color_id, description,
       vendor, sku, price, model_number, quantity)
     VALUES ($1, $2, 'MANUAL', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      claim.plan_id,
      claim.id,
      request.itemType,
      request.manuFacturer,
      request.material,
      request.color,
      request.description,
      optional(request.vendor),
      optional(request.sku),
      request.price,
      request.modelNumber,
      request.quantity,
    ],
  );
  await tx.query("UPDATE plan_items SET track_key = 'MANUAL-' || id WHERE id = $1", [row!.id]);
  return row!.id;
}

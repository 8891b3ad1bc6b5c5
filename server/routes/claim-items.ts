/**
 * Claim items and the consumer's missing plan items (SPEC.md section 7: /insert_update_claim_item,
 * /remove_claim_items/{id}, /insert_manual_warr_item; section 4: returned and fully replaced items
 * cannot be claimed). Saving and removing are shared with the /ace/ twins (server/claim-writes.ts).
 */
import { Hono } from "hono";
import { SUCCEED, claimItemsRequestSchema, manualItemRequestSchema } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { lockDraftClaim, lookupErrors, throwIfAny } from "../claim-guards.ts";
import { removeClaimItem, saveClaimItems } from "../claim-writes.ts";
import { FIELD_KINDS } from "../lookup-kinds.ts";
import { ownerOf } from "../session.ts";
import { idParam, parseBody } from "../validation.ts";

/** Routes of claim items and manual plan items, to mount under /api/v1. */
export function claimItemRoutes({ db, storage, config }: AppDeps): Hono {
  const app = new Hono();

  app.post("/insert_update_claim_item", async (c) => {
    const request = await parseBody(c, claimItemsRequestSchema);
    await ownerOf(c, config).claim(db, request.claimId);
    const results = await db.transaction((tx) => saveClaimItems(
      tx, "fpp", { claimId: request.claimId, warrentyId: request.warrentyId, items: request.claim_items },
      (index, field) => `claim_items.${index}.${field}`,
    ));
    return c.json({ message: SUCCEED, results });
  });

  app.delete("/remove_claim_items/:id", async (c) => {
    const claimItemId = idParam(c, "id");
    await ownerOf(c, config).claimItem(db, claimItemId);
    const files = await db.transaction((tx) => removeClaimItem(tx, "fpp", claimItemId));
    for (const file of files) await storage.remove(file);
    return c.json({ message: SUCCEED });
  });

  app.post("/insert_manual_warr_item", async (c) => {
    const request = await parseBody(c, manualItemRequestSchema);
    await ownerOf(c, config).claim(db, request.claimId);
    const id = await db.transaction(async (tx) => {
      // The missing-line-item screen belongs to the FPP wizard.
      const claim = await lockDraftClaim(tx, request.claimId, "fpp");
      const errors: Record<string, string> = {};
      if (claim.plan_id !== request.warrentyId) errors.warrentyId = "The claim belongs to another plan";
      Object.assign(errors, await lookupErrors(tx, [
        { path: "itemType", id: request.itemType, kinds: FIELD_KINDS.fpp.itemType },
        { path: "manuFacturer", id: request.manuFacturer, kinds: FIELD_KINDS.fpp.manufacturer },
        { path: "material", id: request.material, kinds: FIELD_KINDS.fpp.material },
        { path: "color", id: request.color, kinds: FIELD_KINDS.fpp.color },
      ]));
      throwIfAny(errors);
      const optional = (text: string | undefined) => (text?.trim() ? text.trim() : null);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO plan_items (plan_id, item_origin, type_id, manufacturer_id, material_id, color_id, description,
           vendor, sku, price, model_number, quantity)
         VALUES ($1, 'MANUAL', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [claim.plan_id, request.itemType, request.manuFacturer, request.material, request.color, request.description,
          optional(request.vendor), optional(request.sku), request.price, request.modelNumber, request.quantity],
      );
      await tx.query("UPDATE plan_items SET track_key = 'MANUAL-' || id WHERE id = $1", [row!.id]);
      return row!.id;
    });
    return c.json({ message: SUCCEED, result: { id } });
  });

  return app;
}

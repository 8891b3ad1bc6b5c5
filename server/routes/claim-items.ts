/**
 * Claim items and the consumer's missing plan items (SPEC.md section 7: /insert_update_claim_item,
 * /remove_claim_items/{id}, /insert_manual_warr_item; section 4: returned and fully replaced items
 * cannot be claimed).
 */
import { Hono } from "hono";
import { SUCCEED, claimItemsRequestSchema, manualItemRequestSchema } from "../../src/api/schemas.ts";
import type { AppDeps } from "../app.ts";
import { lockDraftClaim, lookupErrors, throwIfAny } from "../claim-guards.ts";
import { notFound } from "../http-errors.ts";
import { FIELD_KINDS } from "../lookup-kinds.ts";
import { claimDocumentPath } from "../storage.ts";
import { idParam, parseBody } from "../validation.ts";

/** Routes of claim items and manual plan items, to mount under /api/v1. */
export function claimItemRoutes({ db, storage }: AppDeps): Hono {
  const app = new Hono();

  app.post("/insert_update_claim_item", async (c) => {
    const request = await parseBody(c, claimItemsRequestSchema);
    const results = await db.transaction(async (tx) => {
      const claim = await lockDraftClaim(tx, request.claimId);
      if (claim.plan_id !== request.warrentyId) throwIfAny({ warrentyId: "The claim belongs to another plan" });
      const planItems = new Map(
        (await tx.query<{ id: number; returned: boolean; full_replacement: boolean }>(
          "SELECT id, returned, full_replacement FROM plan_items WHERE plan_id = $1",
          [claim.plan_id],
        )).map((row) => [row.id, row]),
      );
      const existing = await tx.query<{ id: number; plan_item_id: number }>(
        "SELECT id, plan_item_id FROM claim_items WHERE claim_id = $1",
        [claim.id],
      );
      const errors: Record<string, string> = {};
      const seen = new Set<number>();
      request.claim_items.forEach((item, index) => {
        const at = `claim_items.${index}`;
        const planItem = planItems.get(item.selectedItemId);
        if (seen.has(item.selectedItemId)) errors[`${at}.selectedItemId`] = "The same plan item is listed twice";
        else if (!planItem) errors[`${at}.selectedItemId`] = "Not an item of this plan";
        else if (planItem.returned) errors[`${at}.selectedItemId`] = "The item was returned and cannot be claimed";
        else if (planItem.full_replacement) errors[`${at}.selectedItemId`] = "The item was fully replaced and cannot be claimed";
        seen.add(item.selectedItemId);
        if (item.claimItemId !== undefined) {
          const current = existing.find((row) => row.id === item.claimItemId);
          if (!current) errors[`${at}.claimItemId`] = "Not a claim item of this claim";
          else if (current.plan_item_id !== item.selectedItemId) errors[`${at}.claimItemId`] = "The claim item is for another plan item";
        }
      });
      Object.assign(errors, await lookupErrors(tx, request.claim_items.flatMap((item, index) => [
        { path: `claim_items.${index}.manuFacturer`, id: item.manuFacturer, kinds: FIELD_KINDS.manufacturer },
        { path: `claim_items.${index}.material`, id: item.material, kinds: FIELD_KINDS.material },
        { path: `claim_items.${index}.color`, id: item.color, kinds: FIELD_KINDS.color },
        { path: `claim_items.${index}.itemType`, id: item.itemType, kinds: FIELD_KINDS.itemType },
      ])));
      throwIfAny(errors);

      const written: { claimItemId: number; selectedItemId: number }[] = [];
      for (const item of request.claim_items) {
        // One claim item per plan item: an item saved before is updated, not added again.
        const target = item.claimItemId ?? existing.find((row) => row.plan_item_id === item.selectedItemId)?.id;
        const values = [item.itemType ?? null, item.manuFacturer, item.material, item.color];
        const [row] = target === undefined
          ? await tx.query<{ id: number }>(
              `INSERT INTO claim_items (claim_id, plan_item_id, type_id, manufacturer_id, material_id, color_id)
               VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
              [claim.id, item.selectedItemId, ...values],
            )
          : await tx.query<{ id: number }>(
              `UPDATE claim_items SET type_id = COALESCE($2, type_id), manufacturer_id = $3, material_id = $4, color_id = $5
               WHERE id = $1 RETURNING id`,
              [target, ...values],
            );
        written.push({ claimItemId: row!.id, selectedItemId: item.selectedItemId });
      }
      return written;
    });
    return c.json({ message: SUCCEED, results });
  });

  app.delete("/remove_claim_items/:id", async (c) => {
    const claimItemId = idParam(c, "id");
    const { claimId, files } = await db.transaction(async (tx) => {
      const [item] = await tx.query<{ claim_id: number }>("SELECT claim_id FROM claim_items WHERE id = $1", [claimItemId]);
      if (!item) throw notFound("CLAIM_ITEM_NOT_FOUND", "Claim item not found");
      await lockDraftClaim(tx, item.claim_id);
      const documents = await tx.query<{ file_name: string }>("SELECT file_name FROM documents WHERE claim_item_id = $1", [claimItemId]);
      await tx.query("DELETE FROM claim_items WHERE id = $1", [claimItemId]); // damages and documents cascade
      return { claimId: item.claim_id, files: documents.map((d) => d.file_name) };
    });
    for (const file of files) await storage.remove(claimDocumentPath(claimId, file));
    return c.json({ message: SUCCEED });
  });

  app.post("/insert_manual_warr_item", async (c) => {
    const request = await parseBody(c, manualItemRequestSchema);
    const id = await db.transaction(async (tx) => {
      const claim = await lockDraftClaim(tx, request.claimId);
      const errors: Record<string, string> = {};
      if (claim.plan_id !== request.warrentyId) errors.warrentyId = "The claim belongs to another plan";
      Object.assign(errors, await lookupErrors(tx, [
        { path: "itemType", id: request.itemType, kinds: FIELD_KINDS.itemType },
        { path: "manuFacturer", id: request.manuFacturer, kinds: FIELD_KINDS.manufacturer },
        { path: "material", id: request.material, kinds: FIELD_KINDS.material },
        { path: "color", id: request.color, kinds: FIELD_KINDS.color },
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

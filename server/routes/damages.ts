/**
 * Damages of claim items (SPEC.md section 7: /insert_claim_item_damage,
 * /delete_claim_item_damage/{id}; section 3 "Damage payload").
 */
import { Hono } from "hono";
import { SUCCEED, damagesRequestSchema } from "../../src/api/schemas.ts";
import type { AppDeps } from "../app.ts";
import { lockDraftClaim, lookupErrors, throwIfAny } from "../claim-guards.ts";
import { notFound } from "../http-errors.ts";
import { FIELD_KINDS } from "../lookup-kinds.ts";
import { idParam, parseBody } from "../validation.ts";

/** Routes of damages, to mount under /api/v1. */
export function damageRoutes({ db }: AppDeps): Hono {
  const app = new Hono();

  app.post("/insert_claim_item_damage", async (c) => {
    const request = await parseBody(c, damagesRequestSchema);
    const ids = await db.transaction(async (tx) => {
      const claim = await lockDraftClaim(tx, request.claimId);
      const errors: Record<string, string> = {};
      if (claim.customer_id !== request.customerId) errors.customerId = "Not the customer of this claim";
      const claimItems = await tx.query<{ id: number; plan_item_id: number }>(
        "SELECT id, plan_item_id FROM claim_items WHERE claim_id = $1",
        [claim.id],
      );
      const damageIds = new Set((await tx.query<{ id: number }>(
        "SELECT d.id FROM damages d JOIN claim_items ci ON ci.id = d.claim_item_id WHERE ci.claim_id = $1",
        [claim.id],
      )).map((row) => row.id));
      const seenDamages = new Set<number>();
      request.damage_item.forEach((damage, index) => {
        const at = `damage_item.${index}`;
        // selectedItemId is the plan item id; the damage hangs on that plan item's claim item.
        if (!claimItems.some((item) => item.plan_item_id === damage.selectedItemId)) {
          errors[`${at}.selectedItemId`] = "No claim item of this claim is for this plan item";
        }
        if (damage.damageId !== undefined) {
          if (!damageIds.has(damage.damageId)) errors[`${at}.damageId`] = "Not a damage of this claim";
          else if (seenDamages.has(damage.damageId)) errors[`${at}.damageId`] = "The same damage is listed twice";
          seenDamages.add(damage.damageId);
        }
      });
      Object.assign(errors, await lookupErrors(tx, request.damage_item.flatMap((damage, index) => [
        { path: `damage_item.${index}.damageType`, id: damage.damageType, kinds: FIELD_KINDS.damageType },
        { path: `damage_item.${index}.specificDamage`, id: damage.specificDamage, kinds: FIELD_KINDS.specificDamage },
        { path: `damage_item.${index}.specificLocation`, id: damage.specificLocation, kinds: FIELD_KINDS.specificLocation },
        { path: `damage_item.${index}.howDidOccur`, id: damage.howDidOccur, kinds: FIELD_KINDS.howDidOccur },
        { path: `damage_item.${index}.actionTaken`, id: damage.actionTaken, kinds: FIELD_KINDS.actionTaken },
      ])));
      throwIfAny(errors);

      const written: number[] = [];
      for (const damage of request.damage_item) {
        const claimItemId = claimItems.find((item) => item.plan_item_id === damage.selectedItemId)!.id;
        const values = [claimItemId, damage.damageType, damage.specificDamage ?? null, damage.specificLocation,
          damage.howDidOccur, damage.actionTaken, damage.damageDate, damage.notes];
        const [row] = damage.damageId === undefined
          ? await tx.query<{ id: number }>(
              `INSERT INTO damages (claim_item_id, damage_type_id, specific_damage_id, specific_location_id,
                 how_did_occur_id, action_taken_id, damage_date, notes)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
              values,
            )
          : await tx.query<{ id: number }>(
              `UPDATE damages SET claim_item_id = $2, damage_type_id = $3, specific_damage_id = $4,
                 specific_location_id = $5, how_did_occur_id = $6, action_taken_id = $7, damage_date = $8, notes = $9
               WHERE id = $1 RETURNING id`,
              [damage.damageId, ...values],
            );
        written.push(row!.id);
      }
      return written;
    });
    return c.json({ message: SUCCEED, multipleDamageIds: ids });
  });

  app.delete("/delete_claim_item_damage/:id", async (c) => {
    const damageId = idParam(c, "id");
    await db.transaction(async (tx) => {
      const [damage] = await tx.query<{ claim_id: number }>(
        "SELECT ci.claim_id FROM damages d JOIN claim_items ci ON ci.id = d.claim_item_id WHERE d.id = $1",
        [damageId],
      );
      if (!damage) throw notFound("DAMAGE_NOT_FOUND", "Damage not found");
      await lockDraftClaim(tx, damage.claim_id);
      await tx.query("DELETE FROM damages WHERE id = $1", [damageId]);
    });
    return c.json({ message: SUCCEED });
  });

  return app;
}

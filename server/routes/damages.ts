/**
 * Damages of claim items (SPEC.md section 7: /insert_claim_item_damage,
 * /delete_claim_item_damage/{id}; section 3 "Damage payload"), shared with the /ace/ twins
 * (server/domain/claim-writes.ts).
 */
import { Hono } from "hono";
import { SUCCEED, damagesRequestSchema } from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { deleteDamage, saveDamages } from "../domain/claim-writes.ts";
import { ownerOf } from "../http/session.ts";
import { ids, validBody } from "../http/validate.ts";

/** Routes of damages, to mount under /api/v1. */
export function damageRoutes({ db }: AppDeps): Hono {
  const app = new Hono();

  app.post("/insert_claim_item_damage", validBody(damagesRequestSchema), async (c) => {
    const request = c.req.valid("json");
    await ownerOf(c).claim(db, request.claimId);
    const ids = await db.transaction((tx) => saveDamages(
      tx, "fpp", { claimId: request.claimId, customerId: request.customerId, damages: request.damage_item },
      (index, field) => `damage_item.${index}.${field}`,
    ));
    return c.json({ message: SUCCEED, multipleDamageIds: ids });
  });

  app.delete("/delete_claim_item_damage/:id", ids(["id"]), async (c) => {
    const { id: damageId } = c.req.valid("param");
    await ownerOf(c).damage(db, damageId);
    await db.transaction((tx) => deleteDamage(tx, "fpp", damageId));
    return c.json({ message: SUCCEED });
  });

  return app;
}

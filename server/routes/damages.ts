/**
 * Damages of claim items (SPEC.md section 7: /insert_claim_item_damage,
 * /delete_claim_item_damage/{id}; section 3 "Damage payload"), and their /ace/ twins: one damage
 * per ACE call, its field errors at the top level, its lookups from the damaged item's model
 * (server/domain/claim-writes.ts).
 */
import { Hono } from "hono";
import { SUCCEED, aceDamageRequestSchema, damagesRequestSchema } from "../../contract/schemas.ts";
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
    const ids = await db.transaction((tx) =>
      saveDamages(
        tx,
        "fpp",
        { claimId: request.claimId, customerId: request.customerId, damages: request.damage_item },
        (index, field) => `damage_item.${index}.${field}`,
      ),
    );
    return c.json({ message: SUCCEED, multipleDamageIds: ids });
  });

  app.post("/ace/insert_claim_item_damage", validBody(aceDamageRequestSchema), async (c) => {
    const { claimId, customerId, ...damage } = c.req.valid("json");
    await ownerOf(c).claim(db, claimId);
    const [damageId] = await db.transaction((tx) =>
      saveDamages(tx, "ace", { claimId, customerId, damages: [damage] }, (_index, field) => field),
    );
    return c.json({ message: SUCCEED, result: { damageId: damageId! } });
  });

  for (const [family, prefix] of [
    ["fpp", ""],
    ["ace", "/ace"],
  ] as const) {
    app.delete(`${prefix}/delete_claim_item_damage/:id`, ids(["id"]), async (c) => {
      const { id: damageId } = c.req.valid("param");
      await ownerOf(c).damage(db, damageId);
      await db.transaction((tx) => deleteDamage(tx, family, damageId));
      return c.json({ message: SUCCEED });
    });
  }

  return app;
}

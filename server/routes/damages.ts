/**
 * Damages of claim items (SPEC.md section 7: /insert_claim_item_damage,
 * /delete_claim_item_damage/{id}; section 3 "Damage payload"), and their /ace/ twins: one damage
 * per ACE call, its field errors at the top level, its lookups from the damaged item's model
 * (server/domain/claim-writes.ts).
 */
import { Hono } from "hono";
import {
  SUCCEED,
  aceDamageRequestSchema,
  aceDamageResponseSchema,
  damagesRequestSchema,
  damagesResponseSchema,
  messageSchema,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { deleteDamage, saveDamages } from "../domain/claim-writes.ts";
import { ownerOf } from "../http/session.ts";
import { ids, validBody } from "../http/validate.ts";
import { documented } from "../openapi/route-doc.ts";

/** Routes of damages, to mount under /api/v1. */
export function damageRoutes({ db }: AppDeps): Hono {
  const app = new Hono();

  app.post(
    "/insert_claim_item_damage",
    documented({
      id: "insert_claim_item_damage",
      tag: "FPP claims",
      summary: "Save damages",
      access: "owner",
      answer: damagesResponseSchema,
      errors: [400, 404, 409],
    }),
    validBody(damagesRequestSchema),
    async (c) => {
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
    },
  );

  app.post(
    "/ace/insert_claim_item_damage",
    documented({
      id: "ace_insert_claim_item_damage",
      tag: "ACE claims",
      summary: "Save one damage",
      description: "Damage type, location and cause from the lists of the damaged item's model number.",
      access: "owner",
      answer: aceDamageResponseSchema,
      errors: [400, 404, 409],
    }),
    validBody(aceDamageRequestSchema),
    async (c) => {
      const { claimId, customerId, ...damage } = c.req.valid("json");
      await ownerOf(c).claim(db, claimId);
      const [damageId] = await db.transaction((tx) =>
        saveDamages(tx, "ace", { claimId, customerId, damages: [damage] }, (_index, field) => field),
      );
      return c.json({ message: SUCCEED, result: { damageId: damageId! } });
    },
  );

  for (const [family, prefix] of [
    ["fpp", ""],
    ["ace", "/ace"],
  ] as const) {
    app.delete(
      `${prefix}/delete_claim_item_damage/:id`,
      documented({
        id: family === "ace" ? "ace_delete_claim_item_damage" : "delete_claim_item_damage",
        tag: family === "ace" ? "ACE claims" : "FPP claims",
        summary: "Delete a damage",
        access: "owner",
        answer: messageSchema,
        errors: [400, 404, 409],
      }),
      ids(["id"]),
      async (c) => {
        const { id: damageId } = c.req.valid("param");
        await ownerOf(c).damage(db, damageId);
        await db.transaction((tx) => deleteDamage(tx, family, damageId));
        return c.json({ message: SUCCEED });
      },
    );
  }

  return app;
}

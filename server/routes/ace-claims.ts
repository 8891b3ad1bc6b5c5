/**
 * ACE claim calls (SPEC.md section 7 "ACE calls"; contract/schemas.ts section "ACE claims"): the
 * FPP claim steps of server/domain/claim-writes.ts applied to ACE plans (plan type Ace or Mace), one claim
 * item and one damage per call, damage lookups from the lists of the damaged item's model. The
 * document calls under /ace/ are server/routes/documents.ts mounted for the ACE family.
 */
import { Hono } from "hono";
import {
  SUCCEED, aceClaimItemRequestSchema, aceDamageRequestSchema, insertClaimRequestSchema,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { loadClaimDetail } from "../domain/claim-queries.ts";
import { languageOf } from "../http/language.ts";
import { createClaim, deleteDamage, removeClaimItem, saveClaimItems, saveDamages, submitClaim } from "../domain/claim-writes.ts";
import { ownerOf } from "../http/session.ts";
import { ids, validBody } from "../http/validate.ts";

/** Field errors of the one-entry ACE bodies sit at the top level (`selectedItemId`, not `items.0.selectedItemId`). */
const topLevel = (_index: number, field: string) => field;

/** Routes of ACE claims, to mount under /api/v1. */
export function aceClaimRoutes({ db, storage }: AppDeps): Hono {
  const app = new Hono();

  app.post("/ace/insert_claim", validBody(insertClaimRequestSchema), async (c) => {
    const request = c.req.valid("json");
    ownerOf(c).plan(request.warrentyId);
    return c.json(await db.transaction((tx) => createClaim(tx, "ace", request)));
  });

  app.post("/ace/insert_claim_item", validBody(aceClaimItemRequestSchema), async (c) => {
    const { claimId, warrentyId, ...item } = c.req.valid("json");
    await ownerOf(c).claim(db, claimId);
    const [written] = await db.transaction((tx) => saveClaimItems(tx, "ace", { claimId, warrentyId, items: [item] }, topLevel));
    return c.json({ message: SUCCEED, result: { claimItemId: written!.claimItemId } });
  });

  app.post("/ace/insert_claim_item_damage", validBody(aceDamageRequestSchema), async (c) => {
    const { claimId, customerId, ...damage } = c.req.valid("json");
    await ownerOf(c).claim(db, claimId);
    const [damageId] = await db.transaction((tx) => saveDamages(tx, "ace", { claimId, customerId, damages: [damage] }, topLevel));
    return c.json({ message: SUCCEED, result: { damageId: damageId! } });
  });

  app.get("/ace/claim/:claimId", ids(["claimId"]), async (c) => {
    const { claimId } = c.req.valid("param");
    // The claim and its plan in one query; a claim of another session is as unknown as a missing one.
    const { detail } = ownerOf(c).loadedClaim(await loadClaimDetail(db, claimId, "ace", languageOf(c)));
    return c.json(detail);
  });

  app.delete("/ace/remove_claim_items/:claimId/:itemId", ids(["claimId", "itemId"]), async (c) => {
    const { claimId, itemId: claimItemId } = c.req.valid("param");
    await ownerOf(c).claim(db, claimId);
    const files = await db.transaction((tx) => removeClaimItem(tx, "ace", claimItemId, claimId));
    for (const file of files) await storage.remove(file);
    return c.json({ message: SUCCEED });
  });

  app.delete("/ace/delete_claim_item_damage/:id", ids(["id"]), async (c) => {
    const { id: damageId } = c.req.valid("param");
    await ownerOf(c).damage(db, damageId);
    await db.transaction((tx) => deleteDamage(tx, "ace", damageId));
    return c.json({ message: SUCCEED });
  });

  app.put("/ace/submit_claim/:claimId", ids(["claimId"]), async (c) => {
    const { claimId } = c.req.valid("param");
    await ownerOf(c).claim(db, claimId);
    return c.json(await db.transaction((tx) => submitClaim(tx, "ace", claimId)));
  });

  return app;
}

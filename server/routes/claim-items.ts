/**
 * Claim items and the consumer's missing plan items (SPEC.md section 7: /insert_update_claim_item,
 * /remove_claim_items/{id}, /insert_manual_warr_item, and the ACE twins /ace/insert_claim_item and
 * /ace/remove_claim_items/{claimId}/{itemId}; section 4: returned and fully replaced items cannot be
 * claimed). Both families save and remove alike (server/domain/claim-writes.ts); an ACE call carries
 * one item, its field errors at the top level. A missing item belongs to its claim (server/domain/manual-items.ts).
 */
import { Hono } from "hono";
import {
  SUCCEED,
  aceClaimItemRequestSchema,
  aceClaimItemResponseSchema,
  claimItemsRequestSchema,
  claimItemsResponseSchema,
  manualItemRequestSchema,
  messageSchema,
} from "../../contract/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { removeClaimItem, saveClaimItems } from "../domain/claim-writes.ts";
import { addManualItem } from "../domain/manual-items.ts";
import { ownerOf } from "../http/session.ts";
import { ids, validBody } from "../http/validate.ts";
import { manualItemAnswerSchema } from "../openapi/answers.ts";
import { documented } from "../openapi/route-doc.ts";

/** Routes of claim items and manual plan items, to mount under /api/v1. */
export function claimItemRoutes({ db, storage }: AppDeps): Hono {
  const app = new Hono();

  app.post(
    "/insert_update_claim_item",
    documented({
      id: "insert_update_claim_item",
      tag: "FPP claims",
      summary: "Save the claim items",
      access: "owner",
      answer: claimItemsResponseSchema,
      errors: [400, 404, 409],
    }),
    validBody(claimItemsRequestSchema),
    async (c) => {
      const request = c.req.valid("json");
      await ownerOf(c).claim(db, request.claimId);
      const results = await db.transaction((tx) =>
        saveClaimItems(
          tx,
          "fpp",
          { claimId: request.claimId, warrentyId: request.warrentyId, items: request.claim_items },
          (index, field) => `claim_items.${index}.${field}`,
        ),
      );
      return c.json({ message: SUCCEED, results });
    },
  );

  app.delete(
    "/remove_claim_items/:id",
    documented({
      id: "remove_claim_items",
      tag: "FPP claims",
      summary: "Remove a claim item with its damages and documents",
      access: "owner",
      answer: messageSchema,
      errors: [400, 404, 409],
    }),
    ids(["id"]),
    async (c) => {
      const { id: claimItemId } = c.req.valid("param");
      await ownerOf(c).claimItem(db, claimItemId);
      const files = await db.transaction((tx) => removeClaimItem(tx, "fpp", claimItemId));
      for (const file of files) await storage.remove(file);
      return c.json({ message: SUCCEED });
    },
  );

  app.post(
    "/ace/insert_claim_item",
    documented({
      id: "ace_insert_claim_item",
      tag: "ACE claims",
      summary: "Save one claim item",
      access: "owner",
      answer: aceClaimItemResponseSchema,
      errors: [400, 404, 409],
    }),
    validBody(aceClaimItemRequestSchema),
    async (c) => {
      const { claimId, warrentyId, ...item } = c.req.valid("json");
      await ownerOf(c).claim(db, claimId);
      const [written] = await db.transaction((tx) =>
        saveClaimItems(tx, "ace", { claimId, warrentyId, items: [item] }, (_index, field) => field),
      );
      return c.json({ message: SUCCEED, result: { claimItemId: written!.claimItemId } });
    },
  );

  app.delete(
    "/ace/remove_claim_items/:claimId/:itemId",
    documented({
      id: "ace_remove_claim_items",
      tag: "ACE claims",
      summary: "Remove a claim item",
      access: "owner",
      answer: messageSchema,
      errors: [400, 404, 409],
    }),
    ids(["claimId", "itemId"]),
    async (c) => {
      const { claimId, itemId: claimItemId } = c.req.valid("param");
      await ownerOf(c).claim(db, claimId);
      const files = await db.transaction((tx) => removeClaimItem(tx, "ace", claimItemId, claimId));
      for (const file of files) await storage.remove(file);
      return c.json({ message: SUCCEED });
    },
  );

  app.post(
    "/insert_manual_warr_item",
    documented({
      id: "insert_manual_warr_item",
      tag: "FPP claims",
      summary: "Add an item missing from the plan",
      access: "owner",
      answer: manualItemAnswerSchema,
      errors: [400, 404, 409],
    }),
    validBody(manualItemRequestSchema),
    async (c) => {
      const request = c.req.valid("json");
      await ownerOf(c).claim(db, request.claimId);
      const id = await db.transaction((tx) => addManualItem(tx, request));
      return c.json({ message: SUCCEED, result: { id } });
    },
  );

  return app;
}

/**
 * The writing steps of filing a claim, shared by the FPP calls and their /ace/ twins (SPEC.md
 * sections 4 "Claim flow" and 7): create, save claim items, save damages, remove an item, delete a
 * damage, submit. The claims, claim_items, damages and documents tables are shared; the plan family
 * decides which plans and claims a call accepts, which lookup lists it reads and where documents
 * are stored. Each function runs inside the caller's transaction and throws HttpError to refuse,
 * so a refused call writes nothing.
 */
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES, SUCCEED, type InsertClaimRequest, type InsertClaimResponse } from "../../contract/schemas.ts";
import {
  DRAFT,
  EDITABLE_STATUSES,
  isEditableStatus,
  lockClaim,
  lockDraftClaim,
  lookupErrors,
  throwIfAny,
} from "./claim-guards.ts";
import type { Database, Queryable } from "../db/db.ts";
import { conflict, notFound } from "./refusals.ts";
import { FIELD_KINDS } from "./lookup-kinds.ts";
import { familyOf, requireFamily, type PlanFamily } from "./plan-family.ts";
import { claimDocumentPath, claimFolder, type Storage } from "../storage/storage.ts";
import { recordStep } from "./claim-status.ts";

/** Statuses of a claim being handled: a plan with one cannot get another (CLAIM_IN_PROGRESS). */
const IN_PROGRESS = ["In process", "Pending review", "Open"];

/** Most damages one claim item may carry, so a claim cannot be inflated without bound. */
const MAX_DAMAGES_PER_ITEM = 10;

/** Date range of the date fields (SPEC.md section 9), checked here too, not only in the portal. */
const EARLIEST_DATE = "2000-01-01";

/** Why a YYYY-MM-DD date is outside 2000-01-01..today (UTC, a day of slack for time zones), or null. */
function dateRangeError(date: string): string | null {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (date < EARLIEST_DATE) return `Must be on or after ${EARLIEST_DATE}`;
  if (date > tomorrow) return "Must not be in the future";
  return null;
}

/** Where a field of the `index`-th entry of a request sits, as a dot path for field errors. */
export type PathOf = (index: number, field: string) => string;

/**
 * Starts a claim on a plan of the family: a new Draft, or the answer naming the draft or the claim
 * in progress the plan already has.
 * @throws HttpError 404 PLAN_NOT_FOUND (unknown or not the customer's), 409 WRONG_PLAN_TYPE, 409 PLAN_NOT_ACTIVE
 */
export async function createClaim(
  tx: Queryable,
  family: PlanFamily,
  request: InsertClaimRequest,
): Promise<InsertClaimResponse> {
  // Locking the plan serialises concurrent creations, so a plan never gets two drafts.
  const [plan] = await tx.query<{ customer_id: number; status: string; plan_type: string }>(
    "SELECT customer_id, status, plan_type FROM plans WHERE id = $1 FOR UPDATE",
    [request.warrentyId],
  );
  if (!plan || plan.customer_id !== request.customerId)
    throw notFound(REFUSAL_CODES.planNotFound, "Plan not found for this customer");
  requireFamily(plan.plan_type, family);
  // LEGACY plans file their claims on the legacy site (SPEC.md section 2, "Select plan").
  if (plan.plan_type === "LEGACY")
    throw conflict("LEGACY_PLAN", "Claims on LEGACY plans are filed on the legacy claim site");
  const dateError = dateRangeError(request.damagedate);
  if (dateError) throwIfAny({ damagedate: dateError });
  if (plan.status !== "Active")
    throw conflict("PLAN_NOT_ACTIVE", `Plan is ${plan.status}; claims can be filed on Active plans only`);
  const [live] = await tx.query<{ id: number; status: string; status_code: string | null }>(
    "SELECT id, status, status_code FROM claims WHERE plan_id = $1 AND status = ANY($2::text[]) ORDER BY seq LIMIT 1",
    [request.warrentyId, `{${[...EDITABLE_STATUSES, ...IN_PROGRESS].map((s) => `"${s}"`).join(",")}}`],
  );
  if (live && isEditableStatus(live.status)) {
    return { code: CLAIM_CODES.draftExist, message: "A draft claim already exists for this plan", claimId: live.id };
  }
  if (live) {
    return {
      code: CLAIM_CODES.claimInProgress,
      message: "A claim is already in progress for this plan",
      claimSatusCode: live.status_code,
    };
  }
  const [created] = await tx.query<{ id: number }>(
    `INSERT INTO claims (plan_id, customer_id, status, damage_date, claim_date, allow_sms)
     VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
    [request.warrentyId, request.customerId, DRAFT, request.damagedate, request.claimdate],
  );
  const claimId = created!.id;
  // The whole id, so no two claims share a code (migration 016; lpad would cut it to 6 digits).
  await tx.query("UPDATE claims SET status_code = 'CS-' || id::text WHERE id = $1", [claimId]);
  return { code: CLAIM_CODES.created, message: SUCCEED, result: { claim_id: claimId } };
}

/** One claim item to save; `selectedItemId` is the plan item id, lookups are ids. */
export interface ClaimItemInput {
  claimItemId?: number | undefined;
  selectedItemId: number;
  manuFacturer: number;
  material: number;
  color: number;
  itemType?: number | null | undefined;
}

/**
 * Saves claim items of a draft: one claim item per plan item, so an item saved before (by
 * `claimItemId` or by its plan item) is updated, not added again.
 * @returns the claim item ids, in request order
 * @throws HttpError 400 (plan item not of the plan, returned, fully replaced, listed twice; unknown
 *   lookup of the family; `claimItemId` not of this claim; `warrentyId` not the claim's plan),
 *   404 CLAIM_NOT_FOUND, 409 WRONG_PLAN_TYPE, 409 CLAIM_NOT_DRAFT
 */
export async function saveClaimItems(
  tx: Queryable,
  family: PlanFamily,
  request: { claimId: number; warrentyId: number; items: readonly ClaimItemInput[] },
  pathOf: PathOf,
): Promise<{ claimItemId: number; selectedItemId: number }[]> {
  const claim = await lockDraftClaim(tx, request.claimId, family);
  if (claim.plan_id !== request.warrentyId) throwIfAny({ warrentyId: "The claim belongs to another plan" });
  // The plan's sold items and the missing items this claim added: another claim's are not its to claim.
  const planItems = new Map(
    (
      await tx.query<{ id: number; returned: boolean; full_replacement: boolean }>(
        "SELECT id, returned, full_replacement FROM plan_items WHERE plan_id = $1 AND (claim_id IS NULL OR claim_id = $2)",
        [claim.plan_id, claim.id],
      )
    ).map((row) => [row.id, row]),
  );
  const existing = await tx.query<{ id: number; plan_item_id: number }>(
    "SELECT id, plan_item_id FROM claim_items WHERE claim_id = $1",
    [claim.id],
  );
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  request.items.forEach((item, index) => {
    const at = (field: string) => pathOf(index, field);
    const planItem = planItems.get(item.selectedItemId);
    if (seen.has(item.selectedItemId)) errors[at("selectedItemId")] = "The same plan item is listed twice";
    else if (!planItem) errors[at("selectedItemId")] = "Not an item of this plan";
    else if (planItem.returned) errors[at("selectedItemId")] = "The item was returned and cannot be claimed";
    else if (planItem.full_replacement)
      errors[at("selectedItemId")] = "The item was fully replaced and cannot be claimed";
    seen.add(item.selectedItemId);
    if (item.claimItemId !== undefined) {
      const current = existing.find((row) => row.id === item.claimItemId);
      if (!current) errors[at("claimItemId")] = "Not a claim item of this claim";
      else if (current.plan_item_id !== item.selectedItemId)
        errors[at("claimItemId")] = "The claim item is for another plan item";
    }
  });
  const kinds = FIELD_KINDS[family];
  Object.assign(
    errors,
    await lookupErrors(
      tx,
      request.items.flatMap((item, index) => [
        { path: pathOf(index, "manuFacturer"), id: item.manuFacturer, kinds: kinds.manufacturer },
        { path: pathOf(index, "material"), id: item.material, kinds: kinds.material },
        { path: pathOf(index, "color"), id: item.color, kinds: kinds.color },
        { path: pathOf(index, "itemType"), id: item.itemType, kinds: kinds.itemType },
      ]),
    ),
  );
  throwIfAny(errors);

  const written: { claimItemId: number; selectedItemId: number }[] = [];
  for (const item of request.items) {
    const target = item.claimItemId ?? existing.find((row) => row.plan_item_id === item.selectedItemId)?.id;
    const values = [item.itemType ?? null, item.manuFacturer, item.material, item.color];
    const [row] =
      target === undefined
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
}

/**
 * Removes a claim item of a draft with its damages and documents.
 * @param inClaim when given, the item must belong to this claim (checked after the claim itself)
 * @returns storage paths of the item's documents, to remove after the commit
 * @throws HttpError 404 CLAIM_ITEM_NOT_FOUND or CLAIM_NOT_FOUND, 409 WRONG_PLAN_TYPE, 409 CLAIM_NOT_DRAFT
 */
export async function removeClaimItem(
  tx: Queryable,
  family: PlanFamily,
  claimItemId: number,
  inClaim?: number,
): Promise<string[]> {
  const itemNotFound = () => notFound("CLAIM_ITEM_NOT_FOUND", "Claim item not found");
  let claimId = inClaim;
  if (claimId === undefined) {
    const [item] = await tx.query<{ claim_id: number }>("SELECT claim_id FROM claim_items WHERE id = $1", [
      claimItemId,
    ]);
    if (!item) throw itemNotFound();
    claimId = item.claim_id;
  }
  const claim = await lockDraftClaim(tx, claimId, family);
  const [item] = await tx.query("SELECT 1 FROM claim_items WHERE id = $1 AND claim_id = $2", [claimItemId, claim.id]);
  if (!item) throw itemNotFound();
  const documents = await tx.query<{ file_name: string }>("SELECT file_name FROM documents WHERE claim_item_id = $1", [
    claimItemId,
  ]);
  await tx.query("DELETE FROM claim_items WHERE id = $1", [claimItemId]); // damages and documents cascade
  return documents.map((d) => claimDocumentPath(claim.id, d.file_name, family));
}

/** One damage to save; `selectedItemId` is the plan item id of a claim item of the claim. */
export interface DamageInput {
  damageId?: number | undefined;
  selectedItemId: number;
  damageType: number;
  specificDamage?: number | null | undefined;
  specificLocation: number;
  damageDate: string;
  howDidOccur: number;
  actionTaken: number;
  notes: string;
}

/**
 * Saves damages of a draft's claim items: added, or updated when `damageId` is given. ACE damages
 * take their type, location and cause from the lists of the damaged item's model number and have
 * no specific damage.
 * @returns the damage ids, in request order
 * @throws HttpError 400 (no claim item for `selectedItemId`, unknown or repeated `damageId`,
 *   `customerId` not the claim's, lookup not in the family's list or not for the item's model),
 *   404 CLAIM_NOT_FOUND, 409 WRONG_PLAN_TYPE, 409 CLAIM_NOT_DRAFT
 */
export async function saveDamages(
  tx: Queryable,
  family: PlanFamily,
  request: { claimId: number; customerId: number; damages: readonly DamageInput[] },
  pathOf: PathOf,
): Promise<number[]> {
  const claim = await lockDraftClaim(tx, request.claimId, family);
  const errors: Record<string, string> = {};
  if (claim.customer_id !== request.customerId) errors.customerId = "Not the customer of this claim";
  const claimItems = await tx.query<{ id: number; plan_item_id: number; model_number: string | null }>(
    `SELECT ci.id, ci.plan_item_id, pi.model_number
     FROM claim_items ci JOIN plan_items pi ON pi.id = ci.plan_item_id WHERE ci.claim_id = $1`,
    [claim.id],
  );
  const damageIds = new Set(
    (
      await tx.query<{ id: number }>(
        "SELECT d.id FROM damages d JOIN claim_items ci ON ci.id = d.claim_item_id WHERE ci.claim_id = $1",
        [claim.id],
      )
    ).map((row) => row.id),
  );
  const seenDamages = new Set<number>();
  const kinds = FIELD_KINDS[family];
  const refs = request.damages.flatMap((damage, index) => {
    const at = (field: string) => pathOf(index, field);
    // selectedItemId is the plan item id; the damage hangs on that plan item's claim item.
    const claimItem = claimItems.find((item) => item.plan_item_id === damage.selectedItemId);
    if (!claimItem) errors[at("selectedItemId")] = "No claim item of this claim is for this plan item";
    const dateError = dateRangeError(damage.damageDate);
    if (dateError) errors[at("damageDate")] = dateError;
    if (damage.damageId !== undefined) {
      if (!damageIds.has(damage.damageId)) errors[at("damageId")] = "Not a damage of this claim";
      else if (seenDamages.has(damage.damageId)) errors[at("damageId")] = "The same damage is listed twice";
      seenDamages.add(damage.damageId);
    }
    // ACE type, location and cause come from the lists of the damaged item's model; without a
    // claim item there is no model to check them against (that field error is reported already).
    const perModel = family === "ace" ? { model: claimItem?.model_number ?? null } : {};
    return [
      { path: at("damageType"), id: damage.damageType, kinds: kinds.damageType, ...perModel },
      { path: at("specificDamage"), id: family === "ace" ? null : damage.specificDamage, kinds: kinds.specificDamage },
      { path: at("specificLocation"), id: damage.specificLocation, kinds: kinds.specificLocation, ...perModel },
      { path: at("howDidOccur"), id: damage.howDidOccur, kinds: kinds.howDidOccur, ...perModel },
      { path: at("actionTaken"), id: damage.actionTaken, kinds: kinds.actionTaken },
    ];
  });
  Object.assign(errors, await lookupErrors(tx, refs));
  throwIfAny(errors);
  // The cap counts what each item would hold after this call.
  const counts = await tx.query<{ claim_item_id: number; n: number }>(
    "SELECT d.claim_item_id, count(*)::int AS n FROM damages d JOIN claim_items ci ON ci.id = d.claim_item_id WHERE ci.claim_id = $1 GROUP BY d.claim_item_id",
    [claim.id],
  );
  const held = new Map(counts.map((row) => [row.claim_item_id, row.n]));
  request.damages.forEach((damage, index) => {
    if (damage.damageId !== undefined) return;
    const item = claimItems.find((ci) => ci.plan_item_id === damage.selectedItemId)!;
    held.set(item.id, (held.get(item.id) ?? 0) + 1);
    if (held.get(item.id)! > MAX_DAMAGES_PER_ITEM)
      errors[pathOf(index, "selectedItemId")] = `At most ${MAX_DAMAGES_PER_ITEM} damages per item`;
  });
  throwIfAny(errors);

  const written: number[] = [];
  for (const damage of request.damages) {
    const claimItemId = claimItems.find((item) => item.plan_item_id === damage.selectedItemId)!.id;
    const specificDamage = family === "ace" ? null : (damage.specificDamage ?? null);
    const values = [
      claimItemId,
      damage.damageType,
      specificDamage,
      damage.specificLocation,
      damage.howDidOccur,
      damage.actionTaken,
      damage.damageDate,
      damage.notes,
    ];
    const [row] =
      damage.damageId === undefined
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
}

/**
 * Deletes a damage of a draft.
 * @throws HttpError 404 DAMAGE_NOT_FOUND, 409 WRONG_PLAN_TYPE, 409 CLAIM_NOT_DRAFT
 */
export async function deleteDamage(tx: Queryable, family: PlanFamily, damageId: number): Promise<void> {
  const [damage] = await tx.query<{ claim_id: number }>(
    "SELECT ci.claim_id FROM damages d JOIN claim_items ci ON ci.id = d.claim_item_id WHERE d.id = $1",
    [damageId],
  );
  if (!damage) throw notFound("DAMAGE_NOT_FOUND", "Damage not found");
  await lockDraftClaim(tx, damage.claim_id, family);
  await tx.query("DELETE FROM damages WHERE id = $1", [damageId]);
}

/** Answers of submit: `{ message: "Succeed" }`, or why the claim was not submitted. */
export type SubmitAnswer = { message: string; code?: string; missing?: string[] };

/**
 * Submits a complete draft: its status becomes Open.
 * @param customerId when given, the claim must be this customer's (the FPP call names it)
 * @returns Succeed, "Claim is incomplete" (with what is missing) or "Claim already submitted"
 * @throws HttpError 404 CLAIM_NOT_FOUND, 409 WRONG_PLAN_TYPE
 */
export async function submitClaim(
  tx: Queryable,
  family: PlanFamily,
  claimId: number,
  customerId?: number,
): Promise<SubmitAnswer> {
  const claim = await lockClaim(tx, claimId, family);
  if (customerId !== undefined && claim.customer_id !== customerId)
    throw notFound(CLAIM_CODES.claimNotFound, "Claim not found for this customer");
  if (!isEditableStatus(claim.status))
    return { message: "Claim already submitted", code: REFUSAL_CODES.claimAlreadySubmitted };
  const missing = await missingParts(tx, claimId);
  if (missing.length > 0) return { message: "Claim is incomplete", code: REFUSAL_CODES.claimIncomplete, missing };
  await tx.query("UPDATE claims SET status = 'Open', submitted_at = now() WHERE id = $1", [claimId]);
  // The first step of its status timeline, in this transaction: a submitted claim always has it.
  await recordStep(tx, claimId, "submitted");
  return { message: SUCCEED };
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
     FROM claim_items ci WHERE ci.claim_id = $1 ORDER BY ci.seq`,
    [claimId],
  );
  if (items.length === 0) return ["no claim item"];
  return items.flatMap((item) => [
    ...(item.damages === 0 ? [`claim item ${item.id} has no damage`] : []),
    ...(item.documents === 0 ? [`claim item ${item.id} has no document`] : []),
  ]);
}

/**
 * Deletes a draft claim, FPP or ACE, then its files.
 * @throws notFound CLAIM_NOT_FOUND; conflict CLAIM_NOT_DRAFT when it is no longer a draft
 */
export async function deleteDraftClaim(db: Database, storage: Storage, claimId: number): Promise<void> {
  const claim = await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (claim.status !== DRAFT)
      throw conflict(REFUSAL_CODES.claimNotDraft, `Claim is ${claim.status}; only a draft claim can be deleted`);
    // Its claim items, damages, documents and the missing line items it added cascade.
    await tx.query("DELETE FROM claims WHERE id = $1", [claimId]);
    return claim;
  });
  // Files go after the commit: a failed delete leaves unreachable files, never rows without files.
  await storage.removeTree(claimFolder(claimId, familyOf(claim.plan_type)));
}

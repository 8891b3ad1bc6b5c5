/**
 * FPP claim calls (SPEC.md section 7, "FPP claim calls"), mapped between domain shapes and the
 * wire. Each throws ky's HTTPError or a SchemaValidationError on failure.
 */
import * as v from "valibot";
import {
  isAcePlanType,
  toClaimStatus,
  type Claim,
  type ClaimItem,
  type DamageEntry,
  type ItemDetails,
  type PlanType,
  type StartClaimResult,
} from "../../machines/domain.ts";
import type { ManualItem } from "../../machines/missing-item.machine.ts";
import { INCOMPLETE_CLAIM_MESSAGE, http, submitOutcomeOfFailure, withCallFailure, type ApiClient } from "./http.ts";
import type { AddItemOutcome, SubmitOutcome } from "../../machines/outcomes.ts";
import {
  CLAIM_CODES,
  SUCCEED,
  claimDetailSchema,
  claimItemsResponseSchema,
  damagesResponseSchema,
  insertClaimResponseSchema,
  messageSchema,
  type WireClaimDetail,
} from "../../contract/schemas.ts";

/**
 * POST /insert_claim (FPP) or /ace/insert_claim (Ace, Mace) on a plan, dated `at` (now unless given)
 * in the consumer's zone: created, a draft exists, a claim is in progress, or refused.
 */
export async function startClaim(
  plan: { planId: number; customerId: number; planType?: PlanType },
  at?: Date,
): Promise<StartClaimResult> {
  const path = plan.planType && isAcePlanType(plan.planType) ? "ace/insert_claim" : "insert_claim";
  // This module is part of the app shell (route loaders fetch claims); luxon comes with the claim.
  const { claimDates } = await import("../../machines/calendar.ts");
  const dates = claimDates(at);
  const body = await http
    .post(path, {
      json: {
        warrentyId: plan.planId,
        customerId: plan.customerId,
        damagedate: dates.day,
        claimdate: dates.moment,
        allowSMS: true,
      },
    })
    .json(insertClaimResponseSchema);
  if (body.code === CLAIM_CODES.draftExist && body.claimId) return { kind: "draftExists", claimId: body.claimId };
  if (body.code === CLAIM_CODES.claimInProgress)
    return { kind: "claimInProgress", statusCode: body.claimSatusCode ?? null };
  if (body.result?.claim_id) return { kind: "created", claimId: body.result.claim_id };
  return { kind: "refused" };
}

/** DELETE /delete_draft_claim/{claimId}. */
export async function deleteDraftClaim(claimId: number): Promise<void> {
  await http.delete(`delete_draft_claim/${claimId}`).json(messageSchema);
}

/** Maps GET claim/{id} (FPP or ACE) to a domain claim. */
export function toClaim(detail: WireClaimDetail): Claim {
  return {
    id: detail.claim.id,
    status: toClaimStatus(detail.claim.status),
    planId: detail.claim.warrentyId,
    customerId: detail.claim.customerId,
    damageAreas: detail.damageAreasDisp,
    items: detail.items.map((item): ClaimItem => ({
      id: item.id,
      planItemId: item.warrntyItemId,
      manufacturerId: item.manufacturer.id,
      materialId: item.material.id,
      colorId: item.color.id,
      documents: item.documents_and_photos,
      damages: item.damages.map((damage) => ({
        id: damage.id,
        damageTypeId: damage.damageCategory.id,
        specificDamageId: damage.specificDamage?.id ?? null,
        damageAreaId: damage.specificLocation.id,
        howItHappenedId: damage.occuredReason.id,
        remedyId: damage.actionTaken.id,
        noticedOn: damage.damageDate,
        note: damage.notes,
      })),
    })),
  };
}

/** GET /claim/{claimId}. Rejects with a CallFailed (refused 404, CLAIM_NOT_FOUND) for an unknown claim. */
export async function fetchClaim(claimId: number, client: ApiClient = http): Promise<Claim> {
  return withCallFailure(async () => claimFromAnswer(await client.get(`claim/${claimId}`).json()));
}

/** The claim in an answer of GET /claim/{claimId}. @throws ValiError when the answer is not one */
export function claimFromAnswer(body: unknown): Claim {
  return toClaim(v.parse(claimDetailSchema, body));
}

/**
 * POST /insert_update_claim_item: saves the chosen items with their details.
 * @param items plan item id with details, and the claim item id when already saved
 */
export async function saveClaimItems(
  claim: { claimId: number; planId: number },
  items: Array<{ planItemId: number; claimItemId?: number; itemTypeId?: number | null } & ItemDetails>,
  client: ApiClient = http,
): Promise<void> {
  await client
    .post("insert_update_claim_item", {
      json: {
        warrentyId: claim.planId,
        claimId: claim.claimId,
        claim_items: items.map((item) => ({
          ...(item.claimItemId && { claimItemId: item.claimItemId }),
          selectedItemId: item.planItemId,
          manuFacturer: item.manufacturerId,
          material: item.materialId,
          color: item.colorId,
          itemType: item.itemTypeId ?? null,
        })),
      },
    })
    .json(claimItemsResponseSchema);
}

/** DELETE /remove_claim_items/{id}: drops a claim item with its damages and documents. */
export async function removeClaimItem(claimItemId: number, client: ApiClient = http): Promise<void> {
  await client.delete(`remove_claim_items/${claimItemId}`).json(messageSchema);
}

/**
 * POST /insert_claim_item_damage with only the unsaved damages (saved ones are not re-sent).
 * @returns the new damage ids, in order
 */
export async function saveDamages(
  claim: { claimId: number; customerId: number },
  damages: Array<{ planItemId: number } & DamageEntry>,
  client: ApiClient = http,
): Promise<number[]> {
  const body = await client
    .post("insert_claim_item_damage", {
      json: {
        claimId: claim.claimId,
        customerId: claim.customerId,
        damage_item: damages.map((damage) => ({
          selectedItemId: damage.planItemId,
          damageType: damage.damageTypeId,
          specificDamage: damage.specificDamageId,
          specificLocation: damage.damageAreaId,
          damageDate: damage.noticedOn,
          howDidOccur: damage.howItHappenedId,
          actionTaken: damage.remedyId,
          notes: damage.note.trim(),
        })),
      },
    })
    .json(damagesResponseSchema);
  return body.multipleDamageIds;
}

/** DELETE /delete_claim_item_damage/{id}. */
export async function deleteDamage(damageId: number, client: ApiClient = http): Promise<void> {
  await client.delete(`delete_claim_item_damage/${damageId}`).json(messageSchema);
}

/**
 * PUT /submit_claim/{claimId}/{customerId}, as a SubmitOutcome (SPEC.md section 4): only the message
 * 'Succeed' means submitted, 'Claim is incomplete' incomplete, any other message notTaken; an HTTP
 * 504 is gatewayTimeout and a CLAIM_ALREADY_SUBMITTED refusal alreadySubmitted.
 * @throws CallFailed for any other failure
 */
export async function submitClaim(
  claim: { claimId: number; customerId: number },
  client: ApiClient = http,
): Promise<SubmitOutcome> {
  return withCallFailure(async () => {
    try {
      const { message } = await client.put(`submit_claim/${claim.claimId}/${claim.customerId}`).json(messageSchema);
      if (message === SUCCEED) return { kind: "submitted" };
      return { kind: message === INCOMPLETE_CLAIM_MESSAGE ? "incomplete" : "notTaken" };
    } catch (error) {
      const outcome = submitOutcomeOfFailure(error);
      if (outcome) return outcome;
      throw error;
    }
  });
}

/**
 * POST /insert_manual_warr_item: adds a missing line item to the claim's plan.
 * @returns added when the answer's message is 'Succeed', notAdded for any other message
 * @throws CallFailed saying why the call failed; the screen says it as a catalog message (refusals.ts)
 */
export async function addManualItem(
  claim: { claimId: number; planId: number },
  item: ManualItem,
): Promise<AddItemOutcome> {
  const body = await withCallFailure(() =>
    http
      .post("insert_manual_warr_item", {
        json: {
          claimId: claim.claimId,
          warrentyId: claim.planId,
          itemType: item.itemTypeId,
          manuFacturer: item.manufacturerId,
          material: item.materialId,
          color: item.colorId,
          ...(item.vendor.trim() && { vendor: item.vendor.trim() }),
          ...(item.sku.trim() && { sku: item.sku.trim() }),
          modelNumber: item.modelNumber.trim(),
          price: item.price,
          quantity: item.quantity,
          description: item.description.trim(),
        },
      })
      .json(messageSchema),
  );
  return { kind: body.message === SUCCEED ? "added" : "notAdded" };
}

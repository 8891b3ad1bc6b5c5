/**
 * The reference claims API in miniature, for the claim wizards' QA tables: what each call answers
 * for the wizard's context, the way server/ would, so a path's done events carry the claim the
 * screen will show. Ids are the model's own; nothing here reaches the browser.
 */
import { unsavedDamages } from "../../machines/claim-drafts.ts";
import { needsSpecificDamage, type ClaimWizardContext, type LoadedClaim } from "../../machines/claim-wizard.ts";
import type { Claim, ClaimItem, SavedDamage } from "../../machines/domain.ts";

const claimOf = (context: ClaimWizardContext): Claim => context.claim!;

/** A claim item's id: the model's plan item id plus 100. */
const claimItemId = (planItemId: number) => planItemId + 100;

/** A new draft claim on the plan, as insert_claim makes it. */
export function freshClaim(loaded: Omit<LoadedClaim, "claim">, damageAreas: Claim["damageAreas"]): LoadedClaim {
  return {
    ...loaded,
    claim: {
      id: 1,
      status: "Draft",
      planId: loaded.plan.id,
      customerId: loaded.plan.customerId,
      items: [],
      damageAreas,
    },
  };
}

/** saveItems: the chosen items with their details; items already saved keep their damages and files. */
export function withSavedItems(context: ClaimWizardContext): Claim {
  const claim = claimOf(context);
  const items = context.selection.map((planItemId): ClaimItem => {
    const saved = claim.items.find((item) => item.planItemId === planItemId);
    const details = context.details[planItemId] ?? {};
    return {
      id: claimItemId(planItemId),
      planItemId,
      manufacturerId: details.manufacturerId ?? 0,
      materialId: details.materialId ?? 0,
      colorId: details.colorId ?? 0,
      damages: saved?.damages ?? [],
      documents: saved?.documents ?? [],
    };
  });
  return { ...claim, items };
}

/** removeItem: the claim without the item being removed. */
export function withoutRemovedItem(context: ClaimWizardContext): Claim {
  const claim = claimOf(context);
  return { ...claim, items: claim.items.filter((item) => item.planItemId !== context.removingPlanItemId) };
}

/** saveDamages: every unsaved complete block saved under a new id. */
export function withSavedDamages(context: ClaimWizardContext): Claim {
  const claim = claimOf(context);
  let nextId = 901 + claim.items.reduce((sum, item) => sum + item.damages.length, 0);
  const toSave = unsavedDamages(context, needsSpecificDamage(context));
  return {
    ...claim,
    items: claim.items.map((item) => ({
      ...item,
      damages: [
        ...item.damages,
        ...toSave
          .filter((damage) => damage.planItemId === item.planItemId)
          .map(({ planItemId: _item, ...damage }): SavedDamage => ({ ...damage, id: nextId++ })),
      ],
    })),
  };
}

/** deleteDamage: the claim without the damage being deleted. */
export function withoutDeletedDamage(context: ClaimWizardContext): Claim {
  const claim = claimOf(context);
  return {
    ...claim,
    items: claim.items.map((item) => ({
      ...item,
      damages: item.damages.filter((damage) => damage.id !== context.deletingDamageId),
    })),
  };
}

/** deleteDocument: the claim without the document being deleted. */
export function withoutDeletedDocument(context: ClaimWizardContext): Claim {
  const claim = claimOf(context);
  return {
    ...claim,
    items: claim.items.map((item) => ({
      ...item,
      documents: item.documents.filter((document) => document.id !== context.deletingDocumentId),
    })),
  };
}

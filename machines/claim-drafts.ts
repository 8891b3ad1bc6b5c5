/**
 * What the FPP and ACE claim wizards share: the consumer's draft of a claim (chosen items, item
 * details, damage blocks) beside what the server holds, and the rules over both (SPEC.md section 4
 * "Claim flow", section 5 steps 2-4). Pure functions; each machine wires them into its own chart.
 */
import {
  claimStatusGroup,
  type Claim,
  type ClaimItem,
  type DamageEntry,
  type ItemDetails,
  type Lookup,
  type Plan,
} from "./domain.ts";
import { isCompleteDamage } from "./claim-rules.ts";

/** Options a claim item's damage blocks choose from (ACE: per model number). */
export interface DamageOptions {
  damageTypes: Lookup[];
  /** Empty where the claim has no specific damages (ACE); the field is then not asked. */
  specificDamages: Lookup[];
  damageAreas: Lookup[];
  howItHappened: Lookup[];
  remedies: Lookup[];
}

/** The part of a wizard's context every step screen reads. */
export interface ClaimDraftContext {
  claimId: number;
  planId: number;
  claim: Claim | null;
  plan: Plan | null;
  options: { manufacturers: Lookup[]; materials: Lookup[]; colors: Lookup[] } | null;
  /** Plan item ids chosen by the consumer. */
  selection: number[];
  /** Item details per plan item id, kept while the consumer moves between steps. */
  details: Record<number, Partial<ItemDetails>>;
  /** Damage blocks per plan item id; saved ones carry `savedId`. */
  damages: Record<number, Partial<DamageEntry>[]>;
  /** Set when Next on the damage step found a missing document or field. */
  showValidation: boolean;
  /** The plan item whose saved claim item is being removed. */
  removingPlanItemId: number | null;
}

/** Events every wizard's step screens send. */
export type ClaimDraftEvent =
  | { type: "step.next" }
  | { type: "step.back" }
  | { type: "item.toggle"; planItemId: number }
  | { type: "details.change"; details: Record<number, Partial<ItemDetails>> }
  | { type: "damages.change"; damages: Record<number, Partial<DamageEntry>[]> }
  | { type: "damage.remove"; planItemId: number; index: number }
  | { type: "document.added"; claimItemId: number; document: { id: number; fileName: string } }
  | { type: "document.delete"; documentId: number }
  | { type: "claim.submit" }
  | { type: "claim.close" };

/** A new damage block to send, with the plan item it belongs to. */
export type DamageToSave = { planItemId: number } & DamageEntry;

/** The claim item saved for a plan item, if any. */
export function claimItemOf(context: Pick<ClaimDraftContext, "claim">, planItemId: number): ClaimItem | undefined {
  return context.claim?.items.find((item) => item.planItemId === planItemId);
}

/** Damage blocks of a claim as the server holds them, keyed by plan item id. */
export function savedDamageBlocks(claim: Claim): Record<number, Partial<DamageEntry>[]> {
  return Object.fromEntries(
    claim.items.map((item) => [
      item.planItemId,
      item.damages.map((damage) => ({
        savedId: damage.id,
        damageTypeId: damage.damageTypeId,
        specificDamageId: damage.specificDamageId,
        damageAreaId: damage.damageAreaId,
        howItHappenedId: damage.howItHappenedId,
        remedyId: damage.remedyId,
        noticedOn: damage.noticedOn,
        note: damage.note,
      })),
    ]),
  );
}

/** Keeps the consumer's unsaved blocks and replaces the saved ones with what the server holds. */
export function mergeDamages(
  claim: Claim,
  drafts: Record<number, Partial<DamageEntry>[]>,
): Record<number, Partial<DamageEntry>[]> {
  const saved = savedDamageBlocks(claim);
  const merged: Record<number, Partial<DamageEntry>[]> = {};
  for (const item of claim.items) {
    const unsaved = (drafts[item.planItemId] ?? []).filter((entry) => !entry.savedId);
    merged[item.planItemId] = [...(saved[item.planItemId] ?? []), ...unsaved];
  }
  return merged;
}

/** Unsaved, complete damage blocks of chosen items: the only ones sent (saved ones are not re-sent). */
export function unsavedDamages(
  context: Pick<ClaimDraftContext, "selection" | "damages">,
  needsSpecificDamage: boolean,
): DamageToSave[] {
  return context.selection.flatMap((planItemId) =>
    (context.damages[planItemId] ?? [])
      .filter((entry) => !entry.savedId && isCompleteDamage(entry, needsSpecificDamage))
      .map((entry) => ({ ...(entry as DamageEntry), specificDamageId: entry.specificDamageId ?? null, planItemId })),
  );
}

/** Every chosen item has a block and every block is saved or complete. */
export function hasCompleteDamages(
  context: Pick<ClaimDraftContext, "selection" | "damages">,
  needsSpecificDamage: boolean,
): boolean {
  return context.selection.every((id) => {
    const blocks = context.damages[id] ?? [];
    // Saved blocks count as complete: the server holds them and they are not re-sent.
    return blocks.length > 0 && blocks.every((entry) => entry.savedId || isCompleteDamage(entry, needsSpecificDamage));
  });
}

/** Every chosen item has at least one document ('We need at least one photo from you'). */
export function hasDocumentsForEveryItem(context: Pick<ClaimDraftContext, "selection" | "claim">): boolean {
  return context.selection.every((id) => (claimItemOf(context, id)?.documents.length ?? 0) > 0);
}

/** Selection after ticking or unticking an item; a newly ticked item starts from the plan's details. */
export function toggleSelection(
  context: Pick<ClaimDraftContext, "selection" | "details" | "plan">,
  planItemId: number,
): Pick<ClaimDraftContext, "selection" | "details"> {
  if (context.selection.includes(planItemId))
    return { selection: context.selection.filter((id) => id !== planItemId), details: context.details };
  const item = context.plan?.items.find((candidate) => candidate.id === planItemId);
  const details = context.details[planItemId] ?? {
    manufacturerId: item?.manufacturer?.id,
    materialId: item?.material?.id,
    colorId: item?.color?.id,
  };
  return { selection: [...context.selection, planItemId], details: { ...context.details, [planItemId]: details } };
}

/** Draft state after the server removed a claim item: its details, damages and files go with it. */
export function withoutItem(
  context: Pick<ClaimDraftContext, "selection" | "details" | "damages">,
  planItemId: number | null,
) {
  const others = <T>(byItem: Record<number, T>) =>
    Object.fromEntries(Object.entries(byItem).filter(([id]) => Number(id) !== planItemId)) as Record<number, T>;
  return {
    selection: context.selection.filter((id) => id !== planItemId),
    details: others(context.details),
    damages: others(context.damages),
  };
}

/**
 * The consumer's unsaved input, as a wizard keeps it on this device across a reload:
 * chosen items, their details and the damage blocks not yet on the server.
 */
export type KeptDraft = Pick<ClaimDraftContext, "selection" | "details" | "damages">;

/**
 * Draft state filled from a freshly loaded claim, with the input kept from before a reload laid
 * over it: kept items that may still be claimed stay chosen, their kept details win over the
 * server's, and kept unsaved damage blocks follow the saved ones (saved blocks come from the server).
 */
export function hydrateDraft(claim: Claim, plan: Plan, kept: KeptDraft) {
  const saved = claim.items.map((item) => item.planItemId);
  const selection = [...saved, ...kept.selection.filter((id) => !saved.includes(id) && isSelectablePlanItem(plan, id))];
  const serverDetails = Object.fromEntries(
    claim.items.map((item) => [
      item.planItemId,
      { manufacturerId: item.manufacturerId, materialId: item.materialId, colorId: item.colorId },
    ]),
  );
  const details = Object.fromEntries(selection.map((id) => [id, { ...serverDetails[id], ...kept.details[id] }]));
  return { selection, details, damages: mergeDamages(claim, kept.damages) };
}

/** What to keep of a wizard's draft on the device: everything chosen or typed, without what the server already holds. */
export function draftToKeep(context: Pick<ClaimDraftContext, "selection" | "details" | "damages">): KeptDraft {
  const damages = Object.fromEntries(
    Object.entries(context.damages)
      .map(([id, blocks]) => [id, blocks.filter((block) => !block.savedId)] as const)
      .filter(([, blocks]) => blocks.length > 0),
  );
  return { selection: context.selection, details: context.details, damages };
}

/**
 * What the device keeps of a wizard's draft now: undefined before the claim has loaded
 * (a copy kept by an earlier visit stays as it is), null once the claim is no longer a draft (it
 * was submitted: forget the copy), else the unsaved input (draftToKeep).
 */
export function keptDraftOf(
  context: Pick<ClaimDraftContext, "claim" | "selection" | "details" | "damages">,
): KeptDraft | null | undefined {
  if (!context.claim) return undefined;
  return claimStatusGroup(context.claim.status) === "draft" ? draftToKeep(context) : null;
}

/** True when a chosen item has a damage block that is not saved and has something typed or picked in it. */
export function hasUnsavedDamageInput(context: Pick<ClaimDraftContext, "selection" | "damages">): boolean {
  return context.selection.some((id) =>
    (context.damages[id] ?? []).some(
      (block) =>
        !block.savedId && Object.values(block).some((value) => value !== undefined && value !== null && value !== ""),
    ),
  );
}

/** True when a plan item may be claimed: not returned and not fully replaced. */
export function isSelectablePlanItem(plan: Plan | null, planItemId: number): boolean {
  const item = plan?.items.find((candidate) => candidate.id === planItemId);
  return Boolean(item && !item.returned && !item.fullReplacement);
}

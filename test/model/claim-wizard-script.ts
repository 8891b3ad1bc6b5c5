/**
 * What the claim wizards' walks do, as data: the events offered in each state of the core (the
 * reference API's answers computed from the wizard's context, step 4 as a script rather than every
 * combination), in a start whose calls answer at once and in one whose calls hang (one line through
 * every wait, waits.ts), and the facts that tell the wizard's states apart. claim-wizard.model.ts
 * gives the same events their gestures and the states their views. Every walk ticks the Sofa of its
 * plan, describes one damage and uploads one photo.
 */
import type { AnyMachineSnapshot } from "xstate";
import { isCompleteDamage } from "../../machines/claim-rules.ts";
import {
  needsSpecificDamage,
  type ClaimWizardContext,
  type ClaimWizardInput,
  type LoadedClaim,
} from "../../machines/claim-wizard.ts";
import type { DamageEntry, Lookup } from "../../machines/domain.ts";
import type { PathEvent } from "../machines/support/fpp-claim-scenarios.ts";
import {
  withoutDeletedDamage,
  withoutDeletedDocument,
  withoutRemovedItem,
  withSavedDamages,
  withSavedItems,
} from "./claim-api-model.ts";
import { httpFailure } from "./calls.ts";
import { itemName } from "./demo.ts";
import { restingState } from "./paths.ts";
import { CALL_CANCEL, waitEvents, waitingStateOf } from "./waits.ts";

export const PHOTO_NAME = "portrait_6.jpg";
export const NOTICED = { iso: "2025-10-12", typed: "12/10/2025" };
export const NOTE = "Red wine spilled on the middle seat cushion";
/** The wizard's events and its invokes' outcomes, as the path tests type them. */
export type WizardEvent = PathEvent;

/** What differs between the families in the shared parts. */
export interface WizardFamily {
  /** The claim as loadClaim answers it for a claim just started. */
  loaded: LoadedClaim;
  /** The plan item a walk ticks. */
  item: number;
  /** Labels chosen in a damage block of that item, and the block they make. */
  damage: { type: string; specific: string | null; area: string; how: string; remedy: string };
  /** The step showing the items (FPP 2, ACE 3) and the one the details (FPP 3, ACE 3). */
  itemsStep: 2 | 3;
  detailsStep: 3;
  /** The claim-submitted heading. */
  thanks: string;
  /** The colour list of the details step, and the colour a walk changes the item to there. */
  colors: Lookup[];
  otherColor: Lookup;
  /** The plan on which walks file claims, restored between walks. */
  planNumber: string;
  /** The wizard's input for a claim just started on that plan. */
  input: ClaimWizardInput;
}

export const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ClaimWizardContext;
export const name = (snapshot: AnyMachineSnapshot, planItemId: number) =>
  itemName(ctx(snapshot).plan ?? null, planItemId);
const idOf = (list: Lookup[] | undefined, label: string) => list?.find((one) => one.name === label)?.id;

/** The damage block the walk types, as ids of the model's option lists. */
function filledBlock(family: WizardFamily, snapshot: AnyMachineSnapshot): Partial<DamageEntry> {
  const context = ctx(snapshot);
  const model = context.modelOptions[family.item];
  const options = context.options as {
    damageTypes?: Lookup[];
    specificDamages?: Lookup[];
    howItHappened?: Lookup[];
    remedies: Lookup[];
  } | null;
  return {
    damageTypeId: idOf(model?.damageTypes ?? options?.damageTypes, family.damage.type),
    ...(family.damage.specific ? { specificDamageId: idOf(options?.specificDamages, family.damage.specific) } : {}),
    damageAreaId: idOf(model?.damageAreas ?? context.claim?.damageAreas, family.damage.area),
    howItHappenedId: idOf(model?.howItHappened ?? options?.howItHappened, family.damage.how),
    remedyId: idOf(options?.remedies, family.damage.remedy),
    noticedOn: NOTICED.iso,
    note: NOTE,
  };
}

export const blocksOf = (snapshot: AnyMachineSnapshot, planItemId: number) => ctx(snapshot).damages[planItemId] ?? [];
const isFilled = (snapshot: AnyMachineSnapshot, block: Partial<DamageEntry>) =>
  Boolean(block.savedId) || isCompleteDamage(block, needsSpecificDamage(ctx(snapshot)));
/** What a damage block is: saved on the server, filled in completely, or not (yet). */
const kindOf = (snapshot: AnyMachineSnapshot, block: Partial<DamageEntry>) =>
  block.savedId ? "saved" : isFilled(snapshot, block) ? "filled" : "empty";
export const claimItem = (snapshot: AnyMachineSnapshot, planItemId: number) =>
  ctx(snapshot).claim?.items.find((item) => item.planItemId === planItemId);

/**
 * The facts the views check and the guards read: they tell the wizard's states apart. What no view
 * shows and no guard reads is left out (the validation flag once a photo is there, ids), so the
 * walked graph stays small.
 */
export function wizardFacts(snapshot: AnyMachineSnapshot): unknown {
  const context = ctx(snapshot);
  const documents = (planItemId: number) => claimItem(snapshot, planItemId)?.documents.length ?? 0;
  return {
    selection: context.selection,
    colors: context.selection.map((id) => context.details[id]?.colorId),
    saved: context.claim?.items.map((item) => [item.planItemId, item.damages.length, item.documents.length]),
    blocks: context.selection.map((id) => blocksOf(snapshot, id).map((block) => kindOf(snapshot, block))),
    status: context.claim?.status,
    missingPhotoShown: context.showValidation && context.selection.some((id) => documents(id) === 0),
    error: context.error,
    busy: [context.removingPlanItemId, context.deletingDamageId, context.deletingDocumentId],
    contact: [context.contact.phone, context.contactSaved],
  };
}

/**
 * True before anything was deleted on step 4: a deleted photo or damage leaves its id in the context,
 * a fact of its own, so 'Email me a link to finish later' is offered only before, to keep the graph small.
 */
export const noneDeleted = (snapshot: AnyMachineSnapshot) =>
  ctx(snapshot).deletingDamageId == null && ctx(snapshot).deletingDocumentId == null;

const done = <Id extends string, Output>(id: Id, output: Output) =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as WizardEvent;

/** The reference API's answer to the call a busy snapshot waits for. */
function answerOf(snapshot: AnyMachineSnapshot): WizardEvent {
  const context = ctx(snapshot);
  switch (waitingStateOf(snapshot)) {
    case "savingDamages":
    case "keepingDamages":
      return done("saveDamages", withSavedDamages(context));
    case "deletingDamage":
      return done("deleteDamage", withoutDeletedDamage(context));
    case "deletingDocument":
      return done("deleteDocument", withoutDeletedDocument(context));
    case "submitting":
      return done("submitClaim", { kind: "submitted" });
    case "removingItem":
      return done("removeItem", withoutRemovedItem(context));
    case "savingItems":
    case "keepingItems":
      return done("saveItems", withSavedItems(context));
    case "savingContact":
    case "keepingContact":
      return done("saveContact", undefined);
  }
  throw new Error(`No answer modelled for the busy state ${restingState(snapshot)}`);
}

/** The events of the core's states, with the reference API's answers for the context. */
export function coreEvents(family: WizardFamily, snapshot: AnyMachineSnapshot): WizardEvent[] {
  if (snapshot.matches("loading")) {
    return [
      done("loadClaim", family.loaded),
      {
        type: "xstate.error.actor.loadClaim",
        error: httpFailure(404, { code: "CLAIM_NOT_FOUND" }),
        actorId: "loadClaim",
      },
    ];
  }
  // The calls answer at once here: their waits are walked by the start whose calls hang (waitsCoreEvents).
  if (snapshot.hasTag("busy")) return [answerOf(snapshot)];
  if (snapshot.matches({ reportingDamage: "editing" })) return damageStepEvents(family, snapshot);
  if (snapshot.matches({ reviewing: "ready" })) {
    // Back to step 4 with two saved damages: there the second is deleted on the server.
    const twoSaved = (claimItem(snapshot, family.item)?.damages.length ?? 0) === 2;
    // 'Email me a link to finish later' on the review: everything is saved already, the link is sent at once.
    return [
      { type: "claim.submit" },
      ...(noneDeleted(snapshot) ? [{ type: "step.keep" } as const] : []),
      ...(twoSaved ? [{ type: "step.back" } as const] : []),
    ];
  }
  if (snapshot.matches("submitted")) return [{ type: "claim.close" }];
  return [];
}

/** A wait that the person cancels once it says it takes longer than usual. */
export const cancelled = (snapshot: AnyMachineSnapshot): WizardEvent[] =>
  waitEvents<WizardEvent>(snapshot, "longerThanUsual", CALL_CANCEL);
/** A wait the server answers after it says it takes longer than usual. */
const answeredLate = (snapshot: AnyMachineSnapshot): WizardEvent[] =>
  waitEvents(snapshot, "longerThanUsual", answerOf(snapshot));
/** A wait the server answers at once (a retry after a cancel). */
export const answeredAtOnce = (snapshot: AnyMachineSnapshot): WizardEvent[] => [answerOf(snapshot)];

/**
 * True once the line through the waits comes back to a step after step 4's delete was cancelled
 * (its id stays in the context): from there it cancels each save of 'Email me a link to finish later'.
 */
export const revisited = (snapshot: AnyMachineSnapshot): boolean => ctx(snapshot).deletingDamageId != null;

/**
 * A save of 'Email me a link to finish later': answered late on the line's way forward, cancelled
 * in the dialog once the line comes back (revisited). A cancelled keep returns to the very state it
 * left, so those cancels can only be taken where the line goes on from the keeping step by another
 * event: on its way back, after its last new state.
 */
export const kept = (snapshot: AnyMachineSnapshot): WizardEvent[] =>
  revisited(snapshot) ? cancelled(snapshot) : answeredLate(snapshot);

/**
 * The core's states in the start whose calls hang: one line through every wait of steps 4 and 5
 * (the families' waitStepEvents walk steps 2 and 3 before). A photo is added and its delete
 * cancelled; Damage 1 kept by 'Email me a link to finish later' (answered late); a second damage
 * added, its save cancelled and retried with Next (answered at once); back from the review, the
 * second damage's delete cancelled; Submit cancelled. Each step's state differs from the ones
 * before (a cancelled delete leaves its id in the context, a cancelled save its error), so the walk
 * goes on. Then the address asks for step 2 again, and the line comes back through the steps
 * (revisited), each kept and its save cancelled in the dialog, Next going on: the families' steps
 * 2 and 3, then on step 4 a third damage added and filled, kept and cancelled, which ends the line.
 */
export function waitsCoreEvents(family: WizardFamily, snapshot: AnyMachineSnapshot): WizardEvent[] {
  const context = ctx(snapshot);
  if (snapshot.matches("loading")) return [done("loadClaim", family.loaded)];
  if (snapshot.hasTag("busy")) {
    switch (waitingStateOf(snapshot)) {
      case "keepingDamages":
        return kept(snapshot);
      case "savingDamages":
        return context.error ? answeredAtOnce(snapshot) : cancelled(snapshot);
      default:
        return cancelled(snapshot);
    }
  }
  if (snapshot.matches({ reportingDamage: "editing" })) {
    const item = family.item;
    const documents = claimItem(snapshot, item)?.documents ?? [];
    if (documents.length === 0)
      return [
        {
          type: "document.added",
          claimItemId: claimItem(snapshot, item)!.id,
          document: { id: 1, fileName: PHOTO_NAME },
        },
      ];
    if (context.deletingDocumentId == null) return [{ type: "document.delete", documentId: documents[0]!.id }];
    const blocks = blocksOf(snapshot, item);
    // Untouched, the step shows one empty block.
    const fill = (index: number): WizardEvent => ({
      type: "damages.change",
      damages: {
        [item]: (blocks.length ? blocks : [{}]).map((block, at) =>
          at === index ? filledBlock(family, snapshot) : block,
        ),
      },
    });
    const addBlock: WizardEvent = { type: "damages.change", damages: { [item]: [...blocks, {}] } };
    switch (blocks.map((block) => kindOf(snapshot, block)).join(",")) {
      case "":
        return [fill(0)];
      case "filled":
        return [{ type: "step.keep" }];
      case "saved":
        return [addBlock];
      case "saved,empty":
        return [fill(1)];
      case "saved,filled":
        return [{ type: "step.next" }];
      case "saved,saved":
        if (!revisited(snapshot)) return [{ type: "damage.remove", planItemId: item, index: 1 }];
        // On to the review and Submit; come back, a third damage to keep (and cancel).
        return [{ type: "step.next" }, addBlock];
      case "saved,saved,empty":
        return [fill(2)];
      case "saved,saved,filled":
        return [{ type: "step.keep" }];
    }
    return [];
  }
  if (snapshot.matches({ reviewing: "ready" })) {
    // Submit cancelled: back to step 2 by the address, where the line comes back through the steps.
    if (context.error) return [{ type: "step.requested", step: 2 }];
    return context.deletingDamageId == null ? [{ type: "step.back" }] : [{ type: "claim.submit" }];
  }
  return [];
}

/**
 * Step 4 as a script rather than every combination: Next with nothing done (the missing photo is
 * shown), a photo (deleted again while nothing is typed), Damage 1 filled and Next (or kept by 'Email
 * me a link to finish later', which saves it); or a second
 * block added (and deleted), filled, Next, and back from the review with two saved damages, the
 * second deleted. Each gesture is offered where that script needs it, so the graph stays small.
 */
function damageStepEvents(family: WizardFamily, snapshot: AnyMachineSnapshot): WizardEvent[] {
  const item = family.item;
  const blocks = blocksOf(snapshot, item);
  const kinds = blocks.map((block) => kindOf(snapshot, block)).join(",");
  const documents = claimItem(snapshot, item)?.documents ?? [];
  const untouched = blocks.length === 0;
  const events: WizardEvent[] = [];
  // 'Email me a link to finish later' with nothing to save (the link is sent at once), and with Damage 1
  // filled but not saved (it is saved first, the step staying).
  if (untouched && documents.length === 0)
    events.push({ type: "step.next" }, { type: "step.back" }, { type: "step.keep" });
  if (documents.length === 0)
    events.push({
      type: "document.added",
      claimItemId: claimItem(snapshot, item)!.id,
      document: { id: 1, fileName: PHOTO_NAME },
    });
  else if (untouched) events.push({ type: "document.delete", documentId: documents[0]!.id });
  if (documents.length === 0) return events;
  const shown = untouched ? [{}] : blocks;
  const empty = shown.findIndex((block) => !isFilled(snapshot, block));
  if (empty >= 0)
    events.push({
      type: "damages.change",
      damages: { [item]: shown.map((block, index) => (index === empty ? filledBlock(family, snapshot) : block)) },
    });
  if (kinds === "filled") events.push({ type: "damages.change", damages: { [item]: [...shown, {}] } });
  if (kinds === "filled,empty" || kinds === "saved,saved")
    events.push({ type: "damage.remove", planItemId: item, index: 1 });
  if (kinds === "filled" || kinds === "filled,filled" || kinds === "saved") events.push({ type: "step.next" });
  if (kinds === "filled" && noneDeleted(snapshot)) events.push({ type: "step.keep" });
  return events;
}

/** The item's colour as the context holds it. */
export const colorOf = (family: WizardFamily, snapshot: AnyMachineSnapshot) =>
  family.colors.find((color) => color.id === ctx(snapshot).details[family.item]?.colorId)?.name ?? "";

/**
 * The item events of the details step: recoloured, the item is put back before Next, so the rest of
 * the walk has one colour to expect; nothing is recoloured once the items are saved.
 */
export function detailsEvents(
  family: WizardFamily,
  snapshot: AnyMachineSnapshot,
): { recolor: WizardEvent[]; canGoOn: boolean } {
  const saved = (ctx(snapshot).claim?.items.length ?? 0) > 0;
  const recoloured = colorOf(family, snapshot) === family.otherColor.name;
  const planColor = ctx(snapshot).plan?.items.find((item) => item.id === family.item)?.color;
  const toColor = recoloured ? planColor! : family.otherColor;
  const recolor: WizardEvent[] = saved
    ? []
    : [
        {
          type: "details.change",
          details: { [family.item]: { ...ctx(snapshot).details[family.item], colorId: toColor.id } },
        },
      ];
  return { recolor, canGoOn: !recoloured };
}

/**
 * QA table of fppClaimMachine: the FPP claim wizard on a claim just started on W-E34-WS4566 (Jane
 * Doe's plan: Sofa, Loveseat, Recliner returned, Dining Table fully replaced, Ottoman). Step 2
 * ticks the items and step 3 confirms their details here; the rest is the core's
 * (claim-wizard.model.ts).
 */
import type { AnyMachineSnapshot } from "xstate";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import type { ClaimOptions } from "../../machines/domain.ts";
import { KINDS } from "../../server/domain/lookup-kinds.ts";
import { freshClaim } from "./claim-api-model.ts";
import * as wizard from "./claim-wizard.model.ts";
import { demoItemId, demoLookups, demoPlan, itemName } from "./demo.ts";
import { heading, shows, urlStep } from "./screen.ts";
import { view } from "./table.ts";

type Event = Exclude<wizard.WizardEvent, { type: "contact.change" }>;

const JANE = demoPlan("W-E34-WS4566");
const SOFA = demoItemId(JANE.id, 0);
const options: ClaimOptions = {
  manufacturers: demoLookups(KINDS.manufacturer),
  materials: demoLookups(KINDS.material),
  colors: demoLookups(KINDS.color),
  damageTypes: demoLookups(KINDS.damageType),
  specificDamages: demoLookups(KINDS.specificDamage),
  howItHappened: demoLookups(KINDS.howDidOccur),
  remedies: demoLookups(KINDS.actionTaken),
};

const family: wizard.WizardFamily = {
  loaded: freshClaim({ plan: JANE, options }, demoLookups(KINDS.damageArea)),
  item: SOFA,
  damage: {
    type: "Stain",
    specific: "Food or beverage stain",
    area: "Seat cushion",
    how: "Accidental spill",
    remedy: "None",
  },
  itemsStep: 2,
  detailsStep: 3,
  thanks: "Thank you for submitting your claim",
  colors: options.colors,
  otherColor: options.colors.find((color) => color.name === "Gray")!,
  planNumber: JANE.number,
  input: { claimId: 1, planId: JANE.id, customerId: null, requestedStep: 2 },
};
const ticked = (snapshot: AnyMachineSnapshot) => wizard.ctx(snapshot).selection.length > 0;

/**
 * Steps 2 and 3: tick and untick the Sofa, Back to the plan choice with nothing ticked; recolour
 * it (or empty its Color) and go back and forth while nothing is saved; once saved, back from step
 * 4 to untick it, which removes it on the server. 'Email me a link to finish later' while nothing is
 * saved: on step 2 with and without the Sofa, on step 3 with its details complete and with Color empty.
 */
function stepEvents(snapshot: AnyMachineSnapshot): Event[] | null {
  const saved = (wizard.ctx(snapshot).claim?.items.length ?? 0) > 0;
  // 'Email me a link to finish later' before anything is saved: with nothing ticked the link is sent at once, with the Sofa ticked it is saved first.
  // Only in the plan's colour, so the rest of the walk has one colour to expect, and before step 4
  // was reached (where a deleted photo or damage leaves its id in the context and so a new graph node).
  const keep: Event[] =
    saved || !wizard.noneDeleted(snapshot) || !wizard.detailsEvents(family, snapshot).canGoOn
      ? []
      : [{ type: "step.keep" }];
  if (snapshot.matches({ selectingItems: "editing" }))
    return [{ type: "item.toggle", planItemId: SOFA }, { type: ticked(snapshot) ? "step.next" : "step.back" }, ...keep];
  if (snapshot.matches({ confirmingDetails: "editing" })) {
    const details = wizard.ctx(snapshot).details[SOFA];
    const planColor = JANE.items.find((item) => item.id === SOFA)!.color!;
    // Color emptied ('Select…'): the details are incomplete, so the link is sent without saving them; then the colour is chosen again.
    if (!details?.colorId)
      return [
        { type: "details.change", details: { [SOFA]: { ...details, colorId: planColor.id } } },
        { type: "step.keep" },
      ];
    const { recolor, canGoOn } = wizard.detailsEvents(family, snapshot);
    const unchanged = !saved && canGoOn;
    return [
      ...(recolor as Event[]),
      ...(unchanged
        ? [{ type: "details.change", details: { [SOFA]: { ...details, colorId: 0 } } } as const, ...keep]
        : []),
      ...(canGoOn ? [{ type: "step.next" } as const] : []),
      { type: "step.back" },
    ];
  }
  return null;
}

/**
 * Steps 2 and 3 in the start whose calls hang, one line: the Sofa ticked and kept by 'Email me a link
 * to finish later' (answered late), unticked and its removal cancelled, so it stays; on step 3 Next's
 * save cancelled, the Color changed to Gray (a state of its own: without it, kept, step 3 would be
 * as before the save), kept (answered late), and Next again (answered at once). Back on step 2 once
 * Submit was cancelled (wizard.revisited), each step is kept and its save cancelled in the dialog,
 * then Next.
 */
function waitStepEvents(snapshot: AnyMachineSnapshot): Event[] | null {
  const context = wizard.ctx(snapshot);
  const saved = (context.claim?.items.length ?? 0) > 0;
  const recoloured = wizard.colorOf(family, snapshot) === family.otherColor.name;
  if (
    wizard.revisited(snapshot) &&
    (snapshot.matches({ selectingItems: "editing" }) || snapshot.matches({ confirmingDetails: "editing" }))
  )
    return [{ type: "step.keep" }, { type: "step.next" }];
  if (snapshot.matches({ selectingItems: "editing" })) {
    if (!ticked(snapshot)) return [{ type: "item.toggle", planItemId: SOFA }];
    if (!saved) return [{ type: "step.keep" }];
    return context.removingPlanItemId == null ? [{ type: "item.toggle", planItemId: SOFA }] : [{ type: "step.next" }];
  }
  if (snapshot.matches({ confirmingDetails: "editing" })) {
    if (!context.error) return [{ type: "step.next" }];
    if (recoloured) return [{ type: "step.keep" }];
    return [
      { type: "details.change", details: { [SOFA]: { ...context.details[SOFA], colorId: family.otherColor.id } } },
    ];
  }
  if (snapshot.matches({ selectingItems: "removingItem" })) return wizard.cancelled(snapshot) as Event[];
  if (snapshot.matches({ confirmingDetails: "savingItems" }))
    return (recoloured ? wizard.answeredAtOnce(snapshot) : wizard.cancelled(snapshot)) as Event[];
  if (snapshot.matches({ selectingItems: "keepingItems" }) || snapshot.matches({ confirmingDetails: "keepingItems" }))
    return wizard.kept(snapshot) as Event[];
  return null;
}

export const fppClaimTable = wizard.wizardTable<Event>(family, {
  machine: fppClaimMachine,
  file: "fpp-claim",
  source: "test/model/fpp-claim.model.ts",
  stepEvents,
  waitStepEvents,
  events: {},
  states: {
    "selectingItems.editing": view(
      (snapshot) =>
        `Step 2, 'Select damaged items under your plan': ${ticked(snapshot) ? `**${itemName(JANE, SOFA)}** ticked` : "nothing ticked and Next disabled"}; Recliner and Dining Table cannot be ticked.`,
      async (walker, snapshot) => {
        await shows(heading(walker.page, "Select damaged items under your plan"));
        await urlStep(walker.page, 2);
        await wizard.checkTicks(walker, snapshot);
        await shows(walker.page.getByRole("button", { name: "Next", disabled: !ticked(snapshot) }));
      },
    ),
    "selectingItems.removingItem": wizard.removingItemView,
    "selectingItems.keepingItems": wizard.keepingStepView,
    "confirmingDetails.editing": view(
      (snapshot) =>
        `Step 3, 'Confirm/Update Item Details': the ${itemName(JANE, SOFA)} with Color **${wizard.colorOf(family, snapshot)}**.`,
      async ({ page }, snapshot) => {
        await shows(heading(page, "Confirm/Update Item Details"));
        await urlStep(page, 3);
        await wizard.checkColor(family, page, snapshot);
      },
    ),
    "confirmingDetails.savingItems": wizard.savingItemsView,
    "confirmingDetails.keepingItems": wizard.keepingStepView,
  },
  calls: {
    loadClaim: { method: "GET", path: /^claim\/[^/]+$/ },
    saveItems: { method: "POST", path: /^insert_update_claim_item$/ },
    removeItem: { method: "DELETE", path: /^remove_claim_items\/[^/]+$/ },
    saveDamages: { method: "POST", path: /^insert_claim_item_damage$/ },
    deleteDamage: { method: "DELETE", path: /^delete_claim_item_damage\/[^/]+$/ },
    deleteDocument: { method: "DELETE", path: /^delete_uploaded_documents_of_claim\/[^/]+$/ },
    submitClaim: { method: "PUT", path: /^submit_claim\/[^/]+\/[^/]+$/ },
  },
});

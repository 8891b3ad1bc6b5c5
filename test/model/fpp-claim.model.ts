/**
 * QA table of fppClaimMachine: the FPP claim wizard on a claim just started on W-E34-WS4566 (Jane
 * Doe's plan: Sofa, Loveseat, Recliner returned, Dining Table fully replaced, Ottoman). Step 2
 * ticks the items and step 3 confirms their details here; the rest is the core's
 * (claim-wizard.model.ts).
 */
import type { AnyMachineSnapshot } from "xstate";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import type { ClaimWizardInput } from "../../machines/claim-wizard.ts";
import type { ClaimOptions } from "../../machines/domain.ts";
import { KINDS } from "../../server/lookup-kinds.ts";
import { freshClaim } from "./claim-api-model.ts";
import {
  checkColor,
  checkTicks,
  colorOf,
  coreEvents,
  coreGestures,
  coreViews,
  ctx,
  detailsEvents,
  removingItemView,
  resetClaims,
  savingItemsView,
  wizardFacts,
  type WizardEvent,
  type WizardFamily,
} from "./claim-wizard.model.ts";
import { demoItemId, demoLookups, demoPlan, itemName } from "./demo.ts";
import { heading, shows, startClaim, startClaimWords, urlStep } from "./screen.ts";
import { view, type ModelTable, type Start } from "./table.ts";

type Event = Exclude<WizardEvent, { type: "contact.change" }>;

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

const family: WizardFamily = {
  loaded: freshClaim({ plan: JANE, options }, demoLookups(KINDS.damageArea)),
  item: SOFA,
  damage: { type: "Stain", specific: "Food or beverage stain", area: "Seat cushion", how: "Accidental spill", remedy: "None" },
  itemsStep: 2,
  detailsStep: 3,
  thanks: "Thank you for submitting your claim",
  colors: options.colors,
  otherColor: options.colors.find((color) => color.name === "Gray")!,
  planNumber: JANE.number,
};

/**
 * Steps 2 and 3: tick and untick the Sofa, Back to the plan choice with nothing ticked; recolour
 * it and go back and forth while nothing is saved; once saved, back from step 4 to untick it,
 * which removes it on the server.
 */
function events(snapshot: AnyMachineSnapshot): Event[] {
  const nothingTicked = ctx(snapshot).selection.length === 0;
  if (snapshot.matches({ selectingItems: "editing" })) {
    return [{ type: "item.toggle", planItemId: SOFA }, ...(nothingTicked ? [{ type: "step.back" } as const] : [{ type: "step.next" } as const])];
  }
  if (snapshot.matches({ confirmingDetails: "editing" })) {
    const { recolor, canGoOn } = detailsEvents(family, snapshot);
    return [...recolor, ...(canGoOn ? [{ type: "step.next" } as const] : []), { type: "step.back" }] as Event[];
  }
  return coreEvents(family, snapshot) as Event[];
}

const start: Start<ClaimWizardInput> = {
  name: `a claim just started on ${JANE.number}`,
  setup: startClaimWords(JANE.number),
  arrange: ({ page }) => startClaim(page, JANE.number),
  input: { claimId: 1, planId: JANE.id, customerId: null, requestedStep: 2 },
  events,
  facts: wizardFacts,
};

export const fppClaimTable: ModelTable<Event> = {
  machine: fppClaimMachine,
  file: "fpp-claim",
  source: "test/model/fpp-claim.model.ts",
  starts: [start],
  reset: resetClaims(family),
  events: coreGestures(family),
  states: {
    ...coreViews(family),
    "selectingItems.editing": view(
      (snapshot) =>
        `Step 2, 'Select damaged items under your plan': ${ctx(snapshot).selection.length ? `**${itemName(JANE, SOFA)}** ticked` : "nothing ticked and Next disabled"}; Recliner and Dining Table cannot be ticked.`,
      async (walker, snapshot) => {
        await shows(heading(walker.page, "Select damaged items under your plan"));
        await urlStep(walker.page, 2);
        await checkTicks(walker, snapshot);
        await shows(walker.page.getByRole("button", { name: "Next", disabled: ctx(snapshot).selection.length === 0 }));
      },
    ),
    "selectingItems.removingItem": removingItemView,
    "confirmingDetails.editing": view(
      (snapshot) => `Step 3, 'Confirm/Update Item Details': the ${itemName(JANE, SOFA)} with Color **${colorOf(family, snapshot)}**.`,
      async ({ page }, snapshot) => {
        await shows(heading(page, "Confirm/Update Item Details"));
        await urlStep(page, 3);
        await checkColor(family, page, snapshot);
      },
    ),
    "confirmingDetails.savingItems": savingItemsView,
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
  unreachable: {
    "reportingDamage.editing --damage.remove[0]--> (no target)": "Damage 1 has no Delete button: every item keeps one damage",
  },
};

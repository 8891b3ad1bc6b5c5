/**
 * QA table of aceClaimMachine: the ACE claim wizard on a claim just started on A-300-100200 (Maria
 * Lopez: Sofa, Recliner and Dining Table, each with its model's damage lists). Step 2 confirms her
 * contact details and step 3 ticks the items with their details here; the rest is the core's
 * (claim-wizard.model.ts).
 */
import type { AnyMachineSnapshot } from "xstate";
import { isMaskedValue, maskedEmail, maskedPhone, maskedStreet } from "../../contract/contact-masks.ts";
import { aceClaimMachine } from "../../machines/ace-claim.machine.ts";
import type { AceOptions, ModelOptions } from "../../machines/domain.ts";
import { KINDS } from "../../server/domain/lookup-kinds.ts";
import { ACE_MODELS } from "../../server/seed/seed-data.ts";
import type { AcePathEvent } from "../machines/support/ace-claim-scenarios.ts";
import { callFailed } from "./calls.ts";
import { freshClaim } from "./claim-api-model.ts";
import * as wizard from "./claim-wizard.model.ts";
import { demoCustomer, demoItemId, demoLookups, demoModelLookups, demoPlan, itemName } from "./demo.ts";
import { fieldShows, heading, shows, urlStep } from "./screen.ts";
import { user, view } from "./table.ts";

type Event = AcePathEvent;
const MARIA = demoPlan("A-300-100200");
const SOFA = demoItemId(MARIA.id, 0);
const NEW_PHONE = "(832) 555-0199";
const options: AceOptions = {
  manufacturers: demoLookups(KINDS.aceManufacturer),
  materials: demoLookups(KINDS.aceMaterial),
  colors: demoLookups(KINDS.aceColor),
  remedies: demoLookups(KINDS.aceActionTaken),
};
const modelOf = (modelNo: string): ModelOptions => ({
  damageTypes: demoModelLookups(KINDS.aceDamageType, modelNo),
  howItHappened: demoModelLookups(KINDS.aceHowDidOccur, modelNo),
  damageAreas: demoModelLookups(KINDS.aceSpecificLocation, modelNo),
});
const customer = demoCustomer(MARIA.number);
/** The walks find the plan by warranty number: the API answers Maria's email, phone and street address masked. */
const ON_FILE = {
  email: maskedEmail(customer.email),
  phone: maskedPhone(customer.phone),
  address: maskedStreet(customer.address),
};

const family: wizard.WizardFamily = {
  loaded: {
    ...freshClaim({ plan: MARIA, options }, []),
    modelOptions: Object.fromEntries(
      MARIA.items.map((item) => [item.id, modelOf(item.modelNumber ?? ACE_MODELS.sofa)]),
    ),
    contact: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      ...ON_FILE,
      city: customer.city,
      state: customer.state,
      zipCode: customer.zip,
    },
  },
  item: SOFA,
  damage: { type: "Stain", specific: null, area: "Seat cushion", how: "Accidental spill", remedy: "None" },
  itemsStep: 3,
  detailsStep: 3,
  thanks: "Thank you for submitting your claim.",
  colors: options.colors,
  otherColor: options.colors.find((color) => color.name === "Ivory")!,
  planNumber: MARIA.number,
  input: { claimId: 1, planId: MARIA.id, customerId: MARIA.customerId, requestedStep: 2 },
};

const phoneOf = (snapshot: AnyMachineSnapshot) => wizard.ctx(snapshot).contact.phone ?? "";
/** What the Phone field holds: a masked phone is kept on file and shown as the field's hint, the field empty. */
const shownPhone = (phone: string) => (isMaskedValue(phone) ? "" : phone);

/**
 * Step 2: the phone changed and cleared again, keeping the one on file, before Next (so the rest of
 * the walk has one phone to expect), Next saving the details, Back to the plan choice before any change,
 * 'Email me a link to finish later' (the details saved first until they are, then the link sent at
 * once). Step 3: as FPP's steps 2 and 3, on one screen, the link asked for before the items are saved.
 */
function stepEvents(snapshot: AnyMachineSnapshot): Event[] | null {
  if (snapshot.matches({ confirmingContact: "editing" })) {
    const changed = phoneOf(snapshot) === NEW_PHONE;
    return [
      { type: "contact.change", contact: { phone: changed ? ON_FILE.phone : NEW_PHONE } },
      ...(changed ? [] : [{ type: "step.next" } as const, { type: "step.keep" } as const]),
      ...(wizard.ctx(snapshot).contactSaved ? [{ type: "step.back" } as const] : []),
    ];
  }
  if (
    snapshot.matches({ confirmingContact: "savingContact" }) ||
    snapshot.matches({ confirmingContact: "keepingContact" })
  ) {
    return [{ type: "xstate.done.actor.saveContact", output: undefined, actorId: "saveContact" }];
  }
  if (snapshot.matches({ selectingItems: "editing" })) {
    const nothingYet =
      wizard.ctx(snapshot).selection.length === 0 && (wizard.ctx(snapshot).claim?.items.length ?? 0) === 0;
    const { recolor, canGoOn } = wizard.detailsEvents(family, snapshot);
    const ticked = wizard.ctx(snapshot).selection.length > 0;
    const saved = (wizard.ctx(snapshot).claim?.items.length ?? 0) > 0;
    return [
      { type: "item.toggle", planItemId: SOFA },
      ...(ticked ? recolor : []),
      ...(ticked && canGoOn ? [{ type: "step.next" } as const] : []),
      ...(nothingYet ? [{ type: "step.back" } as const] : []),
      // 'Email me a link to finish later' before the items are saved: nothing to save, or the ticked Sofa saved first.
      ...(!saved && wizard.noneDeleted(snapshot) && (!ticked || canGoOn) ? [{ type: "step.keep" } as const] : []),
    ] as Event[];
  }
  return null;
}

/**
 * Steps 2 and 3 in the start whose calls hang, one line. Step 2 first saves at once (Next); on step
 * 3 the Sofa is ticked and kept by 'Email me a link to finish later' (answered late), unticked and
 * its removal cancelled, so it stays, Next's save cancelled and Next again (answered at once). Step
 * 2's waits come once Submit was cancelled on the review (the core's line) and the address asks for
 * step 2 again, since its details kept would otherwise be as when the claim opened: the phone
 * changed, Next's save cancelled (nothing saved), the phone cleared to keep the one on file, the
 * details kept and the save cancelled in the dialog, Next (answered at once); on step 3 again
 * (wizard.revisited) the items kept and cancelled, Next (answered at once) on to step 4's last keep.
 */
function waitStepEvents(snapshot: AnyMachineSnapshot): Event[] | null {
  const context = wizard.ctx(snapshot);
  if (snapshot.matches({ confirmingContact: "editing" })) {
    // Back from the review, the claim has its items.
    if ((context.claim?.items.length ?? 0) === 0) return [{ type: "step.next" }];
    if (context.contactSaved) return context.error ? [{ type: "contact.change", contact: { phone: NEW_PHONE } }] : [];
    if (phoneOf(snapshot) !== NEW_PHONE) return [{ type: "step.keep" }, { type: "step.next" }];
    return context.error === "saveFailed"
      ? [{ type: "contact.change", contact: { phone: ON_FILE.phone } }]
      : [{ type: "step.next" }];
  }
  // The new phone's save is cancelled; the one on file is saved at once.
  if (snapshot.matches({ confirmingContact: "savingContact" }))
    return (phoneOf(snapshot) === NEW_PHONE ? wizard.cancelled(snapshot) : wizard.answeredAtOnce(snapshot)) as Event[];
  if (snapshot.matches({ confirmingContact: "keepingContact" })) return wizard.kept(snapshot) as Event[];
  if (snapshot.matches({ selectingItems: "editing" })) {
    if (wizard.revisited(snapshot)) return [{ type: "step.keep" }, { type: "step.next" }];
    if (context.selection.length === 0) return [{ type: "item.toggle", planItemId: SOFA }];
    if ((context.claim?.items.length ?? 0) === 0) return [{ type: "step.keep" }];
    return context.removingPlanItemId == null ? [{ type: "item.toggle", planItemId: SOFA }] : [{ type: "step.next" }];
  }
  if (snapshot.matches({ selectingItems: "keepingItems" })) return wizard.kept(snapshot) as Event[];
  if (snapshot.matches({ selectingItems: "removingItem" })) return wizard.cancelled(snapshot) as Event[];
  if (snapshot.matches({ selectingItems: "savingItems" }))
    return (
      context.error || wizard.revisited(snapshot) ? wizard.answeredAtOnce(snapshot) : wizard.cancelled(snapshot)
    ) as Event[];
  return null;
}

export const aceClaimTable = wizard.wizardTable<Event>(family, {
  machine: aceClaimMachine,
  file: "ace-claim",
  source: "test/model/ace-claim.model.ts",
  stepEvents,
  waitStepEvents,
  events: {
    "contact.change": user(
      (event) =>
        isMaskedValue(event.contact.phone!)
          ? `Clear Phone: the one on file (${event.contact.phone}) is kept.`
          : `Change Phone to **${event.contact.phone}** (type the digits).`,
      ({ page }, event) => page.getByRole("textbox", { name: "Phone" }).fill(shownPhone(event.contact.phone!)),
    ),
    "xstate.done.actor.saveContact": wizard.keptDone(family, "The portal saves the contact details."),
    "xstate.error.actor.saveContact": callFailed(() => "Saving the contact details fails."),
  },
  states: {
    "confirmingContact.editing": view(
      (snapshot) =>
        `Step 2, '${wizard.ctx(snapshot).contactSaved ? "Verify" : "Update"} your contact information' with Phone **${shownPhone(phoneOf(snapshot)) || `empty, ${phoneOf(snapshot)} on file`}**.`,
      async ({ page }, snapshot) => {
        await shows(
          heading(page, `${wizard.ctx(snapshot).contactSaved ? "Verify" : "Update"} your contact information`),
        );
        await urlStep(page, 2);
        await fieldShows(page.getByRole("textbox", { name: "Phone" }), shownPhone(phoneOf(snapshot)));
      },
    ),
    "confirmingContact.savingContact": wizard.savingItemsView,
    "confirmingContact.keepingContact": wizard.keepingStepView,
    "selectingItems.editing": view(
      (snapshot) =>
        `Step 3, 'Select damaged items under your plan': ${wizard.ctx(snapshot).selection.length ? `**${itemName(MARIA, SOFA)}** ticked, its Color **${wizard.colorOf(family, snapshot)}**` : "nothing ticked and Next disabled"}.`,
      async (walker, snapshot) => {
        await shows(heading(walker.page, "Select damaged items under your plan"));
        await urlStep(walker.page, 3);
        await wizard.checkTicks(walker, snapshot);
        if (wizard.ctx(snapshot).selection.length) await wizard.checkColor(family, walker.page, snapshot);
        else await shows(walker.page.getByRole("button", { name: "Next", disabled: true }));
      },
    ),
    "selectingItems.removingItem": wizard.removingItemView,
    "selectingItems.savingItems": wizard.savingItemsView,
    "selectingItems.keepingItems": wizard.keepingStepView,
  },
  calls: {
    loadClaim: { method: "GET", path: /^ace\/claim\/[^/]+$/ },
    saveContact: { method: "PUT", path: /^ace\/customer_info\/[^/]+$/ },
    saveItems: { method: "POST", path: /^ace\/insert_claim_item$/ },
    removeItem: { method: "DELETE", path: /^ace\/remove_claim_items\/[^/]+\/[^/]+$/ },
    saveDamages: { method: "POST", path: /^ace\/insert_claim_item_damage$/ },
    deleteDamage: { method: "DELETE", path: /^ace\/delete_claim_item_damage\/[^/]+$/ },
    deleteDocument: { method: "DELETE", path: /^ace\/delete_uploaded_documents_of_claim\/[^/]+$/ },
    submitClaim: { method: "PUT", path: /^ace\/submit_claim\/[^/]+$/ },
  },
});

/**
 * The parts of the FPP and ACE wizards' QA tables that are the same in both, as the machines share
 * one core (machines/claim-wizard.ts): the events offered per state, the gestures of the core's
 * events, and the views of the core's states. fpp-claim.model.ts and ace-claim.model.ts add their
 * own steps 2 and 3. Every walk ticks the Sofa of its plan, describes one damage and uploads one photo.
 */
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import type { AnyMachineSnapshot, DoneActorEvent, ErrorActorEvent } from "xstate";
import { isCompleteDamage } from "../../machines/claim-rules.ts";
import { needsSpecificDamage, type ClaimWizardContext, type ClaimWizardEvent, type LoadedClaim } from "../../machines/claim-wizard.ts";
import type { Claim, DamageEntry, Lookup } from "../../machines/domain.ts";
import { withoutDeletedDamage, withoutDeletedDocument, withoutRemovedItem, withSavedDamages, withSavedItems } from "./claim-api-model.ts";
import { callDone, callFailed, httpFailure } from "./calls.ts";
import { deleteClaimsOn } from "./demo-server.ts";
import { itemName } from "./demo.ts";
import { changeUrlStep, fieldShows, heading, hides, plansShown, shows, urlStep } from "./screen.ts";
import { system, user, view, type ModelTable, type StateView, type Walker } from "./table.ts";

/** The photo every walk uploads: small, so preparing it in the browser takes no time. */
export const PHOTO = fileURLToPath(new URL("../fixtures/portrait_6.jpg", import.meta.url));
const PHOTO_NAME = "portrait_6.jpg";
const NOTICED = { iso: "2025-10-12", typed: "12/10/2025" };
const NOTE = "Red wine spilled on the middle seat cushion";

export type WizardEvent =
  | ClaimWizardEvent
  | DoneActorEvent<LoadedClaim, "loadClaim">
  | ErrorActorEvent<unknown, "loadClaim">
  | DoneActorEvent<Claim, "saveItems">
  | ErrorActorEvent<unknown, "saveItems">
  | DoneActorEvent<Claim, "removeItem">
  | ErrorActorEvent<unknown, "removeItem">
  | DoneActorEvent<Claim, "saveDamages">
  | ErrorActorEvent<unknown, "saveDamages">
  | DoneActorEvent<Claim, "deleteDamage">
  | ErrorActorEvent<unknown, "deleteDamage">
  | DoneActorEvent<Claim, "deleteDocument">
  | ErrorActorEvent<unknown, "deleteDocument">
  | DoneActorEvent<string, "submitClaim">
  | ErrorActorEvent<unknown, "submitClaim">;

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
  /** Plans on which walks file claims, restored between walks. */
  planNumber: string;
}

export const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ClaimWizardContext;
const name = (snapshot: AnyMachineSnapshot, planItemId: number) => itemName(ctx(snapshot).plan ?? null, planItemId);
const idOf = (list: Lookup[] | undefined, label: string) => list?.find((one) => one.name === label)?.id;

/** The damage block the walk types, as ids of the model's option lists. */
function filledBlock(family: WizardFamily, snapshot: AnyMachineSnapshot): Partial<DamageEntry> {
  const context = ctx(snapshot);
  const model = context.modelOptions[family.item];
  const options = context.options as { damageTypes?: Lookup[]; specificDamages?: Lookup[]; howItHappened?: Lookup[]; remedies: Lookup[] } | null;
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

const blocksOf = (snapshot: AnyMachineSnapshot, planItemId: number) => ctx(snapshot).damages[planItemId] ?? [];
const isFilled = (snapshot: AnyMachineSnapshot, block: Partial<DamageEntry>) => Boolean(block.savedId) || isCompleteDamage(block, needsSpecificDamage(ctx(snapshot)));
const claimItem = (snapshot: AnyMachineSnapshot, planItemId: number) => ctx(snapshot).claim?.items.find((item) => item.planItemId === planItemId);

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
    blocks: context.selection.map((id) => blocksOf(snapshot, id).map((block) => (block.savedId ? "saved" : isFilled(snapshot, block) ? "filled" : "empty"))),
    status: context.claim?.status,
    missingPhotoShown: context.showValidation && context.selection.some((id) => documents(id) === 0),
    error: context.error,
    busy: [context.removingPlanItemId, context.deletingDamageId, context.deletingDocumentId],
    contact: [context.contact.phone, context.contactSaved],
  };
}

/** The events of the core's states, with the reference API's answers for the context. */
export function coreEvents(family: WizardFamily, snapshot: AnyMachineSnapshot): WizardEvent[] {
  const context = ctx(snapshot);
  const done = <Id extends string, Output>(id: Id, output: Output) => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as WizardEvent;
  if (snapshot.matches("loading")) {
    return [done("loadClaim", family.loaded), { type: "xstate.error.actor.loadClaim", error: httpFailure(404, { code: "CLAIM_NOT_FOUND" }), actorId: "loadClaim" }];
  }
  if (snapshot.hasTag("busy")) {
    if (snapshot.matches({ reportingDamage: "savingDamages" })) return [done("saveDamages", withSavedDamages(context))];
    if (snapshot.matches({ reportingDamage: "deletingDamage" })) return [done("deleteDamage", withoutDeletedDamage(context))];
    if (snapshot.matches({ reportingDamage: "deletingDocument" })) return [done("deleteDocument", withoutDeletedDocument(context))];
    if (snapshot.matches({ reviewing: "submitting" })) return [done("submitClaim", "Succeed")];
    const [region, substate] = Object.entries(snapshot.value as Record<string, string>)[0]!;
    if (substate === "removingItem") return [done("removeItem", withoutRemovedItem(context))];
    if (substate === "savingItems") return [done("saveItems", withSavedItems(context))];
    throw new Error(`No answer modelled for the busy state ${region}.${substate}`);
  }
  if (snapshot.matches({ reportingDamage: "editing" })) return damageStepEvents(family, snapshot);
  if (snapshot.matches({ reviewing: "ready" })) {
    // Back to step 4 with two saved damages: there the second is deleted on the server.
    const twoSaved = (claimItem(snapshot, family.item)?.damages.length ?? 0) === 2;
    return [{ type: "claim.submit" }, ...(twoSaved ? [{ type: "step.back" } as const] : [])];
  }
  if (snapshot.matches("submitted")) return [{ type: "claim.close" }];
  return [];
}

/**
 * Step 4 as a script rather than every combination: Next with nothing done (the missing photo is
 * shown), a photo (deleted again while nothing is typed), Damage 1 filled and Next; or a second
 * block added (and deleted), filled, Next, and back from the review with two saved damages, the
 * second deleted. Each gesture is offered where that script needs it, so the graph stays small.
 */
function damageStepEvents(family: WizardFamily, snapshot: AnyMachineSnapshot): WizardEvent[] {
  const item = family.item;
  const blocks = blocksOf(snapshot, item);
  const kinds = blocks.map((block) => (block.savedId ? "saved" : isFilled(snapshot, block) ? "filled" : "empty")).join(",");
  const documents = claimItem(snapshot, item)?.documents ?? [];
  const untouched = blocks.length === 0;
  const events: WizardEvent[] = [];
  if (untouched && documents.length === 0) events.push({ type: "step.next" }, { type: "step.back" });
  if (documents.length === 0) events.push({ type: "document.added", claimItemId: claimItem(snapshot, item)!.id, document: { id: 1, fileName: PHOTO_NAME } });
  else if (untouched) events.push({ type: "document.delete", documentId: documents[0]!.id });
  if (documents.length === 0) return events;
  const shown = untouched ? [{}] : blocks;
  const empty = shown.findIndex((block) => !isFilled(snapshot, block));
  if (empty >= 0) events.push({ type: "damages.change", damages: { [item]: shown.map((block, index) => (index === empty ? filledBlock(family, snapshot) : block)) } });
  if (kinds === "filled") events.push({ type: "damages.change", damages: { [item]: [...shown, {}] } });
  if (kinds === "filled,empty" || kinds === "saved,saved") events.push({ type: "damage.remove", planItemId: item, index: 1 });
  if (kinds === "filled" || kinds === "filled,filled" || kinds === "saved") events.push({ type: "step.next" });
  return events;
}

/** An item's card on the damage step. */
const itemRegion = (page: Page, item: string) => page.getByRole("region", { name: item });
const damageBlock = (region: Locator, index: number) => region.getByRole("group", { name: new RegExp(`^Damage ${index + 1}\\b`) });
const nextBusy = (page: Page, label = "Next") => shows(page.locator("button[aria-busy=true]", { hasText: label }));

/** Waits until exactly `count` elements match. */
async function countIs(locator: Locator, count: number): Promise<void> {
  if (count > 0) await shows(locator.nth(count - 1));
  await hides(locator.nth(count));
}

function damageWords(family: WizardFamily): string {
  const { type, specific, area, how, remedy } = family.damage;
  return `choose Damage Type **${type}**${specific ? `, Specific Damage **${specific}**` : ""}, Damage Area **${area}**, type **${NOTICED.typed}** in When did you notice the damage, choose How did it happen **${how}** and Did you take any steps to remedy? **${remedy}**, and type the Note **${NOTE}**`;
}

async function fillDamage(family: WizardFamily, block: Locator): Promise<void> {
  const { type, specific, area, how, remedy } = family.damage;
  await block.getByLabel("Damage Type").selectOption({ label: type });
  if (specific) await block.getByLabel("Specific Damage").selectOption({ label: specific });
  await block.getByLabel("Damage Area").selectOption({ label: area });
  await block.getByLabel("When did you notice the damage").fill(NOTICED.typed);
  await block.getByLabel("How did it happen").selectOption({ label: how });
  await block.getByLabel("Did you take any steps to remedy?").selectOption({ label: remedy });
  await block.getByLabel("Note").fill(NOTE);
}

/** The item's colour as the context holds it. */
export const colorOf = (family: WizardFamily, snapshot: AnyMachineSnapshot) => family.colors.find((color) => color.id === ctx(snapshot).details[family.item]?.colorId)?.name ?? "";

/**
 * The item events of the details step: recoloured, the item is put back before Next, so the rest of
 * the walk has one colour to expect; nothing is recoloured once the items are saved.
 */
export function detailsEvents(family: WizardFamily, snapshot: AnyMachineSnapshot): { recolor: WizardEvent[]; canGoOn: boolean } {
  const saved = (ctx(snapshot).claim?.items.length ?? 0) > 0;
  const recoloured = colorOf(family, snapshot) === family.otherColor.name;
  const planColor = ctx(snapshot).plan?.items.find((item) => item.id === family.item)?.color;
  const toColor = recoloured ? planColor! : family.otherColor;
  const recolor: WizardEvent[] = saved ? [] : [{ type: "details.change", details: { [family.item]: { ...ctx(snapshot).details[family.item], colorId: toColor.id } } }];
  return { recolor, canGoOn: !recoloured };
}

/** An item's card of details (manufacturer, material, color). */
export const detailsCard = (page: Page, item: string) => page.getByRole("group", { name: item });

/** Waits until the details card of the walk's item shows the colour the model holds. */
export async function checkColor(family: WizardFamily, page: Page, snapshot: AnyMachineSnapshot): Promise<void> {
  await fieldShows(detailsCard(page, name(snapshot, family.item)).getByLabel("Color"), colorOf(family, snapshot));
}

/** The gestures of the core's events (`contact.change` is ACE's). */
export function coreGestures(family: WizardFamily): Omit<ModelTable<WizardEvent>["events"], "contact.change"> {
  return {
    "item.toggle": user(
      (event, before) => `${ctx(before).selection.includes(event.planItemId) ? "Untick" : "Tick"} **${name(before, event.planItemId)}**.`,
      // A click, not check(): unticking a saved item keeps it ticked until the server removed it.
      ({ page }, event, before) => page.getByRole("checkbox", { name: new RegExp(name(before, event.planItemId)) }).click(),
    ),
    "details.change": user(
      (event, before) => `For the ${name(before, family.item)} choose Color **${family.colors.find((color) => color.id === event.details[family.item]?.colorId)?.name}**.`,
      async ({ page }, event, before) => {
        const color = family.colors.find((one) => one.id === event.details[family.item]?.colorId)!;
        await detailsCard(page, name(before, family.item)).getByLabel("Color").selectOption({ label: color.name });
      },
    ),
    "step.next": user(
      () => "Press **Next**.",
      ({ page }) => page.getByRole("button", { name: "Next" }).click(),
    ),
    "step.back": user(
      () => "Press **Back** (top left).",
      ({ page }) => page.getByRole("button", { name: "Back", exact: true }).click(),
    ),
    "damages.change": user(
      (event, before) => {
        const [id, blocks] = Object.entries(event.damages)[0]!;
        const index = blocks.findIndex((block, i) => JSON.stringify(block) !== JSON.stringify(blocksOf(before, Number(id))[i] ?? {}));
        if (blocks.length > Math.max(1, blocksOf(before, Number(id)).length)) return `Under the ${name(before, Number(id))} press **+ Add Damage**.`;
        return `In Damage ${index + 1} of the ${name(before, Number(id))}, ${damageWords(family)}.`;
      },
      async ({ page }, event, before) => {
        const [id, blocks] = Object.entries(event.damages)[0]!;
        const region = itemRegion(page, name(before, Number(id)));
        if (blocks.length > Math.max(1, blocksOf(before, Number(id)).length)) return region.getByRole("button", { name: "+ Add Damage" }).click();
        const index = blocks.findIndex((block, i) => JSON.stringify(block) !== JSON.stringify(blocksOf(before, Number(id))[i] ?? {}));
        await fillDamage(family, damageBlock(region, index));
      },
    ),
    "damage.remove": user(
      (event, before) => `Under the ${name(before, event.planItemId)} press **Delete** on Damage ${event.index + 1}.`,
      ({ page }, event, before) => itemRegion(page, name(before, event.planItemId)).getByRole("button", { name: `Delete damage ${event.index + 1}` }).click(),
    ),
    "document.added": user(
      (_, before) => `Under the ${name(before, family.item)} add a photo in 'Photos and documents' (choose \`test/fixtures/${PHOTO_NAME}\`) and wait until it is listed.`,
      async ({ page }, _, before) => {
        const region = itemRegion(page, name(before, family.item));
        await region.getByLabel(/Photos and documents of the/).setInputFiles(PHOTO);
        await shows(region.getByRole("list", { name: "Uploaded files" }).getByText(PHOTO_NAME));
      },
    ),
    "document.delete": user(
      () => `Press **Delete** beside ${PHOTO_NAME}.`,
      ({ page }) => page.getByRole("button", { name: `Delete ${PHOTO_NAME}` }).click(),
    ),
    "claim.submit": user(
      () => "Press **Submit**.",
      ({ page }) => page.getByRole("button", { name: "Submit" }).click(),
    ),
    "claim.close": user(
      () => "Press **Back to Home**.",
      async ({ page }) => {
        await page.getByRole("button", { name: "Back to Home" }).click();
        await shows(page.getByRole("button", { name: "Start" }));
      },
      "The welcome screen, with Start.",
    ),
    "step.requested": system(
      (event) => `In the address, change step=… to step=${event.step} and press Enter: the wizard shows that step if it may.`,
      ({ page }, event) => changeUrlStep(page, event.step),
    ),
    "xstate.done.actor.loadClaim": callDone(() => "The portal loads the claim."),
    "xstate.error.actor.loadClaim": callFailed(() => "Loading the claim fails: the claim does not exist (HTTP 404)."),
    "xstate.done.actor.saveItems": callDone(() => "The portal saves the items."),
    "xstate.error.actor.saveItems": callFailed(() => "Saving the items fails."),
    "xstate.done.actor.removeItem": callDone(() => "The portal removes the item from the claim."),
    "xstate.error.actor.removeItem": callFailed(() => "Removing the item fails."),
    "xstate.done.actor.saveDamages": callDone(() => "The portal saves the new damages."),
    "xstate.error.actor.saveDamages": callFailed(() => "Saving the damages fails."),
    "xstate.done.actor.deleteDamage": callDone(() => "The portal deletes the damage."),
    "xstate.error.actor.deleteDamage": callFailed(() => "Deleting the damage fails."),
    "xstate.done.actor.deleteDocument": callDone(() => "The portal deletes the photo."),
    "xstate.error.actor.deleteDocument": callFailed(() => "Deleting the photo fails."),
    "xstate.done.actor.submitClaim": callDone(() => "The portal submits the claim; the API answers 'Succeed'."),
    "xstate.error.actor.submitClaim": callFailed(() => "Submitting fails."),
  };
}

/** The item list of the items step, ticked as the model says. */
export async function checkTicks({ page }: Walker, snapshot: AnyMachineSnapshot): Promise<void> {
  for (const item of ctx(snapshot).plan!.items.filter((one) => !one.returned && !one.fullReplacement)) {
    await shows(page.getByRole("checkbox", { name: new RegExp(item.type!.name), checked: ctx(snapshot).selection.includes(item.id) }));
  }
}

const ticked = (snapshot: AnyMachineSnapshot) => ctx(snapshot).selection.map((id) => name(snapshot, id)).join(", ") || "nothing";

/** The items step while an unticked saved item is removed on the server. */
export const removingItemView = view("The item list busy while the item is removed.", ({ page }) => shows(page.locator("fieldset[aria-busy=true]")));

/** The items or details step while the items are saved. */
export const savingItemsView = view("**Next** busy (a spinner) while the items are saved.", ({ page }) => nextBusy(page));

/** Views of the core's states (the items and details steps are the families'). */
export function coreViews(family: WizardFamily): Record<string, StateView | { transient: string }> {
  return {
    loading: view("'Loading your claim…'", ({ page }) => shows(page.getByText("Loading your claim…"))),
    routing: { transient: "Decides which step the address may show once the claim is loaded." },
    planChoice: view("'Select your Plan' (step 1), the claim kept in the address.", ({ page }) => plansShown(page)),
    "reportingDamage.editing": view(
      (snapshot) => {
        const blocks = Math.max(1, blocksOf(snapshot, family.item).length);
        const documents = claimItem(snapshot, family.item)?.documents.length ?? 0;
        return `Step 4, 'Report your damage': the ${name(snapshot, family.item)} with ${blocks === 1 ? "one damage block" : `${blocks} damage blocks`} and ${documents ? PHOTO_NAME : "no photo"}${ctx(snapshot).showValidation && !documents ? ", and 'We need at least one photo from you'" : ""}.`;
      },
      async ({ page }, snapshot) => {
        await shows(heading(page, "Report your damage"));
        await urlStep(page, 4);
        const region = itemRegion(page, name(snapshot, family.item));
        await countIs(region.getByRole("heading", { level: 3, name: /^Damage \d+$/ }), Math.max(1, blocksOf(snapshot, family.item).length));
        const documents = claimItem(snapshot, family.item)?.documents.length ?? 0;
        if (documents) await shows(region.getByRole("list", { name: "Uploaded files" }).getByText(PHOTO_NAME));
        else await hides(region.getByRole("list", { name: "Uploaded files" }));
        if (ctx(snapshot).showValidation && !documents) await shows(region.getByText("We need at least one photo from you"));
      },
    ),
    "reportingDamage.checkingDamages": { transient: "Sends only new damages; with none the review follows at once." },
    "reportingDamage.savingDamages": view("**Next** busy while the damages are saved.", ({ page }) => nextBusy(page)),
    "reportingDamage.deletingDamage": view("**Next** busy while the damage is deleted.", ({ page }) => nextBusy(page)),
    "reportingDamage.deletingDocument": view("**Next** busy while the photo is deleted.", ({ page }) => nextBusy(page)),
    "reviewing.ready": view(
      (snapshot) => `Step 5, 'Review claim details': the ${ticked(snapshot)} with the damage's note and ${PHOTO_NAME}.`,
      async ({ page }, snapshot) => {
        await shows(heading(page, "Review claim details"));
        await urlStep(page, 5);
        const section = page.getByRole("region", { name: name(snapshot, family.item) });
        await shows(section.getByText(NOTE).first());
        await shows(section.getByText(PHOTO_NAME));
      },
    ),
    "reviewing.submitting": view("**Submit** busy while the claim is submitted.", ({ page }) => nextBusy(page, "Submit")),
    submitted: view(`'${family.thanks}' with the claim number CL-….`, async ({ page }) => {
      await shows(heading(page, family.thanks));
      await shows(page.getByText(/^CL-/));
    }),
    claimNotFound: view("'Claim not found', with Find your warranty and Go Home.", ({ page }) => shows(heading(page, "Claim not found"))),
  };
}

/** Puts the plan's claims back as seeded: walks file claims on it. */
export const resetClaims = (family: WizardFamily) => (server: Walker["server"]) => deleteClaimsOn(server, [family.planNumber]);

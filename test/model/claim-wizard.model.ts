/**
 * The claim wizards' QA tables, shared by both families as their machines share one core
 * (machines/claim-wizard.ts): the gestures of the core's events and the views of its states, and
 * `wizardTable`, which fpp-claim.model.ts and ace-claim.model.ts complete with their own steps 2
 * and 3. What a walk does in each state is claim-wizard-script.ts.
 */
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import type { AnyMachineSnapshot, AnyStateMachine, DoneActorEvent, EventObject } from "xstate";
import { maskedEmail } from "../../contract/contact-masks.ts";
import { backToHome, deleteFile, press, pressBack } from "./buttons.ts";
import { callDone, callFailed } from "./calls.ts";
import {
  blocksOf,
  claimItem,
  colorOf,
  coreEvents,
  ctx,
  name,
  NOTE,
  NOTICED,
  PHOTO_NAME,
  waitsCoreEvents,
  wizardFacts,
  type WizardEvent,
  type WizardFamily,
} from "./claim-wizard-script.ts";
import { demoCustomer } from "./demo.ts";
import { deleteClaimsOn } from "./demo-server.ts";
import { restingState, transitionsTaken } from "./paths.ts";
import {
  changeUrlStep,
  fieldShows,
  heading,
  hides,
  plansShown,
  shows,
  startClaim,
  startClaimWords,
  urlStep,
} from "./screen.ts";
import { system, user, view, type Gesture, type ModelTable, type StateView, type Walker } from "./table.ts";
import { cancelGesture, HANGING_CALLS_WORDS, waitGestures, withWaitViews } from "./waits.ts";

export {
  answeredAtOnce,
  cancelled,
  colorOf,
  kept,
  revisited,
  ctx,
  detailsEvents,
  noneDeleted,
  type WizardEvent,
  type WizardFamily,
} from "./claim-wizard-script.ts";

/** The photo every walk uploads: small, so preparing it in the browser takes no time. */
const PHOTO = fileURLToPath(new URL("../fixtures/portrait_6.jpg", import.meta.url));

/** An item's card on the damage step. */
const itemRegion = (page: Page, item: string) => page.getByRole("region", { name: item });
const damageBlock = (region: Locator, index: number) =>
  region.getByRole("group", { name: new RegExp(`^Damage ${index + 1}\\b`) });
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

/** The first option of a select, chosen to leave the field empty. */
const NO_CHOICE = "Select…";
/** The Color option a details event chooses: a colour by its name, or none. */
const colorNamed = (family: WizardFamily, event: { details: Record<number, { colorId?: number } | undefined> }) =>
  family.colors.find((color) => color.id === event.details[family.item]?.colorId)?.name ?? NO_CHOICE;

/** An item's card of details (manufacturer, material, color). */
const detailsCard = (page: Page, item: string) => page.getByRole("group", { name: item });

/** Waits until the details card of the walk's item shows the colour the model holds. */
export async function checkColor(family: WizardFamily, page: Page, snapshot: AnyMachineSnapshot): Promise<void> {
  await fieldShows(
    detailsCard(page, name(snapshot, family.item)).getByLabel("Color"),
    colorOf(family, snapshot) || NO_CHOICE,
  );
}

/** The events XState raises when a wait's delay is over: their gestures come from the machine (waits.ts). */
type WaitOver = Extract<WizardEvent["type"], `xstate.after.${string}`>;

/** The claim wizards' notices (src/screens/claim-wizard/claim-notices.ts) a cancelled call shows. */
const CLAIM_NOTICES: Record<string, string> = {
  saveFailed: "We could not save your changes. Please try again.",
  removeFailed: "We could not remove that item. Please try again.",
  submitFailed: "We could not submit your claim. Please try again.",
  damageDeleteFailed: "We could not delete that damage. Please try again.",
  documentDeleteError: "something went wrong, can't delete file.",
};

/** The gestures of the core's events (`contact.change` is ACE's). */
function coreGestures(family: WizardFamily): Omit<ModelTable<WizardEvent>["events"], "contact.change" | WaitOver> {
  return {
    "item.toggle": user(
      (event, before) =>
        `${ctx(before).selection.includes(event.planItemId) ? "Untick" : "Tick"} **${name(before, event.planItemId)}**.`,
      // A click, not check(): unticking a saved item keeps it ticked until the server removed it.
      ({ page }, event, before) =>
        page.getByRole("checkbox", { name: new RegExp(name(before, event.planItemId)) }).click(),
    ),
    "details.change": user(
      (event, before) => `For the ${name(before, family.item)} choose Color **${colorNamed(family, event)}**.`,
      async ({ page }, event, before) => {
        await detailsCard(page, name(before, family.item))
          .getByLabel("Color")
          .selectOption({ label: colorNamed(family, event) });
      },
    ),
    "step.next": press("Next"),
    "step.back": pressBack(),
    "damages.change": user(
      (event, before) => {
        const [id, blocks] = Object.entries(event.damages)[0]!;
        const index = blocks.findIndex(
          (block, i) => JSON.stringify(block) !== JSON.stringify(blocksOf(before, Number(id))[i] ?? {}),
        );
        if (blocks.length > Math.max(1, blocksOf(before, Number(id)).length))
          return `Under the ${name(before, Number(id))} press **+ Add Damage**.`;
        return `In Damage ${index + 1} of the ${name(before, Number(id))}, ${damageWords(family)}.`;
      },
      async ({ page }, event, before) => {
        const [id, blocks] = Object.entries(event.damages)[0]!;
        const region = itemRegion(page, name(before, Number(id)));
        if (blocks.length > Math.max(1, blocksOf(before, Number(id)).length))
          return region.getByRole("button", { name: "+ Add Damage" }).click();
        const index = blocks.findIndex(
          (block, i) => JSON.stringify(block) !== JSON.stringify(blocksOf(before, Number(id))[i] ?? {}),
        );
        await fillDamage(family, damageBlock(region, index));
      },
    ),
    "damage.remove": user(
      (event, before) => `Under the ${name(before, event.planItemId)} press **Delete** on Damage ${event.index + 1}.`,
      ({ page }, event, before) =>
        itemRegion(page, name(before, event.planItemId))
          .getByRole("button", { name: `Delete damage ${event.index + 1}` })
          .click(),
    ),
    "document.added": user(
      (_, before) =>
        `Under the ${name(before, family.item)} add a photo in 'Photos and documents' (choose \`test/fixtures/${PHOTO_NAME}\`) and wait until it is listed.`,
      async ({ page }, _, before) => {
        const region = itemRegion(page, name(before, family.item));
        await region.getByLabel(/Photos and documents of the/).setInputFiles(PHOTO);
        await shows(region.getByRole("list", { name: "Uploaded files" }).getByText(PHOTO_NAME));
      },
    ),
    "document.delete": deleteFile(PHOTO_NAME),
    "claim.submit": press("Submit"),
    "step.keep": user(
      (event, before) =>
        `Press **Email me a link to finish later**: the dialog names ${onFile(family)}; press **Send**${savesFirst(before, event) ? "" : `, see ${sentWords(family)} and press **Close**`}.`,
      async ({ page }, event, before) => {
        await page.getByRole("button", { name: "Email me a link to finish later" }).click();
        await shows(page.getByRole("dialog").getByText(onFile(family)));
        await page.getByRole("dialog").getByRole("button", { name: "Send", exact: true }).click();
        if (!savesFirst(before, event)) await closeSent(family, page);
      },
    ),
    "claim.close": backToHome(),
    "call.cancel": cancelGesture(CLAIM_NOTICES),
    "step.requested": system(
      (event) =>
        `In the address, change step=… to step=${event.step} and press Enter: the wizard shows that step if it may.`,
      ({ page }, event) => changeUrlStep(page, event.step),
    ),
    "xstate.done.actor.loadClaim": callDone(() => "The portal loads the claim."),
    "xstate.error.actor.loadClaim": callFailed(() => "Loading the claim fails: the claim does not exist (HTTP 404)."),
    "xstate.done.actor.saveItems": keptDone(family, "The portal saves the items."),
    "xstate.error.actor.saveItems": callFailed(() => "Saving the items fails."),
    "xstate.done.actor.removeItem": callDone(() => "The portal removes the item from the claim."),
    "xstate.error.actor.removeItem": callFailed(() => "Removing the item fails."),
    "xstate.done.actor.saveDamages": keptDone(family, "The portal saves the new damages."),
    "xstate.error.actor.saveDamages": callFailed(() => "Saving the damages fails."),
    "xstate.done.actor.deleteDamage": callDone(() => "The portal deletes the damage."),
    "xstate.error.actor.deleteDamage": callFailed(() => "Deleting the damage fails."),
    "xstate.done.actor.deleteDocument": callDone(() => "The portal deletes the photo."),
    "xstate.error.actor.deleteDocument": callFailed(() => "Deleting the photo fails."),
    "xstate.done.actor.submitClaim": callDone(() => "The portal submits the claim; the API answers 'Succeed'."),
    "xstate.error.actor.submitClaim": callFailed(() => "Submitting fails."),
  };
}

/** The plan's email as the finish-later dialog names it, masked. */
const onFile = (family: WizardFamily) => maskedEmail(demoCustomer(family.planNumber).email);
const sentWords = (family: WizardFamily) => `'Link sent to ${onFile(family)}'`;

/** True when `step.keep` saves the step first (a keeping state) rather than answering at once. */
const savesFirst = (before: AnyMachineSnapshot, event: EventObject) =>
  transitionsTaken(before.machine as AnyStateMachine, before, event).some((key) => !key.endsWith("(no target)"));

/** True while 'Email me a link to finish later' waits for the step's save. */
const keeping = (snapshot: AnyMachineSnapshot) => /\.keeping/.test(restingState(snapshot));

/** The finish-later dialog's answer once the step is kept and the link sent: 'Link sent to …', then Close. */
async function closeSent(family: WizardFamily, page: Page): Promise<void> {
  const dialog = page.getByRole("dialog");
  await shows(dialog.getByText(`Link sent to ${onFile(family)}`));
  await dialog.getByRole("button", { name: "Close" }).click();
  await hides(dialog);
}

/**
 * A save that returns: in a keeping state the finish-later dialog then sends the link, says so, and
 * the tester closes it (a gesture of the dialog's machine, not the wizard's).
 */
export function keptDone<E extends DoneActorEvent<unknown, string>>(family: WizardFamily, does: string): Gesture<E> {
  const done = callDone<E>(() => does);
  return system(
    (event, before) =>
      keeping(before) ? `${does.slice(0, -1)}; the dialog says ${sentWords(family)}: press **Close**.` : does,
    async (walker, event, before) => {
      await done.perform(walker, event, before);
      if (keeping(before)) await closeSent(family, walker.page);
    },
  );
}

/** The item list of the items step, ticked as the model says. */
export async function checkTicks({ page }: Walker, snapshot: AnyMachineSnapshot): Promise<void> {
  for (const item of ctx(snapshot).plan!.items.filter((one) => !one.returned && !one.fullReplacement)) {
    await shows(
      page.getByRole("checkbox", {
        name: new RegExp(item.type!.name),
        checked: ctx(snapshot).selection.includes(item.id),
      }),
    );
  }
}

const ticked = (snapshot: AnyMachineSnapshot) =>
  ctx(snapshot)
    .selection.map((id) => name(snapshot, id))
    .join(", ") || "nothing";

/** The items step while an unticked saved item is removed on the server. */
export const removingItemView = view("The item list busy while the item is removed.", ({ page }) =>
  shows(page.locator("fieldset[aria-busy=true]")),
);

/** The items or details step while the items are saved. */
export const savingItemsView = view("**Next** busy (a spinner) while the items are saved.", ({ page }) =>
  nextBusy(page),
);

/** A step while 'Email me a link to finish later' saves what it holds before the link is sent. */
export const keepingStepView = view(
  "**Send** busy in the dialog 'Email me a link to finish later' while the step is saved.",
  ({ page }) => shows(page.getByRole("dialog").locator("button[aria-busy=true]", { hasText: "Send" })),
);

/** Views of the core's states (the items and details steps are the families'). */
function coreViews(family: WizardFamily): Record<string, StateView | { transient: string }> {
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
        await countIs(
          region.getByRole("heading", { level: 3, name: /^Damage \d+$/ }),
          Math.max(1, blocksOf(snapshot, family.item).length),
        );
        const documents = claimItem(snapshot, family.item)?.documents.length ?? 0;
        if (documents) await shows(region.getByRole("list", { name: "Uploaded files" }).getByText(PHOTO_NAME));
        else await hides(region.getByRole("list", { name: "Uploaded files" }));
        if (ctx(snapshot).showValidation && !documents)
          await shows(region.getByText("We need at least one photo from you"));
      },
    ),
    "reportingDamage.checkingDamages": { transient: "Sends only new damages; with none the review follows at once." },
    "reportingDamage.savingDamages": view("**Next** busy while the damages are saved.", ({ page }) => nextBusy(page)),
    "reportingDamage.deletingDamage": view("**Next** busy while the damage is deleted.", ({ page }) => nextBusy(page)),
    "reportingDamage.deletingDocument": view("**Next** busy while the photo is deleted.", ({ page }) => nextBusy(page)),
    "reportingDamage.keepingDamages": keepingStepView,
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
    "reviewing.submitting": view("**Submit** busy while the claim is submitted.", ({ page }) =>
      nextBusy(page, "Submit"),
    ),
    submitted: view(`'${family.thanks}' with the claim number CL-….`, async ({ page }) => {
      await shows(heading(page, family.thanks));
      await shows(page.getByText(/^CL-/));
    }),
    claimNotFound: view("'Claim not found', with Find your warranty and Go Home.", ({ page }) =>
      shows(heading(page, "Claim not found")),
    ),
  };
}

/**
 * A wizard's QA table: two starts on a claim just started on the family's plan, one whose calls
 * answer at once and one whose calls hang (its waits walked in one line, waits.ts), the family's own
 * steps over the core's events, gestures and views, and the plan's claims put back between walks.
 * `stepEvents` and `waitStepEvents` give the events of the family's own steps in each start, and
 * null in the core's states.
 */
export function wizardTable<E extends EventObject>(
  family: WizardFamily,
  own: Pick<ModelTable<E>, "machine" | "file" | "source" | "calls"> & {
    stepEvents: (snapshot: AnyMachineSnapshot) => E[] | null;
    waitStepEvents: (snapshot: AnyMachineSnapshot) => E[] | null;
    events: Partial<ModelTable<E>["events"]>;
    states: ModelTable<E>["states"];
  },
): ModelTable<E> {
  const machine = own.machine as AnyStateMachine;
  return {
    machine,
    file: own.file,
    source: own.source,
    starts: [
      {
        name: `a claim just started on ${family.planNumber}`,
        setup: startClaimWords(family.planNumber),
        arrange: ({ page }) => startClaim(page, family.planNumber),
        input: family.input,
        events: (snapshot) => own.stepEvents(snapshot) ?? (coreEvents(family, snapshot) as EventObject[]),
        facts: wizardFacts,
      },
      {
        name: `a claim just started on ${family.planNumber}, whose calls hang`,
        setup: [...startClaimWords(family.planNumber), HANGING_CALLS_WORDS],
        // The page's clock, installed before the portal loads, runs by itself until a wait's gesture runs it on.
        arrange: async ({ page }) => {
          await page.clock.install();
          await startClaim(page, family.planNumber);
        },
        input: family.input,
        events: (snapshot) => own.waitStepEvents(snapshot) ?? (waitsCoreEvents(family, snapshot) as EventObject[]),
        facts: wizardFacts,
      },
    ],
    reset: (server) => deleteClaimsOn(server, [family.planNumber]),
    events: { ...coreGestures(family), ...waitGestures(machine), ...own.events } as ModelTable<E>["events"],
    states: withWaitViews(machine, { ...coreViews(family), ...own.states }),
    calls: own.calls,
    unreachable: {
      "reportingDamage.editing --damage.remove[0]--> (no target)":
        "SPEC.md section 4 (States and transitions): only the first damage block (index 0) cannot be removed, and section 2 (Claim wizard (ACE)): 'Damage N' has a delete button from the second block on; so Damage 1 has no Delete button and every item keeps one damage",
    },
  };
}

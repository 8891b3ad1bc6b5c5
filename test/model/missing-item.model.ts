/**
 * QA table of missingItemMachine: '+ Add Missing Item' on step 2 of an FPP claim on W-E34-WS4566,
 * the form of a line item missing from the plan, and the 'Plan item added successfully' dialog; and
 * a missing-item link for a claim this browser cannot reach, which says so before any form.
 */
import type { AddItemOutcome } from "../../machines/outcomes.ts";
import type { Page } from "playwright-core";
import type { AnyMachineSnapshot } from "xstate";
import {
  missingItemMachine,
  type ClaimReach,
  type ManualItem,
  type MissingItemContext,
  type MissingItemEvent,
  type MissingItemInput,
  type MissingItemOptions,
} from "../../machines/missing-item.machine.ts";
import { KINDS } from "../../server/domain/lookup-kinds.ts";
import { callDone, callFailed, httpFailure } from "./calls.ts";
import { deleteClaimsOn } from "./demo-server.ts";
import { demoLookups, demoPlan } from "./demo.ts";
import { heading, hides, shows, startClaim, startClaimWords } from "./screen.ts";
import { press } from "./buttons.ts";
import { user, view, type ModelTable, type Outcome, type Start } from "./table.ts";

type Event =
  | MissingItemEvent
  | Outcome<"checkClaim", ClaimReach>
  | Outcome<"loadOptions", MissingItemOptions>
  | Outcome<"addItem", AddItemOutcome>;

const JANE = demoPlan("W-E34-WS4566");
const OPTIONS: MissingItemOptions = {
  itemTypes: demoLookups(KINDS.itemType),
  manufacturers: demoLookups(KINDS.manufacturer),
  materials: demoLookups(KINDS.material),
  colors: demoLookups(KINDS.color),
};
const named = (list: Array<{ id: number; name: string }>, name: string) => list.find((one) => one.name === name)!.id;

/** The item as typed: selects by label, text fields as typed. */
const ITEM = {
  type: "Coffee Table",
  manufacturer: "Ashley",
  material: "Wood",
  color: "Walnut",
  vendor: "Ashley Furniture Industries",
  sku: "ASH-CTB-10001",
  model: "T-100",
  price: "249.99",
  quantity: "1",
  description: "Walnut coffee table bought with the sofa",
};
const MANUAL_ITEM: ManualItem = {
  itemTypeId: named(OPTIONS.itemTypes, ITEM.type),
  manufacturerId: named(OPTIONS.manufacturers, ITEM.manufacturer),
  materialId: named(OPTIONS.materials, ITEM.material),
  colorId: named(OPTIONS.colors, ITEM.color),
  vendor: ITEM.vendor,
  sku: ITEM.sku,
  modelNumber: ITEM.model,
  price: Number(ITEM.price),
  quantity: Number(ITEM.quantity),
  description: ITEM.description,
};

/** An answer the portal does not know: shown as 'Something went wrong', never in the server's words. */
const REFUSAL = "Plan item not added";
/** What the form says after a submit that added nothing, for the answers these paths give. */
const NOT_ADDED_TEXT = "Something went wrong";
/** A claim id no session holds: the API answers 404 CLAIM_NOT_FOUND. */
const UNREACHABLE_CLAIM = 424242424242;
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as MissingItemContext;

/** The form filled once; the claim's check or the item lists failing once; the API adding the item, or refusing it. */
function events(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("checking")) {
    return [
      { type: "xstate.done.actor.checkClaim", output: { kind: "open" }, actorId: "checkClaim" },
      { type: "xstate.error.actor.checkClaim", error: httpFailure(503), actorId: "checkClaim" },
    ];
  }
  if (snapshot.matches("loading")) {
    return [
      { type: "xstate.done.actor.loadOptions", output: OPTIONS, actorId: "loadOptions" },
      { type: "xstate.error.actor.loadOptions", error: httpFailure(503), actorId: "loadOptions" },
    ];
  }
  if (snapshot.matches("optionsFailed")) return [{ type: "options.retry" }, { type: "claim.back" }];
  if (snapshot.matches("editing")) return [{ type: "item.submit", item: MANUAL_ITEM }, { type: "claim.back" }];
  if (snapshot.matches("submitting")) {
    return [
      { type: "xstate.done.actor.addItem", output: { kind: "added" }, actorId: "addItem" },
      // The API's refusal: the portal's client rejects with an Error carrying the API's message.
      ...(ctx(snapshot).failure
        ? []
        : [
            {
              type: "xstate.error.actor.addItem",
              error: httpFailure(500, { message: REFUSAL }),
              actorId: "addItem",
            } as const,
          ]),
    ];
  }
  if (snapshot.matches("added")) return [{ type: "claim.back" }];
  return [];
}

const start: Start<MissingItemInput> = {
  name: `'+ Add Missing Item' on a claim just started on ${JANE.number}`,
  setup: [...startClaimWords(JANE.number), "On step 2 press **+ Add Missing Item**."],
  arrange: async ({ page, calls }) => {
    await startClaim(page, JANE.number);
    // The wizard reads the claim with the same call as the screen's check: it goes through, and
    // once the wizard shows, the screen's own is held.
    await calls.release("checkClaim");
    const addItem = page.getByRole("link", { name: "+ Add Missing Item" });
    await addItem.waitFor();
    calls.hold("checkClaim");
    await addItem.click();
  },
  input: { claimId: 1, planId: JANE.id },
  events,
};

/** Opened from a link in a browser that never found the claim: only the check's answer matters. */
const unreachable: Start<MissingItemInput> = {
  name: "A missing-item link for a claim this browser cannot reach",
  setup: [
    `Open http://localhost:8787/find-claim/add-warrnty-item?claimId=${UNREACHABLE_CLAIM}&warranty_id=${JANE.id} in a fresh browser.`,
  ],
  arrange: async ({ page }) => {
    await page.goto(`/find-claim/add-warrnty-item?claimId=${UNREACHABLE_CLAIM}&warranty_id=${JANE.id}`);
  },
  input: { claimId: UNREACHABLE_CLAIM, planId: JANE.id },
  events: (snapshot) =>
    snapshot.matches("checking")
      ? [{ type: "xstate.done.actor.checkClaim", output: { kind: "unreachable" }, actorId: "checkClaim" }]
      : [],
};

async function fillItem(page: Page): Promise<void> {
  await page.getByLabel("Item type").selectOption({ label: ITEM.type });
  await page.getByLabel("Manufacturer").selectOption({ label: ITEM.manufacturer });
  await page.getByLabel("Vendor").fill(ITEM.vendor);
  await page.getByLabel("Material").selectOption({ label: ITEM.material });
  await page.getByLabel("Color").selectOption({ label: ITEM.color });
  await page.getByLabel("SKU").fill(ITEM.sku);
  await page.getByLabel("Model").fill(ITEM.model);
  await page.getByLabel("Price").fill(ITEM.price);
  await page.getByLabel("Quantity").fill(ITEM.quantity);
  await page.getByLabel("Description").fill(ITEM.description);
}

const backToClaim = "Step 2 of the claim, 'Select damaged items under your plan'.";

export const missingItemTable: ModelTable<Event> = {
  machine: missingItemMachine,
  file: "missing-item",
  source: "test/model/missing-item.model.ts",
  starts: [start, unreachable],
  reset: (server) => deleteClaimsOn(server, [JANE.number]),
  events: {
    "item.submit": user(
      () =>
        `Choose Item type **${ITEM.type}**, Manufacturer **${ITEM.manufacturer}**, Material **${ITEM.material}**, Color **${ITEM.color}**; type Vendor **${ITEM.vendor}**, SKU **${ITEM.sku}**, Model **${ITEM.model}**, Price **${ITEM.price}**, Quantity **${ITEM.quantity}**, Description **${ITEM.description}**; press **Submit**.`,
      async ({ page }) => {
        await fillItem(page);
        await page.getByRole("button", { name: "Submit", exact: true }).click();
      },
    ),
    "claim.back": user(
      (_, before) =>
        before.matches("added") ? "In the dialog press **Back to Claim**." : "Press **Back** (top left).",
      async ({ page, calls }, _, before) => {
        // The claim's wizard reads the claim with the same call as the check, which may still be
        // failing as the path left it: that read goes through to the API.
        calls.hold("checkClaim");
        if (before.matches("added"))
          await page.getByRole("dialog").getByRole("button", { name: "Back to Claim" }).click();
        else await page.getByRole("button", { name: "Back", exact: true }).click();
        await calls.release("checkClaim");
        await shows(heading(page, "Select damaged items under your plan"));
      },
      backToClaim,
    ),
    "options.retry": press("Try Again"),
    "xstate.done.actor.checkClaim": callDone((event) =>
      event.output.kind === "open"
        ? "The portal reads the claim: this browser may add to it."
        : "The portal reads the claim; the API answers 404 CLAIM_NOT_FOUND.",
    ),
    "xstate.error.actor.checkClaim": callFailed(() => "Reading the claim fails (HTTP 503)."),
    "xstate.done.actor.loadOptions": callDone(() => "The portal loads the item lists."),
    "xstate.error.actor.loadOptions": callFailed(() => "Loading the item lists fails."),
    "xstate.done.actor.addItem": callDone(() => "The portal adds the item; the API answers 'Succeed'."),
    "xstate.error.actor.addItem": callFailed(() => `Adding the item fails: the API answers '${REFUSAL}'.`),
  },
  states: {
    checking: view("'Missing Line Item.' with 'Loading…'.", ({ page }) => shows(page.getByText("Loading…"))),
    loading: view("'Missing Line Item.' with 'Loading…'.", ({ page }) => shows(page.getByText("Loading…"))),
    claimUnreachable: view("'Claim not found' with Find your warranty and Go Home, and no form.", async ({ page }) => {
      await shows(heading(page, "Claim not found"));
      await shows(page.getByRole("button", { name: "Find your warranty" }));
      await hides(page.getByLabel("Item type"));
    }),
    optionsFailed: view("'We could not load the item lists.' with Try Again.", ({ page }) =>
      shows(page.getByText("We could not load the item lists.")),
    ),
    editing: view(
      (snapshot) =>
        `'Missing Line Item.' with its form${ctx(snapshot).failure ? `, and the message '${NOT_ADDED_TEXT}'` : ""}.`,
      async ({ page }, snapshot) => {
        await shows(heading(page, "Missing Line Item."));
        await shows(page.getByLabel("Item type"));
        const failure = ctx(snapshot).failure;
        if (failure) await shows(page.getByRole("alert").filter({ hasText: NOT_ADDED_TEXT }));
      },
    ),
    submitting: view("**Submit** busy while the item is added.", ({ page }) =>
      shows(page.locator("button[aria-busy=true]", { hasText: "Submit" })),
    ),
    added: view("The dialog 'Plan item added successfully' with Back to Claim.", ({ page }) =>
      shows(page.getByRole("dialog", { name: "Plan item added successfully" })),
    ),
  },
  calls: {
    checkClaim: { method: "GET", path: /^claim\/\d+$/ },
    loadOptions: { method: "GET", path: /^all_item_type$/ },
    addItem: { method: "POST", path: /^insert_manual_warr_item$/ },
  },
};

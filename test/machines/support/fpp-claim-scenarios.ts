/**
 * Path-generation scenarios of fppClaimMachine (used by fpp-claim.paths.test.ts). The wizard's
 * context (claim, selection, details, damages) multiplies its states, so the walk is split into
 * scenarios, each starting from a claim as the server would answer `loadClaim` and exploring one
 * part of the wizard with the fixtures it needs (`stopWhen` ends it where the next one takes over).
 * Together they must reach every state and, replayed on real actors, take every transition.
 */
import type { SubmitOutcome } from "../../../machines/outcomes.ts";
import type { AnyMachineSnapshot, DoneActorEvent, ErrorActorEvent } from "xstate";
import type { Claim, DamageEntry } from "../../../machines/domain.ts";
import type {
  ClaimWizardContext,
  ClaimWizardEvent,
  ClaimWizardInput,
  LoadedClaim,
} from "../../../machines/claim-wizard.ts";
import {
  claim,
  claimItem,
  freshClaim,
  itemsSavedClaim,
  loaded,
  newDamage,
  readyClaim,
  savedDamage,
  submittedClaim,
} from "./domain-fixtures.ts";
import { done, failed, type FixturesFor, type Scenario } from "./graph.ts";
import { httpError, outcome } from "./ace-claim-fixtures.ts";
import { CALL_CANCEL, waitFixtures, walkingWaits, type WaitOver } from "./waiting.ts";

/** The states that wait for a call (waitingForServer): each quiet, then 'Still working…', then longer than usual. */
const WAITING_STATES = [
  "selectingItems.removingItem",
  "selectingItems.keepingItems",
  "confirmingDetails.savingItems",
  "confirmingDetails.keepingItems",
  "reportingDamage.keepingDamages",
  "reportingDamage.savingDamages",
  "reportingDamage.deletingDamage",
  "reportingDamage.deletingDocument",
  "reviewing.submitting",
] as const;

export type PathEvent =
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
  | DoneActorEvent<SubmitOutcome, "submitClaim">
  | ErrorActorEvent<unknown, "submitClaim">
  | WaitOver<"fppClaim", (typeof WAITING_STATES)[number]>;

type Fixtures = FixturesFor<PathEvent>;

/** A saved damage as the screen holds it on step 4. */
const savedBlock = (id: number): Partial<DamageEntry> => {
  const { id: savedId, ...rest } = savedDamage(id);
  return { savedId, ...rest };
};
const incompleteBlock: Partial<DamageEntry> = { damageTypeId: 4, note: "   " };

/** Item 1 saved with two saved damages and a document: block 1 can be deleted on the server. */
const twoDamagesClaim = claim({
  items: [
    claimItem(11, 1, { damages: [savedDamage(901), savedDamage(902)], documents: [{ id: 501, fileName: "sofa.jpg" }] }),
  ],
});
/** readyClaim after its document was deleted. */
const noDocumentClaim = claim({ items: [claimItem(11, 1, { damages: [savedDamage(901)] })] });
/** readyClaim after a new damage was saved. */
const damagesSavedClaim = claim({
  items: [
    claimItem(11, 1, { damages: [savedDamage(901), savedDamage(903)], documents: [{ id: 501, fileName: "sofa.jpg" }] }),
  ],
});

/** The fixtures every scenario starts from; each scenario narrows or extends them. */
const base = {
  "step.requested": [{ type: "step.requested", step: 5 }],
  "step.next": [{ type: "step.next" }],
  "step.back": [{ type: "step.back" }],
  "item.toggle": [{ type: "item.toggle", planItemId: 1 }],
  "details.change": [{ type: "details.change", details: { 2: { manufacturerId: 1, materialId: 2, colorId: 3 } } }],
  "damages.change": [{ type: "damages.change", damages: { 1: [savedBlock(901), newDamage()] } }],
  "damage.remove": [{ type: "damage.remove", planItemId: 1, index: 1 }],
  "document.added": [{ type: "document.added", claimItemId: 11, document: { id: 502, fileName: "arm.jpg" } }],
  "document.delete": [{ type: "document.delete", documentId: 501 }],
  "claim.submit": [{ type: "claim.submit" }],
  "claim.close": [{ type: "claim.close" }],
  // 'Email me a link to finish later': walked only in the finish-later scenarios (onlyThereKeep below).
  "step.keep": [{ type: "step.keep" }],
  // Cancel under 'Still working…', and the waits' delays: walked as support/waiting.ts says.
  "call.cancel": [CALL_CANCEL],
  ...waitFixtures("fppClaim", WAITING_STATES),
  // ACE's event: the FPP chart has no transition for it, so the walk never offers it.
  "contact.change": [{ type: "contact.change", contact: {} }],
  "xstate.done.actor.loadClaim": [done("loadClaim", loaded(readyClaim))],
  "xstate.error.actor.loadClaim": [failed("loadClaim")],
  "xstate.done.actor.saveItems": [done("saveItems", itemsSavedClaim)],
  "xstate.error.actor.saveItems": [failed("saveItems")],
  "xstate.done.actor.removeItem": [done("removeItem", freshClaim)],
  "xstate.error.actor.removeItem": [failed("removeItem")],
  "xstate.done.actor.saveDamages": [done("saveDamages", damagesSavedClaim)],
  "xstate.error.actor.saveDamages": [failed("saveDamages")],
  "xstate.done.actor.deleteDamage": [done("deleteDamage", readyClaim)],
  "xstate.error.actor.deleteDamage": [failed("deleteDamage")],
  "xstate.done.actor.deleteDocument": [done("deleteDocument", noDocumentClaim)],
  "xstate.error.actor.deleteDocument": [
    failed("deleteDocument", httpError(409)),
    failed("deleteDocument", new TypeError("Failed to fetch")),
  ],
  "xstate.done.actor.submitClaim": [
    done("submitClaim", outcome.submitted),
    done("submitClaim", outcome.notTaken),
    done("submitClaim", outcome.incomplete),
    done("submitClaim", outcome.alreadySubmitted),
    done("submitClaim", outcome.gatewayTimeout),
  ],
  "xstate.error.actor.submitClaim": [failed("submitClaim")],
} as const satisfies Fixtures;

const input = (requestedStep: number | null): ClaimWizardInput => ({
  claimId: 55,
  planId: 1,
  customerId: null,
  requestedStep,
});
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ClaimWizardContext;
const isIn = (snapshot: AnyMachineSnapshot, ...states: string[]) => states.some((state) => snapshot.matches(state));

/** `document.added` appends without bound: offer it only while that document is not there yet. */
const once = (snapshot: AnyMachineSnapshot, event: PathEvent) =>
  event.type !== "document.added" ||
  !ctx(snapshot).claim?.items.some((item) => item.documents.some((document) => document.id === event.document.id));

/** The events of the finish-later scenarios: loading, step.keep with its saves, and Next. */
const KEEP_EVENTS = new Set<string>([
  "xstate.done.actor.loadClaim",
  "step.keep",
  "step.next",
  "xstate.done.actor.saveItems",
  "xstate.error.actor.saveItems",
  "xstate.done.actor.saveDamages",
  "xstate.error.actor.saveDamages",
  "xstate.done.actor.saveContact",
  "xstate.error.actor.saveContact",
]);
/** A finish-later scenario's events: KEEP_EVENTS, and a URL change while a step is kept. */
const keepEvents = (snapshot: AnyMachineSnapshot, event: PathEvent): boolean =>
  KEEP_EVENTS.has(event.type) ||
  (event.type === "step.requested" &&
    ["keepingItems", "keepingDamages", "keepingContact"].some((state) =>
      JSON.stringify(snapshot.value).includes(state),
    ));

export const scenarios: Array<Scenario<PathEvent, ClaimWizardInput>> = [
  {
    // The URL's step against every kind of claim the server may answer: routing's branches.
    name: "arrival",
    input: input(null),
    fixtures: {
      ...base,
      "step.requested": [
        { type: "step.requested", step: 1 },
        { type: "step.requested", step: 3 },
        { type: "step.requested", step: 4 },
        { type: "step.requested", step: 5 },
      ],
      "xstate.done.actor.loadClaim": [
        done("loadClaim", loaded(freshClaim)),
        done("loadClaim", loaded(itemsSavedClaim)),
        done("loadClaim", loaded(readyClaim)),
        done("loadClaim", loaded(submittedClaim)),
      ],
    },
    stopWhen: (snapshot) => !snapshot.matches("loading"),
  },
  {
    // Step 2 of a new claim: ticking, refusing returned / fully replaced items, Next and Back.
    name: "step 2, new claim",
    input: input(2),
    fixtures: {
      ...base,
      "xstate.done.actor.loadClaim": [done("loadClaim", loaded(freshClaim))],
      "item.toggle": [
        { type: "item.toggle", planItemId: 1 },
        { type: "item.toggle", planItemId: 2 },
        { type: "item.toggle", planItemId: 3 }, // returned: refused
        { type: "item.toggle", planItemId: 4 }, // fully replaced: refused
      ],
    },
    stopWhen: (snapshot) => !isIn(snapshot, "loading", "selectingItems"),
  },
  {
    // Step 2 with item 1 saved: unticking it removes the claim item on the server first.
    name: "step 2, saved item",
    input: input(2),
    fixtures: { ...base, "xstate.done.actor.loadClaim": [done("loadClaim", loaded(itemsSavedClaim))] },
    stopWhen: (snapshot) => !isIn(snapshot, "loading", "selectingItems", "removingItem"),
  },
  {
    // Step 3: details incomplete, then complete; saving items and its failure.
    name: "step 3",
    input: input(2),
    fixtures: {
      ...base,
      "xstate.done.actor.loadClaim": [done("loadClaim", loaded(freshClaim))],
      "item.toggle": [{ type: "item.toggle", planItemId: 2 }],
    },
    // Only item 2 is ticked here; the walk ends once step 4 is reached.
    filterEvents: (snapshot, event) =>
      !(snapshot.matches({ confirmingDetails: "editing" }) && event.type === "step.requested"),
    stopWhen: (snapshot) => isIn(snapshot, "reportingDamage", "claimNotFound"),
  },
  {
    // Step 4 of a ready claim: damage blocks, documents, Next with and without new damages.
    name: "step 4",
    input: input(4),
    fixtures: {
      ...base,
      "xstate.done.actor.loadClaim": [done("loadClaim", loaded(twoDamagesClaim))],
      "damages.change": [
        { type: "damages.change", damages: { 1: [savedBlock(901), savedBlock(902), newDamage()] } },
        { type: "damages.change", damages: { 1: [savedBlock(901), savedBlock(902), incompleteBlock] } },
      ],
      "damage.remove": [
        { type: "damage.remove", planItemId: 1, index: 0 },
        { type: "damage.remove", planItemId: 1, index: 1 },
        { type: "damage.remove", planItemId: 1, index: 2 },
      ],
    },
    filterEvents: (snapshot, event) =>
      once(snapshot, event) && (event.type !== "step.requested" || !snapshot.matches({ reportingDamage: "editing" })),
    stopWhen: (snapshot) => isIn(snapshot, "reviewing", "confirmingDetails", "claimNotFound"),
  },
  {
    // Step 5: submit with each answer, Back; the completed state and Back to Home.
    name: "step 5",
    input: input(5),
    fixtures: base,
    filterEvents: (snapshot, event) =>
      event.type !== "step.requested" || snapshot.matches({ reviewing: "submitting" }) || snapshot.matches("submitted"),
    stopWhen: (snapshot) => isIn(snapshot, "reportingDamage", "claimNotFound") || ctx(snapshot).error !== null,
  },
  // 'Email me a link to finish later' (step.keep) on each step: what the step holds is saved,
  // the step stays; nothing to save says so at once. Only the events of that are offered.
  {
    name: "finish later, items",
    input: input(2),
    fixtures: { ...base, "xstate.done.actor.loadClaim": [done("loadClaim", loaded(itemsSavedClaim))] },
    filterEvents: keepEvents,
    stopWhen: (snapshot) => isIn(snapshot, "reportingDamage", "claimNotFound"),
  },
  {
    // An item ticked without its details: nothing can be saved on steps 2 and 3 yet.
    name: "finish later, nothing complete",
    input: input(2),
    fixtures: { ...base, "xstate.done.actor.loadClaim": [done("loadClaim", loaded(freshClaim))] },
    filterEvents: (snapshot, event) =>
      keepEvents(snapshot, event) || (event.type === "item.toggle" && ctx(snapshot).selection.length === 0),
    stopWhen: (snapshot) => !isIn(snapshot, "loading", "selectingItems", "confirmingDetails"),
  },
  {
    name: "finish later, damages and review",
    input: input(4),
    fixtures: { ...base },
    filterEvents: (snapshot, event) => keepEvents(snapshot, event) || event.type === "damages.change",
    stopWhen: (snapshot) =>
      isIn(snapshot, "confirmingDetails", "submitted", "claimNotFound") ||
      snapshot.matches({ reviewing: "submitting" }),
  },
  {
    // A page the server rendered with its claim: the wizard is given it and starts at the step
    // the URL asks for, without loading.
    name: "rendered with its claim",
    input: { ...input(4), loaded: loaded(itemsSavedClaim) },
    fixtures: { ...base },
    stopWhen: () => true,
  },
];

// step.keep multiplies the walked states wherever it is offered: the other scenarios leave it out.
for (const scenario of scenarios) {
  if (scenario.name.startsWith("finish later")) continue;
  const own = scenario.filterEvents;
  scenario.filterEvents = (snapshot, event) => event.type !== "step.keep" && (own ? own(snapshot, event) : true);
}
walkingWaits(scenarios);

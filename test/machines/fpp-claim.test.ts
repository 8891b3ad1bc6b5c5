/**
 * fppClaimMachine: the step rule, field rules, every guard and helper, then behaviour on real actors
 * with every server call stubbed (SPEC.md section 2 "Claim wizard (FPP)", section 4 "Claim flow",
 * section 5 steps 2-4, section 8 claim-not-found).
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { Claim, DamageEntry, ItemDetails } from "../../machines/domain.ts";
import { hasCompleteDetails, isCompleteDamage, localToday } from "../../machines/fpp-claim-rules.ts";
import { savedDamageBlocks, unsavedDamages } from "../../machines/claim-drafts.ts";
import { FPP_DONE_STEP, isReadyForReview, resolveStep } from "../../machines/fpp-claim-steps.ts";
import {
  fppClaimMachine,
  needsSpecificDamage,
  stepOf,
  type FppClaimContext,
  type FppClaimInput,
  type LoadedClaim,
  type SaveDamagesInput,
  type SaveItemsInput,
} from "../../machines/fpp-claim.machine.ts";
import { collectEmitted, guardOf } from "./support/actors.ts";
import {
  claim,
  claimItem,
  freshClaim,
  itemsSavedClaim,
  loaded,
  newDamage,
  options,
  planItem,
  readyClaim,
  savedDamage,
  submittedClaim,
  wizardPlan,
} from "./support/domain-fixtures.ts";

const context = (overrides: Partial<FppClaimContext> = {}): FppClaimContext => ({
  claimId: 55,
  planId: 1,
  requestedStep: null,
  claim: freshClaim,
  plan: wizardPlan,
  options,
  selection: [],
  details: {},
  damages: {},
  showValidation: false,
  removingPlanItemId: null,
  error: null,
  ...overrides,
});

const fullDetails: ItemDetails = { manufacturerId: 1, materialId: 2, colorId: 3 };
const savedBlock = (id: number): Partial<DamageEntry> => {
  const { id: savedId, ...rest } = savedDamage(id);
  return { savedId, ...rest };
};
const guard = (name: string) => guardOf(fppClaimMachine, name);

describe("fppClaim step rule (resolveStep)", () => {
  const facts = (claimValue: Claim, selection: number[] = []) => ({ claim: claimValue, selection });

  it("a claim that is not a Draft shows the completed state, whatever the step", () => {
    expect(FPP_DONE_STEP).toBe(6);
    for (const requested of [null, 1, 2, 5, 9]) expect(resolveStep(requested, facts(submittedClaim))).toBe(6);
    expect(resolveStep(3, facts(claim({ status: "Closed" })))).toBe(6);
  });

  it("step 1 is the plan choice", () => {
    expect(resolveStep(1, facts(readyClaim, [1]))).toBe("selectPlan");
  });

  it("a missing, non-numeric, zero, too high or fractional step resets to 2", () => {
    for (const requested of [null, Number.NaN, 0, -1, 6, 7, 2.5]) expect(resolveStep(requested, facts(readyClaim, [1])), String(requested)).toBe(2);
  });

  it("each reachable step is shown as requested", () => {
    expect(resolveStep(2, facts(readyClaim, [1]))).toBe(2);
    expect(resolveStep(3, facts(freshClaim, [1]))).toBe(3);
    expect(resolveStep(4, facts(itemsSavedClaim, [1]))).toBe(4);
    expect(resolveStep(5, facts(readyClaim, [1]))).toBe(5);
  });

  it("an unreachable step falls back to the furthest reachable one before it", () => {
    expect(resolveStep(4, facts(freshClaim, [1]))).toBe(3);
    expect(resolveStep(4, facts(freshClaim, []))).toBe(3);
    expect(resolveStep(5, facts(itemsSavedClaim, [1]))).toBe(4);
    expect(resolveStep(5, facts(freshClaim, [2]))).toBe(3);
    expect(resolveStep(5, facts(freshClaim, []))).toBe(3);
  });

  it("step 3 shows even with nothing chosen, where it says to choose on step 2", () => {
    expect(resolveStep(3, facts(freshClaim, []))).toBe(3);
  });

  it("isReadyForReview: items, each with a damage and a document", () => {
    expect(isReadyForReview(readyClaim)).toBe(true);
    expect(isReadyForReview(freshClaim)).toBe(false);
    expect(isReadyForReview(itemsSavedClaim)).toBe(false);
    expect(isReadyForReview(claim({ items: [claimItem(11, 1, { damages: [savedDamage(1)] })] }))).toBe(false);
    expect(isReadyForReview(claim({ items: [...readyClaim.items, claimItem(12, 2)] }))).toBe(false);
  });
});

describe("fppClaim field rules and helpers", () => {
  it("isCompleteDamage: every field filled", () => {
    expect(isCompleteDamage(newDamage())).toBe(true);
    const fields = ["damageTypeId", "damageAreaId", "howItHappenedId", "remedyId", "noticedOn", "note"] as const;
    for (const field of fields) {
      const { [field]: _dropped, ...rest } = newDamage();
      expect(isCompleteDamage(rest), `without ${field}`).toBe(false);
    }
    expect(isCompleteDamage({})).toBe(false);
  });

  it("isCompleteDamage: a whitespace-only or empty note is missing", () => {
    expect(isCompleteDamage({ ...newDamage(), note: "   " })).toBe(false);
    expect(isCompleteDamage({ ...newDamage(), note: "\n\t " })).toBe(false);
    expect(isCompleteDamage({ ...newDamage(), note: "" })).toBe(false);
  });

  it("isCompleteDamage: the notice date lies between 2000-01-01 and today", () => {
    expect(isCompleteDamage({ ...newDamage(), noticedOn: "2000-01-01" })).toBe(true);
    expect(isCompleteDamage({ ...newDamage(), noticedOn: localToday() })).toBe(true);
    expect(isCompleteDamage({ ...newDamage(), noticedOn: "1999-12-31" })).toBe(false);
    expect(isCompleteDamage({ ...newDamage(), noticedOn: "2999-01-01" })).toBe(false);
    expect(isCompleteDamage({ ...newDamage(), noticedOn: "01/06/2024" })).toBe(false);
  });

  it("needsSpecificDamage: only where the claim offers specific damages", () => {
    expect(needsSpecificDamage({ options: null })).toBe(false);
    expect(needsSpecificDamage(context({ options: { ...context().options!, specificDamages: [] } }))).toBe(false);
    expect(needsSpecificDamage(context({ options: { ...context().options!, specificDamages: [{ id: 1, name: "Cut" }] } }))).toBe(true);
  });

  it("isCompleteDamage: the specific damage is required only where present (SPEC.md section 5, step 4)", () => {
    // Required where the claim offers specific damages; a claim without any accepts null.
    expect(isCompleteDamage({ ...newDamage(), specificDamageId: null })).toBe(false);
    expect(isCompleteDamage({ ...newDamage(), specificDamageId: null }, false)).toBe(true);
  });

  it("hasCompleteDetails: manufacturer, material and color for every chosen item", () => {
    expect(hasCompleteDetails([], {})).toBe(false);
    expect(hasCompleteDetails([1], { 1: fullDetails })).toBe(true);
    expect(hasCompleteDetails([1, 2], { 1: fullDetails, 2: fullDetails })).toBe(true);
    expect(hasCompleteDetails([1, 2], { 1: fullDetails })).toBe(false);
    expect(hasCompleteDetails([1], { 1: { manufacturerId: 1, materialId: 2 } })).toBe(false);
    expect(hasCompleteDetails([1], { 1: { ...fullDetails, colorId: 0 } })).toBe(false);
    // Details of an item no longer chosen do not count.
    expect(hasCompleteDetails([2], { 1: fullDetails })).toBe(false);
  });

  it("unsavedDamages sends only unsaved, complete blocks of chosen items", () => {
    const damages = {
      1: [savedBlock(901), newDamage("new on 1"), { ...newDamage("incomplete"), note: " " }],
      2: [newDamage("new on 2")],
      3: [newDamage("item not chosen")],
    };
    const sent = unsavedDamages(context({ selection: [1, 2], damages }), true);
    expect(sent).toEqual([
      { ...newDamage("new on 1"), planItemId: 1 },
      { ...newDamage("new on 2"), planItemId: 2 },
    ]);
    expect(unsavedDamages(context({ selection: [1], damages: { 1: [savedBlock(901)] } }), true)).toEqual([]);
    expect(unsavedDamages(context({ selection: [4], damages }), true)).toEqual([]);
  });

  it("savedDamageBlocks: the server's damages as blocks carrying their id", () => {
    expect(savedDamageBlocks(readyClaim)).toEqual({ 1: [savedBlock(901)] });
    expect(savedDamageBlocks(freshClaim)).toEqual({});
  });

  it("stepOf reads meta.step of the active state", () => {
    expect(stepOf({ getMeta: () => ({ "fppClaim.reviewing": { step: 5 } }) })).toBe(5);
    expect(stepOf({ getMeta: () => ({}) })).toBeNull();
  });
});

describe("fppClaim guards", () => {
  it("isSucceed only for exactly 'Succeed'", () => {
    const isSucceed = guard("isSucceed");
    expect(isSucceed(context(), { message: "Succeed" })).toBe(true);
    for (const message of ["succeed", "Succeed ", "SUCCEED", "Success", "Succeeded", ""]) expect(isSucceed(context(), { message }), message).toBe(false);
  });

  it("isFirstDamageBlock: only index 0", () => {
    expect(guard("isFirstDamageBlock")(context(), { index: 0 })).toBe(true);
    expect(guard("isFirstDamageBlock")(context(), { index: 1 })).toBe(false);
  });

  it("isSavedItemSelected: chosen and held by the server as a claim item", () => {
    const isSavedItemSelected = guard("isSavedItemSelected");
    expect(isSavedItemSelected(context({ claim: itemsSavedClaim, selection: [1] }), { planItemId: 1 })).toBe(true);
    expect(isSavedItemSelected(context({ claim: itemsSavedClaim, selection: [] }), { planItemId: 1 })).toBe(false);
    expect(isSavedItemSelected(context({ claim: itemsSavedClaim, selection: [1, 2] }), { planItemId: 2 })).toBe(false);
  });

  it("isSelectableItem: returned and fully replaced items cannot be toggled", () => {
    const isSelectableItem = guard("isSelectableItem");
    expect(isSelectableItem(context(), { planItemId: 1 })).toBe(true);
    expect(isSelectableItem(context(), { planItemId: 3 })).toBe(false);
    expect(isSelectableItem(context(), { planItemId: 4 })).toBe(false);
    expect(isSelectableItem(context(), { planItemId: 99 })).toBe(false);
    expect(isSelectableItem(context({ plan: null }), { planItemId: 1 })).toBe(false);
  });

  it("hasDocumentsForEveryItem: each chosen item has a claim item with a document", () => {
    const hasDocuments = guard("hasDocumentsForEveryItem");
    expect(hasDocuments(context({ claim: readyClaim, selection: [1] }))).toBe(true);
    expect(hasDocuments(context({ claim: itemsSavedClaim, selection: [1] }))).toBe(false);
    expect(hasDocuments(context({ claim: readyClaim, selection: [1, 2] }))).toBe(false);
  });

  it("hasCompleteDamages: every chosen item has blocks, saved ones counting as complete", () => {
    const hasCompleteDamages = guard("hasCompleteDamages");
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [savedBlock(901)] } }))).toBe(true);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [savedBlock(901), newDamage()] } }))).toBe(true);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [savedBlock(901), { note: "x" }] } }))).toBe(false);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [] } }))).toBe(false);
    expect(hasCompleteDamages(context({ selection: [1, 2], damages: { 1: [newDamage()] } }))).toBe(false);
  });

  it("hasUnsavedDamages, isSavedDamageBlock, hasSelection, isLoaded", () => {
    expect(guard("hasUnsavedDamages")(context({ selection: [1], damages: { 1: [savedBlock(901), newDamage()] } }))).toBe(true);
    expect(guard("hasUnsavedDamages")(context({ selection: [1], damages: { 1: [savedBlock(901)] } }))).toBe(false);
    const damages = { 1: [savedBlock(901), newDamage()] };
    expect(guard("isSavedDamageBlock")(context({ damages }), { planItemId: 1, index: 0 })).toBe(true);
    expect(guard("isSavedDamageBlock")(context({ damages }), { planItemId: 1, index: 1 })).toBe(false);
    expect(guard("isSavedDamageBlock")(context({ damages }), { planItemId: 2, index: 0 })).toBe(false);
    expect(guard("hasSelection")(context({ selection: [2] }))).toBe(true);
    expect(guard("hasSelection")(context())).toBe(false);
    expect(guard("isLoaded")(context())).toBe(true);
    expect(guard("isLoaded")(context({ claim: null }))).toBe(false);
  });

  it("isResolvedStep: resolveStep on the context, false before the claim is loaded", () => {
    const isResolvedStep = guard("isResolvedStep");
    expect(isResolvedStep(context({ claim: readyClaim, selection: [1], requestedStep: 5 }), { step: 5 })).toBe(true);
    expect(isResolvedStep(context({ claim: readyClaim, selection: [1], requestedStep: 5 }), { step: 4 })).toBe(false);
    expect(isResolvedStep(context({ claim: null, requestedStep: 2 }), { step: 2 })).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour

interface Server {
  loadClaim: (input: { claimId: number; planId: number }) => Promise<LoadedClaim>;
  saveItems: (input: SaveItemsInput) => Promise<Claim>;
  removeItem: (input: { claimId: number; claimItemId: number }) => Promise<Claim>;
  saveDamages: (input: SaveDamagesInput) => Promise<Claim>;
  deleteDamage: (input: { claimId: number; damageId: number }) => Promise<Claim>;
  deleteDocument: (input: { claimId: number; documentId: number }) => Promise<Claim>;
  submitClaim: (input: { claimId: number; customerId: number }) => Promise<string>;
}

const unexpected = (name: string) => async () => {
  throw new Error(`unexpected call to ${name}`);
};

function open(requestedStep: number | null, first: Claim | (() => Promise<LoadedClaim>), server: Partial<Server> = {}) {
  const load: Server["loadClaim"] = typeof first === "function" ? first : async () => loaded(first);
  const calls = {
    loadClaim: vi.fn(load),
    saveItems: vi.fn(server.saveItems ?? unexpected("saveItems")),
    removeItem: vi.fn(server.removeItem ?? unexpected("removeItem")),
    saveDamages: vi.fn(server.saveDamages ?? unexpected("saveDamages")),
    deleteDamage: vi.fn(server.deleteDamage ?? unexpected("deleteDamage")),
    deleteDocument: vi.fn(server.deleteDocument ?? unexpected("deleteDocument")),
    submitClaim: vi.fn(server.submitClaim ?? unexpected("submitClaim")),
  };
  const spies = { leaveToSelectPlan: vi.fn(), goHome: vi.fn() };
  const machine = fppClaimMachine.provide({
    actors: {
      loadClaim: fromPromise(({ input }: { input: { claimId: number; planId: number } }) => calls.loadClaim(input)),
      saveItems: fromPromise(({ input }: { input: SaveItemsInput }) => calls.saveItems(input)),
      removeItem: fromPromise(({ input }: { input: { claimId: number; claimItemId: number } }) => calls.removeItem(input)),
      saveDamages: fromPromise(({ input }: { input: SaveDamagesInput }) => calls.saveDamages(input)),
      deleteDamage: fromPromise(({ input }: { input: { claimId: number; damageId: number } }) => calls.deleteDamage(input)),
      deleteDocument: fromPromise(({ input }: { input: { claimId: number; documentId: number } }) => calls.deleteDocument(input)),
      submitClaim: fromPromise(({ input }: { input: { claimId: number; customerId: number } }) => calls.submitClaim(input)),
    },
    actions: spies,
  });
  const input: FppClaimInput = { claimId: 55, planId: 1, requestedStep };
  const actor = createActor(machine, { input });
  const notices = collectEmitted<{ type: "notify"; code: string }>(actor, "notify");
  actor.start();
  return { actor, notices, ...calls, ...spies };
}

type Actor = ReturnType<typeof open>["actor"];
const BUSY = ["loading", "removingItem", "savingItems", "savingDamages", "deletingDamage", "deletingDocument", "submitting"] as const;
/** Waits until no server call is running. */
const idle = (actor: Actor) => waitFor(actor, (snapshot) => !BUSY.some((state) => snapshot.matches(state)), { timeout: 1000 });
const paramsOf = (spy: ReturnType<typeof vi.fn>, call = 0) => spy.mock.calls[call]?.[1];

describe("fppClaim behaviour: loading and routing", () => {
  it("loads the claim of the URL and shows step 2 of a new claim", async () => {
    const { actor, loadClaim } = open(null, freshClaim);
    expect(actor.getSnapshot().value).toBe("loading");
    expect(stepOf(actor.getSnapshot())).toBeNull();
    const snapshot = await idle(actor);
    expect(loadClaim).toHaveBeenCalledWith({ claimId: 55, planId: 1 });
    expect(snapshot.value).toBe("selectingItems");
    expect(stepOf(snapshot)).toBe(2);
  });

  it("a reload on step 4 with saved items resumes step 4, with the saved selection, details and damages", async () => {
    const { actor } = open(4, readyClaim);
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reportingDamage");
    expect(stepOf(snapshot)).toBe(4);
    expect(snapshot.context.selection).toEqual([1]);
    expect(snapshot.context.details).toEqual({ 1: fullDetails });
    expect(snapshot.context.damages).toEqual({ 1: [savedBlock(901)] });
  });

  it("a reload on step 5 of a ready claim shows the review", async () => {
    const { actor } = open(5, readyClaim);
    expect((await idle(actor)).value).toBe("reviewing");
  });

  it("step 5 requested but only items saved: falls back to step 4", async () => {
    const { actor } = open(5, itemsSavedClaim);
    expect((await idle(actor)).value).toBe("reportingDamage");
  });

  it("a too high step resets to 2", async () => {
    const { actor } = open(7, readyClaim);
    expect((await idle(actor)).value).toBe("selectingItems");
  });

  it("step 1 leaves for select-plan", async () => {
    const { actor, leaveToSelectPlan } = open(1, readyClaim);
    await idle(actor);
    expect(leaveToSelectPlan).toHaveBeenCalledTimes(1);
    expect(paramsOf(leaveToSelectPlan)).toEqual({ claimId: 55, planId: 1 });
  });

  it("a submitted claim shows its completed state (step 6)", async () => {
    const { actor } = open(3, submittedClaim);
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
  });

  it("a step requested while loading is the one routed to", async () => {
    let release!: () => void;
    const { actor } = open(null, () => new Promise<LoadedClaim>((resolve) => (release = () => resolve(loaded(readyClaim)))));
    actor.send({ type: "step.requested", step: 4 });
    expect(actor.getSnapshot().value).toBe("loading");
    release();
    expect((await idle(actor)).value).toBe("reportingDamage");
  });

  it("a load failure shows claim-not-found", async () => {
    const { actor } = open(2, async () => {
      throw new Error("CLAIM_NOT_FOUND");
    });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("claimNotFound");
    expect(stepOf(snapshot)).toBeNull();
    actor.send({ type: "step.requested", step: 3 });
    expect(actor.getSnapshot().value).toBe("claimNotFound");
  });

  it("step.requested while loaded re-routes (back and forward in the browser)", async () => {
    const { actor } = open(5, readyClaim);
    await idle(actor);
    actor.send({ type: "step.requested", step: 2 });
    expect(actor.getSnapshot().value).toBe("selectingItems");
    actor.send({ type: "step.requested", step: 4 });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    actor.send({ type: "step.requested", step: Number.NaN });
    expect(actor.getSnapshot().value).toBe("selectingItems");
    actor.send({ type: "step.requested", step: 5 });
    expect(actor.getSnapshot().value).toBe("reviewing");
  });

  it("step.requested during a save is kept for later and does not interrupt it", async () => {
    let release!: (claimValue: Claim) => void;
    const { actor } = open(3, itemsSavedClaim, { saveItems: () => new Promise<Claim>((resolve) => (release = resolve)) });
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("savingItems");
    actor.send({ type: "step.requested", step: 2 });
    expect(actor.getSnapshot().value).toBe("savingItems");
    expect(actor.getSnapshot().context.requestedStep).toBe(2);
    release(itemsSavedClaim);
    expect((await idle(actor)).value).toBe("reportingDamage");
  });
});

describe("fppClaim behaviour: step 2, items", () => {
  it("Next needs a selection", async () => {
    const { actor } = open(2, freshClaim);
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("selectingItems");
    actor.send({ type: "item.toggle", planItemId: 2 });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("confirmingDetails");
    expect(stepOf(actor.getSnapshot())).toBe(3);
  });

  it("returned and fully replaced items cannot be ticked", async () => {
    const { actor } = open(2, freshClaim);
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 3 });
    actor.send({ type: "item.toggle", planItemId: 4 });
    expect(actor.getSnapshot().context.selection).toEqual([]);
  });

  it("an unsaved item ticks and unticks locally", async () => {
    const { actor, removeItem } = open(2, freshClaim);
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    actor.send({ type: "item.toggle", planItemId: 2 });
    expect(actor.getSnapshot().context.selection).toEqual([1, 2]);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().context.selection).toEqual([2]);
    expect(removeItem).not.toHaveBeenCalled();
  });

  it("a newly ticked item starts from the plan item's manufacturer, material and color", async () => {
    const planWithDetails = {
      ...wizardPlan,
      items: [planItem(1, { manufacturer: { id: 1, name: "Acme" }, material: { id: 2, name: "Oak" }, color: { id: 3, name: "Red" } })],
    };
    const { actor } = open(2, async () => ({ claim: freshClaim, plan: planWithDetails, options }));
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().context.details[1]).toEqual(fullDetails);
  });

  it("Back on step 2 leaves for select-plan", async () => {
    const { actor, leaveToSelectPlan } = open(2, freshClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(leaveToSelectPlan).toHaveBeenCalledTimes(1);
    expect(paramsOf(leaveToSelectPlan)).toEqual({ claimId: 55, planId: 1 });
  });

  it("unticking a saved item removes its claim item on the server and drops its details and damages", async () => {
    const twoItems = claim({ items: [...readyClaim.items, claimItem(12, 2, { damages: [savedDamage(905)] })] });
    const afterRemoval = claim({ items: [claimItem(12, 2, { damages: [savedDamage(905)] })] });
    const { actor, removeItem } = open(2, twoItems, { removeItem: async () => afterRemoval });
    await idle(actor);
    expect(actor.getSnapshot().context.selection).toEqual([1, 2]);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().value).toBe("removingItem");
    expect(stepOf(actor.getSnapshot())).toBe(2);
    const snapshot = await idle(actor);
    expect(removeItem).toHaveBeenCalledWith({ claimId: 55, claimItemId: 11 });
    expect(snapshot.value).toBe("selectingItems");
    expect(snapshot.context.selection).toEqual([2]);
    expect(snapshot.context.details).toEqual({ 2: fullDetails });
    expect(snapshot.context.damages).toEqual({ 2: [savedBlock(905)] });
    expect(snapshot.context.claim).toEqual(afterRemoval);
    expect(snapshot.context.removingPlanItemId).toBeNull();
  });

  it("a failed removal keeps the item and notifies removeFailed", async () => {
    const { actor, notices } = open(2, readyClaim, {
      removeItem: async () => {
        throw new Error("500");
      },
    });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("selectingItems");
    expect(snapshot.context.selection).toEqual([1]);
    expect(notices).toEqual([{ type: "notify", code: "removeFailed" }]);
  });
});

describe("fppClaim behaviour: step 3, details", () => {
  it("Next needs complete details, then saves the items with their manufacturer, material and color ids", async () => {
    const { actor, saveItems } = open(2, freshClaim, { saveItems: async () => claim({ items: [claimItem(12, 2)] }) });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 2 });
    actor.send({ type: "step.next" });
    actor.send({ type: "details.change", details: { 2: { manufacturerId: 1, materialId: 2 } } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("confirmingDetails");
    expect(saveItems).not.toHaveBeenCalled();
    actor.send({ type: "details.change", details: { 2: fullDetails } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("savingItems");
    const snapshot = await idle(actor);
    expect(saveItems).toHaveBeenCalledWith({
      claimId: 55,
      planId: 1,
      items: [{ planItemId: 2, claimItemId: undefined, itemTypeId: 102, manufacturerId: 1, materialId: 2, colorId: 3 }],
    });
    expect(snapshot.value).toBe("reportingDamage");
    expect(stepOf(snapshot)).toBe(4);
    expect(snapshot.context.claim?.items.map((item) => item.id)).toEqual([12]);
  });

  it("a saved item is re-sent with its claim item id", async () => {
    const { actor, saveItems } = open(3, itemsSavedClaim, { saveItems: async () => itemsSavedClaim });
    await idle(actor);
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveItems.mock.calls[0]![0].items).toEqual([{ planItemId: 1, claimItemId: 11, itemTypeId: 101, ...fullDetails }]);
  });

  it("a failed save stays on step 3 with saveFailed and a notice", async () => {
    const { actor, notices } = open(3, itemsSavedClaim, {
      saveItems: async () => {
        throw new Error("500");
      },
    });
    await idle(actor);
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("confirmingDetails");
    expect(snapshot.context.error).toBe("saveFailed");
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
  });

  it("Back on step 3 goes to step 2", async () => {
    const { actor } = open(3, itemsSavedClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toBe("selectingItems");
  });
});

describe("fppClaim behaviour: step 4, damages and documents", () => {
  it("Next without documents shows validation and stays on step 4", async () => {
    const { actor, saveDamages } = open(4, itemsSavedClaim);
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [newDamage()] } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("Next with an incomplete damage block shows validation and stays on step 4", async () => {
    const { actor, saveDamages } = open(4, readyClaim);
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [savedBlock(901), newDamage(), { ...newDamage(), note: "  " }] } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("with documents, Next saves ONLY the unsaved damages, then shows the review", async () => {
    const afterSave = claim({
      items: [claimItem(11, 1, { damages: [savedDamage(901), savedDamage(903)], documents: [{ id: 501, fileName: "sofa.jpg" }] })],
    });
    const { actor, saveDamages } = open(4, readyClaim, { saveDamages: async () => afterSave });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [savedBlock(901), newDamage("new tear")] } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("savingDamages");
    const snapshot = await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(saveDamages).toHaveBeenCalledWith({ claimId: 55, customerId: 700, damages: [{ ...newDamage("new tear"), planItemId: 1 }] });
    expect(snapshot.value).toBe("reviewing");
    expect(snapshot.context.claim).toEqual(afterSave);
  });

  // The server's answer to saving the new block of the tests below: it holds it as damage 903.
  const savedNewBlock = claim({
    items: [
      claimItem(11, 1, {
        damages: [savedDamage(901), { ...savedDamage(903), note: "new tear", noticedOn: "2024-06-01" }],
        documents: [{ id: 501, fileName: "sofa.jpg" }],
      }),
    ],
  });

  it("after saving, the damages are held once each, as the server's saved blocks", async () => {
    const { actor } = open(4, readyClaim, { saveDamages: async () => savedNewBlock });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [savedBlock(901), newDamage("new tear")] } });
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reviewing");
    expect(snapshot.context.damages[1]).toEqual(savedDamageBlocks(savedNewBlock)[1]);
  });

  it("after saving, Back to step 4 and Next again re-sends nothing", async () => {
    const { actor, saveDamages } = open(4, readyClaim, { saveDamages: async () => savedNewBlock });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [savedBlock(901), newDamage("new tear")] } });
    actor.send({ type: "step.next" });
    await idle(actor);
    actor.send({ type: "step.back" });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe("reviewing");
  });

  it("with only saved damages and documents, Next shows the review without saving", async () => {
    const { actor, saveDamages } = open(4, readyClaim);
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reviewing");
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("a document added on step 4 counts for Next", async () => {
    const { actor } = open(4, claim({ items: [claimItem(11, 1, { damages: [savedDamage(901)] })] }));
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    actor.send({ type: "document.added", claimItemId: 11, document: { id: 502, fileName: "arm.jpg" } });
    expect(actor.getSnapshot().context.claim?.items[0]?.documents).toEqual([{ id: 502, fileName: "arm.jpg" }]);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reviewing");
  });

  it("a failed damage save stays on step 4 with saveFailed and a notice", async () => {
    const { actor, notices } = open(4, readyClaim, {
      saveDamages: async () => {
        throw new Error("500");
      },
    });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [savedBlock(901), newDamage()] } });
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reportingDamage");
    expect(snapshot.context.error).toBe("saveFailed");
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
  });

  it("damage.remove on index 0 does nothing, saved or not", async () => {
    const { actor, deleteDamage } = open(4, readyClaim);
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 1, index: 0 });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.damages[1]).toEqual([savedBlock(901)]);
    expect(deleteDamage).not.toHaveBeenCalled();
  });

  it("removing an unsaved block drops it locally", async () => {
    const { actor, deleteDamage } = open(4, readyClaim);
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [savedBlock(901), newDamage("a"), newDamage("b")] } });
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    expect(actor.getSnapshot().context.damages[1]).toEqual([savedBlock(901), newDamage("b")]);
    expect(deleteDamage).not.toHaveBeenCalled();
  });

  it("removing a saved block deletes it on the server by its id", async () => {
    const twoDamages = claim({ items: [claimItem(11, 1, { damages: [savedDamage(901), savedDamage(902)], documents: [{ id: 501, fileName: "a.jpg" }] })] });
    const { actor, deleteDamage } = open(4, twoDamages, { deleteDamage: async () => readyClaim });
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    expect(actor.getSnapshot().value).toBe("deletingDamage");
    const snapshot = await idle(actor);
    expect(deleteDamage).toHaveBeenCalledWith({ claimId: 55, damageId: 902 });
    expect(snapshot.value).toBe("reportingDamage");
    expect(snapshot.context.damages[1]).toEqual([savedBlock(901)]);
  });

  it("a failed damage deletion keeps the block and notifies damageDeleteFailed", async () => {
    const twoDamages = claim({ items: [claimItem(11, 1, { damages: [savedDamage(901), savedDamage(902)], documents: [] })] });
    const { actor, notices } = open(4, twoDamages, {
      deleteDamage: async () => {
        throw new Error("500");
      },
    });
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    const snapshot = await idle(actor);
    expect(snapshot.context.damages[1]).toEqual([savedBlock(901), savedBlock(902)]);
    expect(notices).toEqual([{ type: "notify", code: "damageDeleteFailed" }]);
  });

  it("deleting a document calls deleteDocument and notifies documentDeleted; a failure notifies documentDeleteFailed", async () => {
    const withoutDocument = claim({ items: [claimItem(11, 1, { damages: [savedDamage(901)] })] });
    const answers: Array<() => Promise<Claim>> = [
      async () => withoutDocument,
      async () => {
        throw new Error("500");
      },
    ];
    const { actor, deleteDocument, notices } = open(4, readyClaim, { deleteDocument: () => answers.shift()!() });
    await idle(actor);
    actor.send({ type: "document.delete", documentId: 501 });
    expect(actor.getSnapshot().value).toBe("deletingDocument");
    let snapshot = await idle(actor);
    expect(deleteDocument).toHaveBeenCalledWith({ claimId: 55, documentId: 501 });
    expect(snapshot.context.claim).toEqual(withoutDocument);
    actor.send({ type: "document.delete", documentId: 501 });
    snapshot = await idle(actor);
    expect(snapshot.value).toBe("reportingDamage");
    expect(notices).toEqual([
      { type: "notify", code: "documentDeleted" },
      { type: "notify", code: "documentDeleteFailed" },
    ]);
  });

  it("the specific damage is not required where the damage type has none", async () => {
    // Options without specific damages: the screen shows no specific-damage field.
    const noSpecific = { ...options, specificDamages: [] };
    const { actor, saveDamages } = open(4, async () => ({ claim: readyClaim, plan: wizardPlan, options: noSpecific }), {
      saveDamages: async () => readyClaim,
    });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [savedBlock(901), { ...newDamage(), specificDamageId: null }] } });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe("reviewing");
  });

  it("Back on step 4 goes to step 3", async () => {
    const { actor } = open(4, readyClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toBe("confirmingDetails");
  });
});

describe("fppClaim behaviour: step 5, submit, step 6", () => {
  it("submit answered 'Succeed' completes the claim (step 6); Back to Home calls goHome", async () => {
    const { actor, submitClaim, goHome, notices } = open(5, readyClaim, { submitClaim: async () => "Succeed" });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    expect(actor.getSnapshot().value).toBe("submitting");
    const snapshot = await idle(actor);
    expect(submitClaim).toHaveBeenCalledWith({ claimId: 55, customerId: 700 });
    expect(snapshot.value).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
    expect(notices).toEqual([]);
    actor.send({ type: "claim.close" });
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it.each(["Failed", "succeed", "Succeed ", ""])("submit answered %j stays on the review with submitFailed and a notice", async (message) => {
    const { actor, notices } = open(5, readyClaim, { submitClaim: async () => message });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reviewing");
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
  });

  it("a submit error stays on the review with submitFailed and a notice; a retry clears the error", async () => {
    const answers: Array<() => Promise<string>> = [
      async () => {
        throw new Error("504");
      },
      async () => "Succeed",
    ];
    const { actor, notices } = open(5, readyClaim, { submitClaim: () => answers.shift()!() });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    let snapshot = await idle(actor);
    expect(snapshot.value).toBe("reviewing");
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
    actor.send({ type: "claim.submit" });
    expect(actor.getSnapshot().context.error).toBeNull();
    snapshot = await idle(actor);
    expect(snapshot.value).toBe("submitted");
  });

  it("Back on the review goes to step 4", async () => {
    const { actor } = open(5, readyClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
  });

  it("after a successful submit, the browser's Back (step 5 requested) keeps the completed state", async () => {
    const { actor } = open(5, readyClaim, { submitClaim: async () => "Succeed" });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    await idle(actor);
    actor.send({ type: "step.requested", step: 5 });
    expect(actor.getSnapshot().value).toBe("submitted");
    expect(stepOf(actor.getSnapshot())).toBe(6);
  });

  it("after a successful submit, the URL mirroring step 6 keeps the completed state", async () => {
    const { actor } = open(5, readyClaim, { submitClaim: async () => "Succeed" });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    await idle(actor);
    actor.send({ type: "step.requested", step: 6 });
    expect(actor.getSnapshot().value).toBe("submitted");
  });
});

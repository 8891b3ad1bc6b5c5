/**
 * What only the FPP wizard does: its step rule, the field rules and draft helpers with specific
 * damages, its guards, and its steps 2 and 3 (SPEC.md section 2 "Claim wizard (FPP)", section 4
 * "Claim flow", section 5 steps 2-4). What both wizards share is tested once in
 * claim-wizard.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import {
  hasCompleteDamages,
  hasDocumentsForEveryItem,
  savedDamageBlocks,
  unsavedDamages,
} from "../../machines/claim-drafts.ts";
import { hasCompleteDetails, isCompleteDamage, localToday } from "../../machines/claim-rules.ts";
import {
  SUBMITTED_STEP,
  isReadyForReview,
  resolveStep as resolveClaimStep,
  type StepFacts,
} from "../../machines/claim-steps.ts";
import { initialContext, needsSpecificDamage, stepOf, type ClaimWizardContext } from "../../machines/claim-wizard.ts";
import type { Claim, DamageEntry, ItemDetails } from "../../machines/domain.ts";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import { guardOf } from "./support/actors.ts";
import { httpError, outcome } from "./support/ace-claim-fixtures.ts";
import { FAMILIES, failing, idle, openWizard, paramsOf, where } from "./support/wizard-harness.ts";
import {
  claim,
  claimItem,
  freshClaim,
  itemsSavedClaim,
  newDamage,
  options,
  readyClaim,
  savedDamage,
  submittedClaim,
  wizardPlan,
} from "./support/domain-fixtures.ts";

const resolveStep = (requested: number | null, facts: StepFacts) => resolveClaimStep("fpp", requested, facts);

const context = (overrides: Partial<ClaimWizardContext> = {}): ClaimWizardContext => ({
  ...initialContext("fpp", { claimId: 55, planId: 1, customerId: null, requestedStep: null }),
  stepRequest: null,
  claim: freshClaim,
  plan: wizardPlan,
  options,
  ...overrides,
});

const fullDetails: ItemDetails = { manufacturerId: 1, materialId: 2, colorId: 3 };
const savedBlock = (id: number): Partial<DamageEntry> => {
  const { id: savedId, ...rest } = savedDamage(id);
  return { savedId, ...rest };
};
const guard = (name: string) => guardOf(fppClaimMachine, name);

describe("fppClaim step rule (resolveStep, fpp)", () => {
  const facts = (claimValue: Claim, selection: number[] = []) => ({ claim: claimValue, selection });

  it("a claim that is not a Draft shows the completed state, whatever the step", () => {
    expect(SUBMITTED_STEP).toBe(6);
    for (const requested of [null, 1, 2, 5, 9]) expect(resolveStep(requested, facts(submittedClaim))).toBe(6);
    expect(resolveStep(3, facts(claim({ status: "Closed" })))).toBe(6);
  });

  it("step 1 is the plan choice", () => {
    expect(resolveStep(1, facts(readyClaim, [1]))).toBe("selectPlan");
  });

  it("a missing, non-numeric, zero, too high or fractional step resets to 2", () => {
    for (const requested of [null, Number.NaN, 0, -1, 6, 7, 2.5, 3.5, 4.5, Infinity, -Infinity])
      expect(resolveStep(requested, facts(readyClaim, [1])), String(requested)).toBe(2);
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

  it("localToday: today is the consumer's calendar day, where they are", () => {
    const zone = process.env.TZ;
    vi.useFakeTimers({ now: new Date("2026-03-01T02:30:00Z"), toFake: ["Date"] });
    try {
      process.env.TZ = "America/Los_Angeles";
      expect(localToday()).toBe("2026-02-28");
      process.env.TZ = "Asia/Tokyo";
      expect(localToday()).toBe("2026-03-01");
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("needsSpecificDamage: only where the claim offers specific damages", () => {
    expect(needsSpecificDamage({ options: null })).toBe(false);
    expect(needsSpecificDamage(context({ options: { ...context().options!, specificDamages: [] } }))).toBe(false);
    expect(
      needsSpecificDamage(context({ options: { ...context().options!, specificDamages: [{ id: 1, name: "Cut" }] } })),
    ).toBe(true);
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
  it("isClaimAccepted only for a submitted or already submitted claim; a gateway timeout is not (that rule is ACE's)", () => {
    const isClaimAccepted = guard("isClaimAccepted");
    for (const kind of ["submitted", "alreadySubmitted"] as const)
      expect(isClaimAccepted(context(), { outcome: outcome[kind] }), kind).toBe(true);
    for (const kind of ["incomplete", "notTaken", "gatewayTimeout"] as const)
      expect(isClaimAccepted(context(), { outcome: outcome[kind] }), kind).toBe(false);
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
    expect(hasDocumentsForEveryItem(context({ claim: readyClaim, selection: [1] }))).toBe(true);
    expect(hasDocumentsForEveryItem(context({ claim: itemsSavedClaim, selection: [1] }))).toBe(false);
    expect(hasDocumentsForEveryItem(context({ claim: readyClaim, selection: [1, 2] }))).toBe(false);
  });

  it("hasCompleteDamages: every chosen item has blocks, saved ones counting as complete", () => {
    const complete = (overrides: Partial<ClaimWizardContext>) =>
      hasCompleteDamages(context(overrides), needsSpecificDamage(context()));
    expect(complete({ selection: [1], damages: { 1: [savedBlock(901)] } })).toBe(true);
    expect(complete({ selection: [1], damages: { 1: [savedBlock(901), newDamage()] } })).toBe(true);
    expect(complete({ selection: [1], damages: { 1: [savedBlock(901), { note: "x" }] } })).toBe(false);
    expect(complete({ selection: [1], damages: { 1: [] } })).toBe(false);
    expect(complete({ selection: [1, 2], damages: { 1: [newDamage()] } })).toBe(false);
  });

  it("isDamageReportComplete: documents for every item and complete damages, both", () => {
    const isComplete = guard("isDamageReportComplete");
    expect(isComplete(context({ claim: readyClaim, selection: [1], damages: { 1: [savedBlock(901)] } }))).toBe(true);
    expect(isComplete(context({ claim: itemsSavedClaim, selection: [1], damages: { 1: [savedBlock(901)] } }))).toBe(
      false,
    );
    expect(isComplete(context({ claim: readyClaim, selection: [1], damages: { 1: [{ note: "x" }] } }))).toBe(false);
  });

  it("hasUnsavedDamages, isSavedDamageBlock, hasSelection, isLoaded", () => {
    expect(
      guard("hasUnsavedDamages")(context({ selection: [1], damages: { 1: [savedBlock(901), newDamage()] } })),
    ).toBe(true);
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

  it("routing guards: each names the step the URL's request leads to, all false before the claim is loaded", () => {
    const at = (requested: number | null, claimValue = readyClaim) =>
      context({ claim: claimValue, selection: [1], stepRequest: { step: requested } });
    const routes = [
      "isSubmittedClaim",
      "asksForPlanChoice",
      "canResumeAtReview",
      "canResumeAtDamageReport",
      "canResumeAtItems",
    ] as const;
    const which = (ctx: ClaimWizardContext) => routes.filter((name) => guard(name)(ctx));
    expect(which(at(5))).toEqual(["canResumeAtReview"]);
    expect(which(at(4))).toEqual(["canResumeAtDamageReport"]);
    expect(which(at(3))).toEqual(["canResumeAtItems"]);
    expect(which(at(1))).toEqual(["asksForPlanChoice"]);
    expect(which(at(2))).toEqual([]);
    expect(which(at(2, submittedClaim))).toEqual(["isSubmittedClaim"]);
    expect(which(context({ claim: null, stepRequest: { step: 5 } }))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour of FPP's own steps: 2 (items) and 3 (their details)

const fpp = FAMILIES.find((family) => family.name === "fpp")!;

describe("fppClaim behaviour: step 2, items", () => {
  it("Next needs a selection", async () => {
    const { actor } = openWizard(fpp, 2, freshClaim);
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("selectingItems.editing");
    actor.send({ type: "item.toggle", planItemId: 2 });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingDetails.editing");
    expect(stepOf(actor.getSnapshot())).toBe(3);
  });

  it("Back on step 2 leaves for select-plan", async () => {
    const { actor, leaveToSelectPlan } = openWizard(fpp, 2, freshClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(where(actor)).toBe("planChoice");
    expect(leaveToSelectPlan).toHaveBeenCalledTimes(1);
    expect(paramsOf(leaveToSelectPlan)).toEqual({ claimId: 55, planId: 1 });
  });
});

describe("fppClaim behaviour: step 3, details", () => {
  it("Next needs complete details, then saves the items with their manufacturer, material and color ids", async () => {
    const { actor, saveItems } = openWizard(fpp, 2, freshClaim, {
      saveItems: async () => claim({ items: [claimItem(12, 2)] }),
    });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 2 });
    actor.send({ type: "step.next" });
    actor.send({ type: "details.change", details: { 2: { manufacturerId: 1, materialId: 2 } } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingDetails.editing");
    expect(saveItems).not.toHaveBeenCalled();
    actor.send({ type: "details.change", details: { 2: fullDetails } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingDetails.savingItems.quiet");
    const snapshot = await idle(actor);
    expect(saveItems).toHaveBeenCalledWith({
      claimId: 55,
      planId: 1,
      items: [{ planItemId: 2, claimItemId: undefined, itemTypeId: 102, manufacturerId: 1, materialId: 2, colorId: 3 }],
    });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(stepOf(snapshot)).toBe(4);
    expect(snapshot.context.claim?.items.map((item) => item.id)).toEqual([12]);
  });

  it("Back on step 3 goes to step 2", async () => {
    const { actor } = openWizard(fpp, 3, itemsSavedClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(where(actor)).toBe("selectingItems.editing");
  });
});

describe("fppClaim behaviour: specific damages and the 'Succeed' rule", () => {
  it("the specific damage is not required where the claim offers none", async () => {
    const noSpecific = { ...options, specificDamages: [] };
    const { actor, saveDamages } = openWizard(
      fpp,
      4,
      { claim: readyClaim, plan: wizardPlan, options: noSpecific },
      { saveDamages: async () => readyClaim },
    );
    await idle(actor);
    actor.send({
      type: "damages.change",
      damages: { 1: [savedBlock(901), { ...newDamage(), specificDamageId: null }] },
    });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(where(actor)).toBe("reviewing.ready");
  });

  it("where the claim offers specific damages, a block without one is incomplete", async () => {
    const { actor, saveDamages } = openWizard(fpp, 4, readyClaim);
    await idle(actor);
    actor.send({
      type: "damages.change",
      damages: { 1: [savedBlock(901), { ...newDamage(), specificDamageId: null }] },
    });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it.each(["notTaken", "incomplete", "gatewayTimeout"] as const)(
    "submit answered %s stays on the review with submitFailed and a notice (the 504 rule is ACE's)",
    async (kind) => {
      const { actor, notices } = openWizard(fpp, 5, readyClaim, { submitClaim: async () => outcome[kind] });
      await idle(actor);
      actor.send({ type: "claim.submit" });
      const snapshot = await idle(actor);
      expect(where(actor)).toBe("reviewing.ready");
      expect(snapshot.context.error).toBe("submitFailed");
      expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
    },
  );
  it.each([
    ["an HTTP 500", httpError(500)],
    ["an error whose message says 504", new Error("504")],
  ])("a submit failing with %s stays on the review with submitFailed and a notice", async (_label, error) => {
    const { actor, notices } = openWizard(fpp, 5, readyClaim, { submitClaim: failing(error) });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reviewing.ready");
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
  });
});

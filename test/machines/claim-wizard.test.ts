/**
 * What both claim wizards do the same way, tested once for each family (describe.each): loading
 * and routing the URL's step (a URL request while a call runs included), the step announced to the
 * URL, the items step, saving items, the damage report, review and submit, the busy tag (SPEC.md
 * section 2 "Claim wizard (FPP)" and "(ACE)", section 4 "Claim flow", section 5 steps 2-4, section
 * 8). What only one family does is in fpp-claim.test.ts and ace-claim.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { getStateNodes } from "xstate/graph";
import { initialContext, stepOf, stepToShow, type LoadedClaim } from "../../machines/claim-wizard.ts";
import type { Claim, DamageEntry } from "../../machines/domain.ts";
import { CallFailed, type SubmitOutcome } from "../../machines/outcomes.ts";
import { draftToKeep, hasUnsavedDamageInput, keptDraftOf } from "../../machines/claim-drafts.ts";
import { WAIT_DELAYS } from "../../machines/wizard-steps.ts";
import { validContact } from "./support/ace-claim-fixtures.ts";
import { claim, claimItem, planItem, wizardPlan } from "./support/domain-fixtures.ts";
import {
  FAMILIES,
  failing,
  idle,
  inTurn,
  openWizard,
  paramsOf,
  where,
  type WizardActor,
  type WizardFamily,
  type WizardServer,
} from "./support/wizard-harness.ts";

const SUBMITTED: SubmitOutcome = { kind: "submitted" };

const fullDetails = { manufacturerId: 1, materialId: 2, colorId: 3 };

/** A call the test answers when it wants. */
function held<O>() {
  let release!: (output: O) => void;
  const call = () => new Promise<O>((resolve) => (release = resolve));
  return { call, release: (output: O) => release(output) };
}

/** Item 1 with two saved damages and a document: damage 902 can be deleted on the server. */
const twoDamagesOf = (family: WizardFamily) =>
  claim({
    items: [
      claimItem(11, 1, {
        damages: [family.savedDamage(901), family.savedDamage(902)],
        documents: [{ id: 501, fileName: "a.jpg" }],
      }),
    ],
  });

/**
 * Each call both wizards make while the consumer waits: how to start it, the busy state it runs in,
 * and where it ends when it succeeds (the step it shows next, or null when it stays on its step).
 */
function callsOf(family: WizardFamily) {
  return [
    {
      call: "removeItem",
      open: [family.itemsStep, family.ready],
      start: [{ type: "item.toggle", planItemId: 1 }],
      busy: "selectingItems.removingItem",
      answer: family.fresh,
      endsIn: family.itemsState,
      nextStep: null,
    },
    {
      call: "saveItems",
      open: [family.detailsStep, family.itemsSaved],
      start: [{ type: "step.next" }],
      busy: family.savingItemsState,
      answer: family.itemsSaved,
      endsIn: "reportingDamage.editing",
      nextStep: 4,
    },
    {
      call: "saveDamages",
      open: [4, family.ready],
      start: [
        { type: "damages.change", damages: { 1: [family.savedBlock(901), family.newDamage()] } },
        { type: "step.next" },
      ],
      busy: "reportingDamage.savingDamages",
      answer: family.ready,
      endsIn: "reviewing.ready",
      nextStep: 5,
    },
    {
      call: "deleteDamage",
      open: [4, twoDamagesOf(family)],
      start: [{ type: "damage.remove", planItemId: 1, index: 1 }],
      busy: "reportingDamage.deletingDamage",
      answer: family.ready,
      endsIn: "reportingDamage.editing",
      nextStep: null,
    },
    {
      call: "deleteDocument",
      open: [4, family.ready],
      start: [{ type: "document.delete", documentId: 501 }],
      busy: "reportingDamage.deletingDocument",
      answer: family.ready,
      endsIn: "reportingDamage.editing",
      nextStep: null,
    },
    {
      call: "submitClaim",
      open: [5, family.ready],
      start: [{ type: "claim.submit" }],
      busy: "reviewing.submitting",
      answer: SUBMITTED,
      endsIn: "submitted",
      nextStep: 6,
    },
  ] as const satisfies ReadonlyArray<{
    call: keyof WizardServer;
    open: readonly [number, Claim];
    start: ReadonlyArray<Parameters<ReturnType<typeof openWizard>["actor"]["send"]>[0]>;
    busy: string;
    answer: Claim | SubmitOutcome;
    endsIn: string;
    nextStep: number | null;
  }>;
}

describe.each(FAMILIES)("$name wizard: loading and routing", (family) => {
  it("loads the claim of the URL and shows step 2 of a new claim", async () => {
    const { actor, loadClaim } = openWizard(family, null, family.fresh);
    expect(where(actor)).toBe("loading");
    expect(stepOf(actor.getSnapshot())).toBeNull();
    await idle(actor);
    expect(loadClaim).toHaveBeenCalledWith({ claimId: 55, planId: 1, customerId: family.customerId });
    expect(where(actor)).toBe(family.firstStep);
    expect(stepOf(actor.getSnapshot())).toBe(2);
  });

  it("a reload on step 4 with saved items resumes step 4, with the saved selection, details and damages", async () => {
    const { actor } = openWizard(family, 4, family.ready);
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(stepOf(snapshot)).toBe(4);
    expect(snapshot.context.selection).toEqual([1]);
    expect(snapshot.context.details).toEqual({ 1: fullDetails });
    expect(snapshot.context.damages).toEqual({ 1: [family.savedBlock(901)] });
  });

  it("a reload on step 5 of a ready claim shows the review", async () => {
    const { actor } = openWizard(family, 5, family.ready);
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reviewing.ready");
    expect(stepOf(snapshot)).toBe(5);
  });

  it("step 5 requested but only items saved: falls back to step 4", async () => {
    const { actor } = openWizard(family, 5, family.itemsSaved);
    await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
  });

  it("step 5 requested but nothing saved: falls back to step 3", async () => {
    const { actor } = openWizard(family, 5, family.fresh);
    const snapshot = await idle(actor);
    // Step 3 is the details step in both wizards (FPP: details alone; ACE: items with their details).
    expect(where(actor)).toBe(family.detailsState);
    expect(stepOf(snapshot)).toBe(3);
  });

  it.each([null, Number.NaN, 0, 7, 2.5])("step %s resets to 2", async (requested) => {
    const { actor } = openWizard(family, requested, family.ready);
    await idle(actor);
    expect(where(actor)).toBe(family.firstStep);
  });

  it("step 1 is the plan choice: the wizard hands over to select-plan with claim and plan", async () => {
    const { actor, leaveToSelectPlan, showStep } = openWizard(family, 1, family.ready);
    await idle(actor);
    expect(where(actor)).toBe("planChoice");
    expect(leaveToSelectPlan).toHaveBeenCalledTimes(1);
    expect(paramsOf(leaveToSelectPlan)).toEqual({ claimId: 55, planId: 1 });
    // Leaving, it does not also write a step of its own into the URL.
    expect(showStep).not.toHaveBeenCalled();
  });

  it("a submitted claim shows its completed state (step 6)", async () => {
    const { actor } = openWizard(family, 3, family.submitted);
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
  });

  it("given its claim (a page the server rendered with it), starts at the step, with the kept draft laid over, without loading", () => {
    const given = family.loaded(family.itemsSaved);
    const kept = { selection: [1], details: { 1: fullDetails }, damages: { 1: [{ note: "kept on the phone" }] } };
    // What the server renders: the wizard's first state, before it runs.
    const { machine } = openWizard(family, 4, family.itemsSaved);
    const unstarted = createActor(machine, {
      input: { claimId: 55, planId: 1, customerId: family.customerId, requestedStep: 4, loaded: given },
    });
    expect(where(unstarted)).toBe("reportingDamage.editing");
    expect(stepOf(unstarted.getSnapshot())).toBe(4);

    const { actor, loadClaim } = openWizard(family, 4, family.itemsSaved, {}, kept, given);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(loadClaim).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.claim).toEqual(given.claim);
    expect(actor.getSnapshot().context.damages[1]?.[0]).toMatchObject({ note: "kept on the phone" });
  });

  it("a step requested while loading is the one routed to", async () => {
    let release!: () => void;
    const { actor } = openWizard(
      family,
      null,
      () => new Promise<LoadedClaim>((resolve) => (release = () => resolve(family.loaded(family.ready)))),
    );
    actor.send({ type: "step.requested", step: 4 });
    expect(where(actor)).toBe("loading");
    expect(actor.getSnapshot().context.stepRequest).toEqual({ step: 4 });
    release();
    await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
  });

  it("a load failure shows claim-not-found, and no step request leaves it", async () => {
    const { actor } = openWizard(family, 2, failing(new Error("CLAIM_NOT_FOUND")));
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("claimNotFound");
    expect(stepOf(snapshot)).toBeNull();
    actor.send({ type: "step.requested", step: 3 });
    expect(where(actor)).toBe("claimNotFound");
  });

  it("step.requested while loaded re-routes (back and forward in the browser)", async () => {
    const { actor } = openWizard(family, 5, family.ready);
    await idle(actor);
    actor.send({ type: "step.requested", step: 2 });
    expect(where(actor)).toBe(family.firstStep);
    actor.send({ type: "step.requested", step: 4 });
    expect(where(actor)).toBe("reportingDamage.editing");
    actor.send({ type: "step.requested", step: 3 });
    expect(where(actor)).toBe(family.detailsState);
    actor.send({ type: "step.requested", step: Number.NaN });
    expect(where(actor)).toBe(family.firstStep);
    actor.send({ type: "step.requested", step: 5 });
    expect(where(actor)).toBe("reviewing.ready");
  });

  it("step.requested during a save is kept for later and does not interrupt it", async () => {
    let release!: (claimValue: Claim) => void;
    const { actor } = openWizard(family, 3, family.itemsSaved, {
      saveItems: () => new Promise<Claim>((resolve) => (release = resolve)),
    });
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe(`${family.savingItemsState}.quiet`);
    actor.send({ type: "step.requested", step: 2 });
    expect(where(actor)).toBe(`${family.savingItemsState}.quiet`);
    expect(actor.getSnapshot().context.stepRequest).toEqual({ step: 2 });
    release(family.itemsSaved);
    await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
  });

  it.each(callsOf(family))(
    "step.requested while $call runs is kept and does not leave $busy",
    async ({ call, open: [step, first], start, busy, answer, endsIn, nextStep }) => {
      const server = held<Claim | SubmitOutcome>();
      const { actor, showStep } = openWizard(family, step, first, { [call]: server.call });
      await idle(actor);
      for (const event of start) actor.send(event);
      expect(where(actor)).toBe(`${busy}.quiet`);
      const announced = showStep.mock.calls.length;
      actor.send({ type: "step.requested", step: 2 });
      actor.send({ type: "step.requested", step: 3 });
      expect(where(actor)).toBe(`${busy}.quiet`);
      expect(actor.getSnapshot().hasTag("busy")).toBe(true);
      expect(actor.getSnapshot().context.stepRequest).toEqual({ step: 3 });
      expect(showStep.mock.calls.length).toBe(announced);
      server.release(answer);
      await idle(actor);
      if (nextStep !== null) {
        // A call that moves on answers the URL in place with the step it shows (the machine owns the step).
        expect(where(actor)).toBe(endsIn);
        expect(showStep.mock.calls.slice(announced).map(([, params]) => params)).toEqual([
          { step: nextStep, replace: true },
        ]);
      } else {
        // A call that ends on its own step routes the kept request (step 3) once it is back at rest.
        expect(where(actor)).toBe(family.detailsState);
        expect(showStep.mock.calls.slice(announced).map(([, params]) => params)).toEqual([{ step: 3, replace: true }]);
      }
      expect(actor.getSnapshot().context.stepRequest).toBeNull();
    },
  );
});

describe.each(FAMILIES)("$name wizard: the step announced to the URL", (family) => {
  it("answers the URL's step in place on arrival and on a step request; the consumer's moves push", async () => {
    const { actor, showStep } = openWizard(family, 4, family.ready);
    await idle(actor);
    expect(showStep.mock.calls.map(([, params]) => params)).toEqual([{ step: 4, replace: true }]);
    actor.send({ type: "step.next" });
    expect(paramsOf(showStep, 1)).toEqual({ step: 5, replace: false });
    actor.send({ type: "step.back" });
    expect(paramsOf(showStep, 2)).toEqual({ step: 4, replace: false });
    actor.send({ type: "step.requested", step: 9 });
    expect(paramsOf(showStep, 3)).toEqual({ step: 2, replace: true });
    expect(actor.getSnapshot().context.stepRequest).toBeNull();
  });

  it("a bad step of the URL is normalised in place", async () => {
    const { actor, showStep } = openWizard(family, 7, family.ready);
    await idle(actor);
    expect(showStep.mock.calls.map(([, params]) => params)).toEqual([{ step: 2, replace: true }]);
  });

  it("while a save runs nothing is announced; a URL request made meanwhile is answered in place when it ends", async () => {
    let release!: (claimValue: Claim) => void;
    const { actor, showStep } = openWizard(family, 3, family.itemsSaved, {
      saveItems: () => new Promise<Claim>((resolve) => (release = resolve)),
    });
    await idle(actor);
    const before = showStep.mock.calls.length;
    actor.send({ type: "step.next" });
    actor.send({ type: "step.requested", step: 2 });
    expect(showStep.mock.calls.length).toBe(before);
    release(family.itemsSaved);
    await idle(actor);
    expect(showStep.mock.calls.at(-1)![1]).toEqual({ step: 4, replace: true });
  });

  it("a save that ends without a URL request pushes the next step", async () => {
    const { actor, showStep } = openWizard(family, 3, family.itemsSaved, { saveItems: async () => family.itemsSaved });
    await idle(actor);
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(showStep.mock.calls.at(-1)![1]).toEqual({ step: 4, replace: false });
  });

  it("an accepted submit pushes step 6; a submitted claim opened from the URL is answered in place", async () => {
    const { actor, showStep } = openWizard(family, 5, family.ready, { submitClaim: async () => SUBMITTED });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    await idle(actor);
    expect(showStep.mock.calls.map(([, params]) => params)).toEqual([
      { step: 5, replace: true },
      { step: 6, replace: false },
    ]);
    const reopened = openWizard(family, 5, family.submitted);
    await idle(reopened.actor);
    expect(reopened.showStep.mock.calls.map(([, params]) => params)).toEqual([{ step: 6, replace: true }]);
  });

  it("a call that ends on its own step announces nothing: no second history entry for the same step", async () => {
    const { actor, showStep } = openWizard(family, 4, family.ready, { deleteDocument: async () => family.itemsSaved });
    await idle(actor);
    actor.send({ type: "document.delete", documentId: 501 });
    await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(showStep.mock.calls.map(([, params]) => params)).toEqual([{ step: 4, replace: true }]);
  });
});

describe.each(FAMILIES)("$name wizard: choosing items", (family) => {
  it("returned and fully replaced items cannot be ticked", async () => {
    const { actor } = openWizard(family, family.itemsStep, family.fresh);
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 3 });
    actor.send({ type: "item.toggle", planItemId: 4 });
    expect(actor.getSnapshot().context.selection).toEqual([]);
    expect(actor.getSnapshot().context.details).toEqual({});
  });

  it("an unsaved item ticks and unticks locally", async () => {
    const { actor, removeItem } = openWizard(family, family.itemsStep, family.fresh);
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    actor.send({ type: "item.toggle", planItemId: 2 });
    expect(actor.getSnapshot().context.selection).toEqual([1, 2]);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().context.selection).toEqual([2]);
    expect(where(actor)).toBe(family.itemsState);
    expect(removeItem).not.toHaveBeenCalled();
  });

  it("a newly ticked item starts from the plan item's manufacturer, material and color", async () => {
    const planWithDetails = {
      ...wizardPlan,
      items: [
        planItem(1, {
          manufacturer: { id: 1, name: "Acme" },
          material: { id: 2, name: "Oak" },
          color: { id: 3, name: "Red" },
        }),
      ],
    };
    const { actor } = openWizard(family, family.itemsStep, family.loaded(family.fresh, planWithDetails));
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().context.details[1]).toEqual(fullDetails);
  });

  it("unticking a saved item removes its claim item on the server and drops its details and damages", async () => {
    const twoItems = claim({
      items: [...family.ready.items, claimItem(12, 2, { damages: [family.savedDamage(905)] })],
    });
    const afterRemoval = claim({ items: [claimItem(12, 2, { damages: [family.savedDamage(905)] })] });
    const { actor, removeItem } = openWizard(family, family.itemsStep, twoItems, {
      removeItem: async () => afterRemoval,
    });
    await idle(actor);
    expect(actor.getSnapshot().context.selection).toEqual([1, 2]);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(where(actor)).toBe("selectingItems.removingItem.quiet");
    expect(stepOf(actor.getSnapshot())).toBe(family.itemsStep);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(removeItem).toHaveBeenCalledTimes(1);
    expect(removeItem).toHaveBeenCalledWith({ claimId: 55, claimItemId: 11 });
    expect(where(actor)).toBe(family.itemsState);
    expect(snapshot.context.selection).toEqual([2]);
    expect(snapshot.context.details).toEqual({ 2: fullDetails });
    expect(snapshot.context.damages).toEqual({ 2: [family.savedBlock(905)] });
    expect(snapshot.context.claim).toEqual(afterRemoval);
    expect(snapshot.context.removingPlanItemId).toBeNull();
  });

  it("a failed removal keeps the item and notifies removeFailed", async () => {
    const { actor, notices } = openWizard(family, family.itemsStep, family.ready, { removeItem: failing() });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe(family.itemsState);
    expect(snapshot.context.selection).toEqual([1]);
    expect(snapshot.context.damages).toEqual({ 1: [family.savedBlock(901)] });
    expect(notices).toEqual([{ type: "notify", code: "removeFailed" }]);
  });
});

describe.each(FAMILIES)("$name wizard: saving items", (family) => {
  it("a saved item is re-sent with its claim item id beside a new one", async () => {
    const { actor, saveItems } = openWizard(family, family.itemsStep, family.itemsSaved, {
      saveItems: async () => family.itemsSaved,
    });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 2 });
    // FPP asks the details on the step after the items; ACE on the same step.
    if (family.detailsStep !== family.itemsStep) actor.send({ type: "step.next" });
    expect(where(actor)).toBe(family.detailsState);
    actor.send({ type: "details.change", details: { 2: fullDetails } });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveItems.mock.calls[0]![0].items).toEqual([
      { planItemId: 1, claimItemId: 11, itemTypeId: 101, ...fullDetails },
      { planItemId: 2, claimItemId: undefined, itemTypeId: 102, ...fullDetails },
    ]);
  });

  it("an item the plan gives no type, or no longer lists, is sent with no item type", async () => {
    const untypedPlan = { ...wizardPlan, items: [planItem(1), planItem(2, { type: null })] };
    // Claim item 12 names plan item 9, which this plan does not list.
    const held = claim({ items: [claimItem(11, 1), claimItem(12, 9)] });
    const { actor, saveItems } = openWizard(family, family.itemsStep, family.loaded(held, untypedPlan), {
      saveItems: async () => held,
    });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 2 });
    if (family.detailsStep !== family.itemsStep) actor.send({ type: "step.next" });
    actor.send({ type: "details.change", details: { 2: fullDetails } });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveItems.mock.calls[0]![0].items).toEqual([
      { planItemId: 1, claimItemId: 11, itemTypeId: 101, ...fullDetails },
      { planItemId: 9, claimItemId: 12, itemTypeId: null, ...fullDetails },
      { planItemId: 2, claimItemId: undefined, itemTypeId: null, ...fullDetails },
    ]);
  });

  it("a failed save stays on the details with saveFailed and a notice", async () => {
    const { actor, notices } = openWizard(family, family.detailsStep, family.itemsSaved, { saveItems: failing() });
    await idle(actor);
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe(family.detailsState);
    expect(snapshot.context.error).toBe("saveFailed");
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
  });
});

describe.each(FAMILIES)("$name wizard: the damage report (step 4)", (family) => {
  // The server's answer to saving the new block of the tests below: it holds it as damage 903.
  const savedNewBlock = () =>
    claim({
      items: [
        claimItem(11, 1, {
          damages: [family.savedDamage(901), { ...family.savedDamage(903), note: "new tear", noticedOn: "2024-06-01" }],
          documents: [{ id: 501, fileName: "sofa.jpg" }],
        }),
      ],
    });

  it("Next without documents shows validation and stays on step 4", async () => {
    const { actor, saveDamages } = openWizard(family, 4, family.itemsSaved);
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [family.newDamage()] } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("Next with an incomplete damage block shows validation and stays on step 4", async () => {
    const { actor, saveDamages } = openWizard(family, 4, family.ready);
    await idle(actor);
    expect(actor.getSnapshot().context.showValidation).toBe(false);
    actor.send({
      type: "damages.change",
      damages: { 1: [family.savedBlock(901), family.newDamage(), { ...family.newDamage(), note: "  " }] },
    });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("Next on an item without any damage block shows validation and stays on step 4", async () => {
    const { actor, saveDamages } = openWizard(
      family,
      4,
      claim({ items: [claimItem(11, 1, { documents: [{ id: 501, fileName: "sofa.jpg" }] })] }),
    );
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("with documents, Next saves ONLY the unsaved damages, then shows the review", async () => {
    const afterSave = savedNewBlock();
    const { actor, saveDamages } = openWizard(family, 4, family.ready, { saveDamages: async () => afterSave });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [family.savedBlock(901), family.newDamage("new tear")] } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reportingDamage.savingDamages.quiet");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(saveDamages).toHaveBeenCalledWith({
      claimId: 55,
      customerId: 700,
      damages: [family.damageSent(1, "new tear")],
    });
    expect(where(actor)).toBe("reviewing.ready");
    expect(stepOf(snapshot)).toBe(5);
    expect(snapshot.context.claim).toEqual(afterSave);
  });

  it("damages of two items are each sent with their plan item", async () => {
    const twoItems = claim({
      items: [
        claimItem(11, 1, { documents: [{ id: 501, fileName: "sofa.jpg" }] }),
        claimItem(12, 2, { damages: [family.savedDamage(905)], documents: [{ id: 502, fileName: "chair.jpg" }] }),
      ],
    });
    const { actor, saveDamages } = openWizard(family, 4, twoItems, { saveDamages: async () => twoItems });
    await idle(actor);
    actor.send({
      type: "damages.change",
      damages: { 1: [family.newDamage("on sofa")], 2: [family.savedBlock(905), family.newDamage("on chair")] },
    });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveDamages.mock.calls[0]![0].damages).toEqual([
      family.damageSent(1, "on sofa"),
      family.damageSent(2, "on chair"),
    ]);
  });

  it("after saving, the damages are held once each, and Back then Next again re-sends nothing", async () => {
    const afterSave = savedNewBlock();
    const { actor, saveDamages } = openWizard(family, 4, family.ready, { saveDamages: async () => afterSave });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [family.savedBlock(901), family.newDamage("new tear")] } });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(where(actor)).toBe("reviewing.ready");
    expect(actor.getSnapshot().context.damages).toEqual({
      1: [family.savedBlock(901), { ...family.savedBlock(903), note: "new tear", noticedOn: "2024-06-01" }],
    });
    actor.send({ type: "step.back" });
    expect(where(actor)).toBe("reportingDamage.editing");
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(where(actor)).toBe("reviewing.ready");
  });

  it("with only saved damages and documents, Next shows the review without saving", async () => {
    const { actor, saveDamages } = openWizard(family, 4, family.ready);
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reviewing.ready");
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("a document added on step 4 counts for Next; one for an unknown claim item changes nothing", async () => {
    const withoutDocument = claim({ items: [claimItem(11, 1, { damages: [family.savedDamage(901)] })] });
    const { actor } = openWizard(family, 4, withoutDocument);
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reportingDamage.editing");
    actor.send({ type: "document.added", claimItemId: 99, document: { id: 503, fileName: "x.jpg" } });
    expect(actor.getSnapshot().context.claim).toEqual(withoutDocument);
    actor.send({ type: "document.added", claimItemId: 11, document: { id: 502, fileName: "arm.jpg" } });
    expect(actor.getSnapshot().context.claim?.items[0]?.documents).toEqual([{ id: 502, fileName: "arm.jpg" }]);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reviewing.ready");
  });

  it("a failed damage save stays on step 4 with saveFailed and a notice, keeping the new block", async () => {
    const { actor, notices } = openWizard(family, 4, family.ready, { saveDamages: failing() });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [family.savedBlock(901), family.newDamage()] } });
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(snapshot.context.error).toBe("saveFailed");
    expect(snapshot.context.damages[1]).toEqual([family.savedBlock(901), family.newDamage()]);
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
  });

  it("damage.remove on index 0 does nothing, saved or not", async () => {
    const { actor, deleteDamage } = openWizard(family, 4, family.ready);
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 1, index: 0 });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().context.damages[1]).toEqual([family.savedBlock(901)]);
    const unsaved = openWizard(family, 4, family.itemsSaved);
    await idle(unsaved.actor);
    unsaved.actor.send({ type: "damages.change", damages: { 1: [family.newDamage("first")] } });
    unsaved.actor.send({ type: "damage.remove", planItemId: 1, index: 0 });
    expect(unsaved.actor.getSnapshot().context.damages[1]).toEqual([family.newDamage("first")]);
    expect(deleteDamage).not.toHaveBeenCalled();
    expect(unsaved.deleteDamage).not.toHaveBeenCalled();
  });

  it("removing an unsaved block drops it locally", async () => {
    const { actor, deleteDamage } = openWizard(family, 4, family.ready);
    await idle(actor);
    actor.send({
      type: "damages.change",
      damages: { 1: [family.savedBlock(901), family.newDamage("a"), family.newDamage("b")] },
    });
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().context.damages[1]).toEqual([family.savedBlock(901), family.newDamage("b")]);
    expect(deleteDamage).not.toHaveBeenCalled();
  });

  it("removing a block of an item that has none leaves it with none", async () => {
    const { actor } = openWizard(family, 4, family.ready);
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 2, index: 1 });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().context.damages).toEqual({ 1: [family.savedBlock(901)], 2: [] });
  });

  it("removing a saved block deletes it on the server by its id, keeping unsaved blocks", async () => {
    const { actor, deleteDamage } = openWizard(family, 4, twoDamagesOf(family), {
      deleteDamage: async () => family.ready,
    });
    await idle(actor);
    actor.send({
      type: "damages.change",
      damages: { 1: [family.savedBlock(901), family.savedBlock(902), family.newDamage("kept")] },
    });
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    expect(where(actor)).toBe("reportingDamage.deletingDamage.quiet");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(deleteDamage).toHaveBeenCalledWith({ claimId: 55, damageId: 902 });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(snapshot.context.damages[1]).toEqual([family.savedBlock(901), family.newDamage("kept")]);
  });

  it("a failed damage deletion keeps the block and notifies damageDeleteFailed", async () => {
    const twoDamages = claim({
      items: [claimItem(11, 1, { damages: [family.savedDamage(901), family.savedDamage(902)], documents: [] })],
    });
    const { actor, notices } = openWizard(family, 4, twoDamages, { deleteDamage: failing() });
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(snapshot.context.damages[1]).toEqual([family.savedBlock(901), family.savedBlock(902)]);
    expect(notices).toEqual([{ type: "notify", code: "damageDeleteFailed" }]);
  });

  it("deleting a document calls deleteDocument and notifies documentDeleted; a refusal notifies documentDeleteFailed", async () => {
    const withoutDocument = claim({ items: [claimItem(11, 1, { damages: [family.savedDamage(901)] })] });
    const refused = new CallFailed({ kind: "refused", status: 409, code: null, message: "Conflict" });
    const { actor, deleteDocument, notices } = openWizard(family, 4, family.ready, {
      deleteDocument: inTurn(async () => withoutDocument, failing(refused)),
    });
    await idle(actor);
    actor.send({ type: "document.delete", documentId: 501 });
    expect(where(actor)).toBe("reportingDamage.deletingDocument.quiet");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    let snapshot = await idle(actor);
    expect(deleteDocument).toHaveBeenCalledWith({ claimId: 55, documentId: 501 });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(snapshot.context.claim).toEqual(withoutDocument);
    actor.send({ type: "document.delete", documentId: 501 });
    snapshot = await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(snapshot.context.claim).toEqual(withoutDocument);
    expect(notices).toEqual([
      { type: "notify", code: "documentDeleted" },
      { type: "notify", code: "documentDeleteFailed" },
    ]);
  });

  it("Back on step 4 goes to the step with the items' details", async () => {
    const { actor } = openWizard(family, 4, family.ready);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(where(actor)).toBe(family.detailsState);
  });
});

describe.each(FAMILIES)("$name wizard: review and submit", (family) => {
  it("a submitted claim completes the claim (step 6); Back to Home calls goHome", async () => {
    const { actor, submitClaim, goHome, notices } = openWizard(family, 5, family.ready, {
      submitClaim: async () => SUBMITTED,
    });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    expect(where(actor)).toBe("reviewing.submitting.quiet");
    expect(stepOf(actor.getSnapshot())).toBe(5);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(submitClaim).toHaveBeenCalledWith({ claimId: 55, customerId: 700 });
    expect(where(actor)).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
    // No longer a draft in memory: a step request cannot reopen its review.
    expect(snapshot.context.claim?.status).not.toBe("Draft");
    expect(snapshot.context.error).toBeNull();
    expect(notices).toEqual([]);
    actor.send({ type: "claim.close" });
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it("after a successful submit the wizard holds the same claim, now Open, and the device forgets its draft", async () => {
    const { actor } = openWizard(family, 5, family.ready, { submitClaim: async () => SUBMITTED });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const { context } = await idle(actor);
    expect(context.claim).toEqual({ ...family.ready, status: "Open" });
    expect(keptDraftOf(context)).toBeNull();
  });

  it("a submit error stays on the review with submitFailed and a notice; a retry clears the error and can succeed", async () => {
    const { actor, notices } = openWizard(family, 5, family.ready, {
      submitClaim: inTurn(failing(new Error("502")), async () => SUBMITTED),
    });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reviewing.ready");
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
    actor.send({ type: "claim.submit" });
    expect(actor.getSnapshot().context.error).toBeNull();
    await idle(actor);
    expect(where(actor)).toBe("submitted");
  });

  it("a submit refused because the claim is already submitted (a lost answer, a second tab) shows the submitted screen", async () => {
    const { actor, notices } = openWizard(family, 5, family.ready, {
      submitClaim: async () => ({ kind: "alreadySubmitted" }),
    });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    await idle(actor);
    expect(where(actor)).toBe("submitted");
    expect(notices).toEqual([]);
  });

  it("Back on the review goes to step 4", async () => {
    const { actor } = openWizard(family, 5, family.ready);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(where(actor)).toBe("reportingDamage.editing");
  });

  it.each([5, 6])("after a successful submit, the URL asking for step %i keeps the completed state", async (step) => {
    const { actor } = openWizard(family, 5, family.ready, { submitClaim: async () => SUBMITTED });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    await idle(actor);
    actor.send({ type: "step.requested", step });
    expect(where(actor)).toBe("submitted");
    expect(stepOf(actor.getSnapshot())).toBe(6);
  });
});

describe.each(FAMILIES)("$name wizard: the busy tag", (family) => {
  // The screens disable their buttons and show a spinner while a call the consumer started runs ('busy').
  const nodes = getStateNodes(family.machine.root);
  const pathOf = (node: (typeof nodes)[number]) => node.path.join(".");

  it("a state carries 'busy' exactly when it waits for a call the consumer started (every call but the claim's load)", () => {
    const waiting = nodes.filter((node) => node.invoke.some((invoke) => invoke.id !== "loadClaim")).map(pathOf);
    const tagged = nodes.filter((node) => [...node.tags].includes("busy")).map(pathOf);
    expect(tagged.sort()).toEqual(waiting.sort());
    expect(waiting).toEqual(expect.arrayContaining(callsOf(family).map(({ busy }) => busy)));
    expect(tagged).not.toContain("loading");
  });

  it("the resting states of a real actor are not busy", async () => {
    const { actor } = openWizard(family, 2, family.fresh);
    expect((await idle(actor)).hasTag("busy")).toBe(false);
    const submitted = openWizard(family, 3, family.submitted);
    expect((await idle(submitted.actor)).hasTag("busy")).toBe(false);
  });
});

describe.each(FAMILIES)("$name wizard: a call that takes long", (family) => {
  // Only the clock's timers are faked: the stubbed calls settle on real promises.
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  const tags = (actor: WizardActor) =>
    (["busy", "stillWorking", "longerThanUsual"] as const).filter((tag) => actor.getSnapshot().hasTag(tag));

  it.each(callsOf(family))(
    "$call says 'Still working…' after a while and later that it takes longer; Cancel ends it as its failure does",
    async ({ call, open: [step, first], start, busy, answer }) => {
      // The same call failing, for what Cancel must come to.
      const failure = openWizard(family, step, first, { [call]: failing() });
      await idle(failure.actor);
      for (const event of start) failure.actor.send(event);
      await idle(failure.actor);

      const server = held<Claim | SubmitOutcome>();
      const { actor, notices, signals } = openWizard(family, step, first, { [call]: server.call });
      await idle(actor);
      for (const event of start) actor.send(event);
      expect(where(actor)).toBe(`${busy}.quiet`);
      expect(tags(actor)).toEqual(["busy"]);
      vi.advanceTimersByTime(WAIT_DELAYS.stillWorkingAfter - 1);
      expect(where(actor)).toBe(`${busy}.quiet`);
      vi.advanceTimersByTime(1);
      expect(where(actor)).toBe(`${busy}.stillWorking`);
      expect(tags(actor)).toEqual(["busy", "stillWorking"]);
      vi.advanceTimersByTime(WAIT_DELAYS.longerThanUsualAfter - 1);
      expect(where(actor)).toBe(`${busy}.stillWorking`);
      vi.advanceTimersByTime(1);
      expect(where(actor)).toBe(`${busy}.longerThanUsual`);
      expect(tags(actor)).toEqual(["busy", "stillWorking", "longerThanUsual"]);
      expect(signals[call]?.aborted).toBe(false);

      actor.send({ type: "call.cancel" });
      expect(signals[call]?.aborted).toBe(true);
      expect(where(actor)).toBe(where(failure.actor));
      expect(actor.getSnapshot().context).toEqual(failure.actor.getSnapshot().context);
      expect(notices).toEqual(failure.notices);
      // An answer the cancelled call still gets changes nothing.
      server.release(answer);
      await Promise.resolve();
      await idle(actor);
      expect(where(actor)).toBe(where(failure.actor));
      expect(actor.getSnapshot().context).toEqual(failure.actor.getSnapshot().context);
    },
  );

  it("Cancel is taken while it says 'Still working…' too, and an answer before then ends the wait quietly", async () => {
    const server = held<Claim>();
    const { actor, notices } = openWizard(family, family.detailsStep, family.itemsSaved, { saveItems: server.call });
    await idle(actor);
    actor.send({ type: "step.next" });
    vi.advanceTimersByTime(WAIT_DELAYS.stillWorkingAfter);
    expect(where(actor)).toBe(`${family.savingItemsState}.stillWorking`);
    actor.send({ type: "call.cancel" });
    expect(where(actor)).toBe(family.detailsState);
    expect(actor.getSnapshot().context.error).toBe("saveFailed");
    expect(notices.map(({ code }) => code)).toEqual(["saveFailed"]);

    actor.send({ type: "step.next" });
    server.release(family.itemsSaved);
    await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(actor.getSnapshot().hasTag("stillWorking")).toBe(false);
    // The wait's timers went with it: nothing happens later.
    vi.advanceTimersByTime(WAIT_DELAYS.stillWorkingAfter + WAIT_DELAYS.longerThanUsualAfter);
    expect(where(actor)).toBe("reportingDamage.editing");
  });
});

describe.each(FAMILIES)("$name wizard: input kept on the device across a reload", (family) => {
  it("lays kept unsaved damage blocks after the saved ones, and never keeps a saved one twice", async () => {
    const kept = { ...family.newDamage("kept before the reload"), damageTypeId: undefined } as Partial<DamageEntry>;
    const { actor } = openWizard(
      family,
      4,
      family.ready,
      {},
      { selection: [1], details: {}, damages: { 1: [family.savedBlock(901), kept] } },
    );
    await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    const blocks = actor.getSnapshot().context.damages[1]!;
    expect(blocks.map((block) => block.savedId ?? block.note)).toEqual([901, "kept before the reload"]);
    expect(blocks[1]!.damageTypeId).toBeUndefined();
  });

  it("keeps chosen items that may still be claimed, with their kept details, and resumes on the details step", async () => {
    const keptDetails = { manufacturerId: 77, materialId: 78, colorId: 79 };
    const { actor } = openWizard(
      family,
      family.detailsStep,
      family.fresh,
      {},
      { selection: [1, 3], details: { 1: keptDetails, 3: keptDetails }, damages: {} },
    );
    await idle(actor);
    expect(where(actor)).toBe(family.detailsState);
    const { selection, details } = actor.getSnapshot().context;
    expect(selection).toEqual([1]); // item 3 was returned: it cannot be claimed
    expect(details).toEqual({ 1: keptDetails });
  });

  it("without kept input, the draft is what the server holds", async () => {
    const { actor } = openWizard(family, 4, family.ready);
    await idle(actor);
    expect(actor.getSnapshot().context.damages[1]!.map((block) => block.savedId)).toEqual([901]);
  });
});

/** What `step.keep` answered: "stepKept" or "stepKeepFailed", in order. */
const keepAnswers = (actor: WizardActor) => {
  const answers: string[] = [];
  actor.on("*", (event: { type: string }) => {
    if (event.type === "stepKept" || event.type === "stepKeepFailed") answers.push(event.type);
  });
  return answers;
};

describe.each(FAMILIES)("$name wizard: 'Email me a link to finish later' saves what the step holds", (family) => {
  const halfTyped: Partial<DamageEntry> = { note: "half typed" };

  it("on the damage report, sends only the complete new blocks, then stays on step 4 with the half-typed one still there", async () => {
    const answer = claim({
      items: [
        claimItem(11, 1, {
          damages: [family.savedDamage(901), { ...family.savedDamage(903), note: "complete" }],
          documents: [{ id: 501, fileName: "sofa.jpg" }],
        }),
      ],
    });
    const { actor, saveDamages, showStep } = openWizard(family, 4, family.ready, { saveDamages: async () => answer });
    const answers = keepAnswers(actor);
    await idle(actor);
    actor.send({
      type: "damages.change",
      damages: { 1: [family.savedBlock(901), family.newDamage("complete"), halfTyped] },
    });
    actor.send({ type: "step.keep" });
    expect(where(actor)).toBe("reportingDamage.keepingDamages.quiet");
    const { context } = await idle(actor);
    expect(saveDamages).toHaveBeenCalledWith({
      claimId: 55,
      customerId: 700,
      damages: [family.damageSent(1, "complete")],
    });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(context.claim).toEqual(answer);
    // The block just saved is held once, as the server's; the half-typed one waits to be finished.
    expect(context.damages[1]).toEqual([
      family.savedBlock(901),
      { ...family.savedBlock(903), note: "complete" },
      halfTyped,
    ]);
    expect(answers).toEqual(["stepKept"]);
    expect(showStep).toHaveBeenCalledTimes(1);
  });

  it("on the damage report, a failed save keeps every block as typed and says the link was not sent", async () => {
    const { actor, notices } = openWizard(family, 4, family.ready, { saveDamages: failing() });
    const answers = keepAnswers(actor);
    await idle(actor);
    const typed = { 1: [family.savedBlock(901), family.newDamage("complete"), halfTyped] };
    actor.send({ type: "damages.change", damages: typed });
    actor.send({ type: "step.keep" });
    const { context } = await idle(actor);
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(context.damages).toEqual(typed);
    expect(answers).toEqual(["stepKeepFailed"]);
    expect(notices).toEqual([]);
  });

  it("on the damage report with nothing complete and new, saves nothing and says it is kept", async () => {
    const { actor, saveDamages } = openWizard(family, 4, family.ready);
    const answers = keepAnswers(actor);
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [family.savedBlock(901), halfTyped] } });
    actor.send({ type: "step.keep" });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(saveDamages).not.toHaveBeenCalled();
    expect(answers).toEqual(["stepKept"]);
  });

  it("on the details step, saves the chosen items with their details as Next would, and stays on the step", async () => {
    const answer = claim({ items: [claimItem(11, 1), claimItem(12, 2)] });
    const { actor, saveItems, showStep } = openWizard(family, family.detailsStep, family.itemsSaved, {
      saveItems: async () => answer,
    });
    const answers = keepAnswers(actor);
    await idle(actor);
    actor.send({ type: "details.change", details: { 1: { ...fullDetails, colorId: 9 } } });
    actor.send({ type: "step.keep" });
    const { context } = await idle(actor);
    expect(saveItems).toHaveBeenCalledWith({
      claimId: 55,
      planId: 1,
      items: [{ planItemId: 1, claimItemId: 11, itemTypeId: 101, ...fullDetails, colorId: 9 }],
    });
    expect(where(actor)).toBe(family.detailsState);
    expect(context.claim).toEqual(answer);
    expect(answers).toEqual(["stepKept"]);
    expect(showStep).toHaveBeenCalledTimes(1);
  });
});

describe("ACE wizard: 'Email me a link to finish later' on the contact step", () => {
  const ace = FAMILIES.find((family) => family.name === "ace")!;

  it("saves the edited contact details for the customer, stays on step 2, and no longer counts them as edited", async () => {
    const { actor, saveContact } = openWizard(ace, 2, ace.fresh, { saveContact: async () => undefined });
    const answers = keepAnswers(actor);
    await idle(actor);
    actor.send({ type: "contact.change", contact: { email: "grace@example.com" } });
    actor.send({ type: "step.keep" });
    const { context } = await idle(actor);
    expect(saveContact).toHaveBeenCalledWith({
      customerId: 700,
      claimId: 55,
      contact: { ...validContact, email: "grace@example.com" },
    });
    expect(where(actor)).toBe("confirmingContact.editing");
    expect(context.contactSaved).toBe(true);
    expect(answers).toEqual(["stepKept"]);
  });
});

describe("stepToShow: the step a wizard's URL request leads to", () => {
  const input = { claimId: 55, planId: 1, customerId: null, requestedStep: 4 };

  it("is nothing before the claim loads, the asked step once it may show, and step 2 when no step is asked", () => {
    const waiting = initialContext("fpp", input);
    expect(stepToShow(waiting)).toBeNull();
    const loaded = { ...waiting, claim: FAMILIES[0]!.ready, selection: [1] };
    expect(stepToShow(loaded)).toBe(4);
    expect(stepToShow({ ...loaded, stepRequest: null })).toBe(2);
  });
});

describe("what a wizard keeps on the device", () => {
  it("draftToKeep drops the blocks the server holds, and items left with none", () => {
    const typed = { note: "scratch" };
    expect(
      draftToKeep({
        selection: [1, 2],
        details: { 1: { colorId: 5 } },
        damages: { 1: [{ savedId: 9, note: "saved" }, typed], 2: [{ savedId: 10 }] },
      }),
    ).toEqual({
      selection: [1, 2],
      details: { 1: { colorId: 5 } },
      damages: { 1: [typed] },
    });
  });

  it("keptDraftOf: nothing to say before the claim loads, the input while a draft, forget it once submitted", () => {
    const input = { selection: [1], details: {}, damages: { 1: [{ note: "torn" }] } };
    expect(keptDraftOf({ claim: null, ...input })).toBeUndefined();
    expect(keptDraftOf({ claim: claim(), ...input })).toEqual(input);
    expect(keptDraftOf({ claim: claim({ status: "Not submitted" }), ...input })).toEqual(input);
    expect(keptDraftOf({ claim: claim({ status: "Open" }), ...input })).toBeNull();
  });

  it("hasUnsavedDamageInput: only a chosen item's unsaved block with something typed or picked counts", () => {
    expect(hasUnsavedDamageInput({ selection: [1], damages: { 1: [{}] } })).toBe(false);
    expect(hasUnsavedDamageInput({ selection: [1], damages: { 1: [{ note: "" }] } })).toBe(false);
    expect(hasUnsavedDamageInput({ selection: [1], damages: { 1: [{ savedId: 4, note: "saved" }] } })).toBe(false);
    expect(hasUnsavedDamageInput({ selection: [2], damages: { 1: [{ note: "not chosen" }] } })).toBe(false);
    expect(hasUnsavedDamageInput({ selection: [1], damages: { 1: [{ damageTypeId: 3 }] } })).toBe(true);
    expect(hasUnsavedDamageInput({ selection: [1], damages: { 1: [{ note: "torn" }] } })).toBe(true);
  });
});

/**
 * planSelectionMachine: the preselection rule and every guard, then behaviour on real actors with
 * stubbed `startClaim` / `deleteDraft` and spied navigation (SPEC.md section 2 "Select plan",
 * dialogs; section 4 "Claim flow": DRAFT_EXIST, CLAIM_IN_PROGRESS).
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { PlanStatus, PlanType, StartClaimResult } from "../../machines/domain.ts";
import {
  initialSelection,
  isSelectablePlan,
  planSelectionMachine,
  type PlanSelectionContext,
  type PlanSelectionInput,
} from "../../machines/plan-selection.machine.ts";
import { guardOf } from "./support/actors.ts";
import { plan } from "./support/domain-fixtures.ts";

const fppA = plan(10, { customerId: 701 });
const fppB = plan(11, { customerId: 702 });
const legacy = plan(12, { planType: "LEGACY" });
const ace = plan(13, { planType: "Ace" });
const expired = plan(14, { status: "expired" });
const cancelled = plan(15, { status: "cancelled" });

const context = (overrides: Partial<PlanSelectionContext> = {}): PlanSelectionContext => ({
  plans: [fppA, fppB, legacy, ace, expired, cancelled],
  selectedPlanId: null,
  resumeClaimId: null,
  resumePlanId: null,
  draftClaimId: null,
  statusCode: null,
  error: null,
  ...overrides,
});

describe("planSelection guards and helpers", () => {
  it("isSelectablePlan: only Active plans", () => {
    const statuses: Array<PlanStatus | null> = ["expired", "cancelled", "cancelByDealer", "cancelByCustomer", null];
    expect(isSelectablePlan(plan(1))).toBe(true);
    for (const status of statuses) expect(isSelectablePlan(plan(1, { status })), String(status)).toBe(false);
    expect(isSelectablePlan(undefined)).toBe(false);
  });

  it("initialSelection: the only active plan is preselected, whatever the URL says", () => {
    expect(initialSelection([expired, fppA, cancelled], null)).toBe(10);
    expect(initialSelection([expired, fppA, cancelled], 14)).toBe(10);
  });

  it("initialSelection: with two active plans, the URL's plan or none", () => {
    expect(initialSelection([fppA, fppB], 11)).toBe(11);
    expect(initialSelection([fppA, fppB], null)).toBeNull();
    expect(initialSelection([fppA, fppB], 99)).toBeNull();
  });

  it("initialSelection: an inactive plan in the URL is not preselected", () => {
    expect(initialSelection([fppA, fppB, expired], 14)).toBeNull();
    expect(initialSelection([expired, cancelled], 14)).toBeNull();
    expect(initialSelection([], 14)).toBeNull();
  });

  it("isSelectable refuses Expired and Cancelled plans and unknown ids", () => {
    const isSelectable = guardOf(planSelectionMachine, "isSelectable");
    expect(isSelectable(context(), { planId: 10 })).toBe(true);
    expect(isSelectable(context(), { planId: 14 })).toBe(false);
    expect(isSelectable(context(), { planId: 15 })).toBe(false);
    expect(isSelectable(context(), { planId: 99 })).toBe(false);
  });

  it("hasSelection: an active plan is chosen", () => {
    const hasSelection = guardOf(planSelectionMachine, "hasSelection");
    expect(hasSelection(context({ selectedPlanId: 10 }))).toBe(true);
    expect(hasSelection(context({ selectedPlanId: null }))).toBe(false);
    expect(hasSelection(context({ selectedPlanId: 14 }))).toBe(false);
  });

  it("isLegacyPlan and isClaimablePlan read the chosen plan's type", () => {
    const isLegacyPlan = guardOf(planSelectionMachine, "isLegacyPlan");
    const isClaimablePlan = guardOf(planSelectionMachine, "isClaimablePlan");
    expect(isLegacyPlan(context({ selectedPlanId: 12 }))).toBe(true);
    expect(isLegacyPlan(context({ selectedPlanId: 10 }))).toBe(false);
    expect(isLegacyPlan(context())).toBe(false);
    expect(isClaimablePlan(context({ selectedPlanId: 10 }))).toBe(true);
    expect(isClaimablePlan(context({ selectedPlanId: 13 }))).toBe(true); // ACE files in its own wizard
    expect(isClaimablePlan(context({ selectedPlanId: 12 }))).toBe(false);
    expect(isClaimablePlan(context())).toBe(false);
  });

  it("canResumeClaim: a claimId in the URL and the URL's plan chosen", () => {
    const canResumeClaim = guardOf(planSelectionMachine, "canResumeClaim");
    expect(canResumeClaim(context({ resumeClaimId: 77, resumePlanId: 10, selectedPlanId: 10 }))).toBe(true);
    expect(canResumeClaim(context({ resumeClaimId: 77, resumePlanId: 10, selectedPlanId: 11 }))).toBe(false);
    expect(canResumeClaim(context({ resumeClaimId: null, resumePlanId: 10, selectedPlanId: 10 }))).toBe(false);
  });

  it("canResumeClaim: no plan chosen (and no warranty_id in the URL) resumes nothing", () => {
    const canResumeClaim = guardOf(planSelectionMachine, "canResumeClaim");
    expect(canResumeClaim(context({ resumeClaimId: 77, resumePlanId: null, selectedPlanId: null }))).toBe(false);
  });

  it("isCreated / isDraftExist / isClaimInProgress tell the answers of insert_claim apart", () => {
    const answers: StartClaimResult[] = [
      { kind: "created", claimId: 1 },
      { kind: "draftExists", claimId: 2 },
      { kind: "claimInProgress", statusCode: "S" },
      { kind: "refused" },
    ];
    const truth = (name: string) => answers.map((result) => guardOf(planSelectionMachine, name)(context(), { result }));
    expect(truth("isCreated")).toEqual([true, false, false, false]);
    expect(truth("isDraftExist")).toEqual([false, true, false, false]);
    expect(truth("isClaimInProgress")).toEqual([false, false, true, false]);
  });

  it("hasStatusCode: View Claim Status needs a non-empty code", () => {
    const hasStatusCode = guardOf(planSelectionMachine, "hasStatusCode");
    expect(hasStatusCode(context({ statusCode: "ST-1" }))).toBe(true);
    expect(hasStatusCode(context({ statusCode: null }))).toBe(false);
    expect(hasStatusCode(context({ statusCode: "" }))).toBe(false);
  });
});

type StartImpl = (input: { planId: number; customerId: number; planType: PlanType }) => Promise<StartClaimResult>;

function start(
  input: Partial<PlanSelectionInput>,
  startClaim: StartImpl,
  deleteDraft: (claimId: number) => Promise<void> = async () => {},
) {
  const calls = { startClaim: vi.fn(startClaim), deleteDraft: vi.fn(deleteDraft) };
  const spies = { openClaim: vi.fn(), openLegacySite: vi.fn(), openClaimStatus: vi.fn() };
  const machine = planSelectionMachine.provide({
    actors: {
      startClaim: fromPromise<StartClaimResult, { planId: number; customerId: number; planType: PlanType }>(
        ({ input: args }) => calls.startClaim(args),
      ),
      deleteDraft: fromPromise<void, number>(({ input: claimId }) => calls.deleteDraft(claimId)),
    },
    actions: spies,
  });
  const actor = createActor(machine, {
    input: { plans: [fppA, fppB, legacy, ace, expired], preselectPlanId: null, resumeClaimId: null, ...input },
  }).start();
  return { actor, ...calls, ...spies };
}

type Actor = ReturnType<typeof start>["actor"];
const rested = (actor: Actor) =>
  waitFor(actor, (snapshot) => !snapshot.matches("startingClaim") && !snapshot.matches("deletingDraft"));
/** The params an action spy was called with (xstate calls actions with (args, params)). */
const paramsOf = (spy: ReturnType<typeof vi.fn>, call = 0) => spy.mock.calls[call]?.[1];

describe("planSelection behaviour", () => {
  it("preselects the only active plan on arrival", () => {
    const { actor } = start({ plans: [expired, fppB] }, async () => ({ kind: "refused" }));
    expect(actor.getSnapshot().context.selectedPlanId).toBe(11);
  });

  it("plan.select takes an active plan and refuses an expired one", () => {
    const { actor } = start({}, async () => ({ kind: "refused" }));
    actor.send({ type: "plan.select", planId: 14 });
    expect(actor.getSnapshot().context.selectedPlanId).toBeNull();
    actor.send({ type: "plan.select", planId: 11 });
    expect(actor.getSnapshot().context.selectedPlanId).toBe(11);
  });

  it("Submit with nothing chosen does nothing", () => {
    const { actor, startClaim, openClaim } = start({}, async () => ({ kind: "created", claimId: 1 }));
    actor.send({ type: "plan.submit" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(startClaim).not.toHaveBeenCalled();
    expect(openClaim).not.toHaveBeenCalled();
  });

  it("Submit with nothing chosen does nothing, even with a claimId but no warranty_id in the URL", () => {
    const { actor, openClaim } = start({ resumeClaimId: 77, preselectPlanId: null }, async () => ({
      kind: "created",
      claimId: 1,
    }));
    expect(actor.getSnapshot().context.selectedPlanId).toBeNull();
    actor.send({ type: "plan.submit" });
    expect(openClaim).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe("choosing");
  });

  it("FPP: starts a claim for the chosen plan and its customer, then opens it", async () => {
    const { actor, startClaim, openClaim } = start({}, async () => ({ kind: "created", claimId: 80 }));
    actor.send({ type: "plan.select", planId: 11 });
    actor.send({ type: "plan.submit" });
    expect(actor.getSnapshot().value).toBe("startingClaim");
    const snapshot = await rested(actor);
    expect(startClaim).toHaveBeenCalledWith({ planId: 11, customerId: 702, planType: "FPP" });
    expect(snapshot.value).toBe("claimOpened");
    expect(snapshot.status).toBe("done");
    expect(openClaim).toHaveBeenCalledTimes(1);
    expect(paramsOf(openClaim)).toEqual({ claimId: 80, planId: 11, customerId: 702, planType: "FPP" });
  });

  it("FPP with the claimId and warranty_id of the URL resumes that claim without starting one", () => {
    const { actor, startClaim, openClaim } = start({ preselectPlanId: 10, resumeClaimId: 77 }, async () => ({
      kind: "created",
      claimId: 80,
    }));
    expect(actor.getSnapshot().context.selectedPlanId).toBe(10);
    actor.send({ type: "plan.submit" });
    expect(actor.getSnapshot().value).toBe("claimOpened");
    expect(startClaim).not.toHaveBeenCalled();
    expect(paramsOf(openClaim)).toEqual({ claimId: 77, planId: 10, customerId: 701, planType: "FPP" });
  });

  it("FPP on another plan than the URL's starts a new claim", async () => {
    const { actor, startClaim } = start({ preselectPlanId: 10, resumeClaimId: 77 }, async () => ({
      kind: "created",
      claimId: 80,
    }));
    actor.send({ type: "plan.select", planId: 11 });
    actor.send({ type: "plan.submit" });
    await rested(actor);
    expect(startClaim).toHaveBeenCalledWith({ planId: 11, customerId: 702, planType: "FPP" });
  });

  it("DRAFT_EXIST opens the draft dialog with the draft's id; continue opens that draft", async () => {
    const { actor, openClaim } = start({ preselectPlanId: 10 }, async () => ({ kind: "draftExists", claimId: 81 }));
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    const snapshot = await rested(actor);
    expect(snapshot.value).toBe("draftDialog");
    expect(snapshot.context.draftClaimId).toBe(81);
    actor.send({ type: "draft.continue" });
    expect(actor.getSnapshot().value).toBe("claimOpened");
    expect(paramsOf(openClaim)).toEqual({ claimId: 81, planId: 10, customerId: 701, planType: "FPP" });
  });

  it("DRAFT_EXIST, delete: deletes the draft, then starts a claim again", async () => {
    const answers: StartClaimResult[] = [
      { kind: "draftExists", claimId: 81 },
      { kind: "created", claimId: 82 },
    ];
    const { actor, startClaim, deleteDraft, openClaim } = start({}, async () => answers.shift()!);
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    await rested(actor);
    actor.send({ type: "draft.delete" });
    expect(actor.getSnapshot().value).toBe("deletingDraft");
    const snapshot = await waitFor(actor, (s) => s.matches("claimOpened"));
    expect(deleteDraft).toHaveBeenCalledWith(81);
    expect(startClaim).toHaveBeenCalledTimes(2);
    expect(startClaim.mock.calls[1]![0]).toEqual({ planId: 10, customerId: 701, planType: "FPP" });
    expect(paramsOf(openClaim)).toEqual({ claimId: 82, planId: 10, customerId: 701, planType: "FPP" });
    expect(snapshot.context.error).toBeNull();
  });

  it("DRAFT_EXIST, delete failing: back to the draft dialog with deleteFailed", async () => {
    const { actor, startClaim } = start(
      {},
      async () => ({ kind: "draftExists", claimId: 81 }),
      async () => {
        throw new Error("500");
      },
    );
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    await rested(actor);
    actor.send({ type: "draft.delete" });
    const snapshot = await rested(actor);
    expect(snapshot.value).toBe("draftDialog");
    expect(snapshot.context.error).toBe("deleteFailed");
    expect(startClaim).toHaveBeenCalledTimes(1);
  });

  it("closing the draft dialog returns to the plans", async () => {
    const { actor } = start({}, async () => ({ kind: "draftExists", claimId: 81 }));
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    await rested(actor);
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().value).toBe("choosing");
  });

  it("CLAIM_IN_PROGRESS opens the in-progress dialog; View Claim Status opens the status site with the code", async () => {
    const { actor, openClaimStatus } = start({}, async () => ({ kind: "claimInProgress", statusCode: "ST-9" }));
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    const snapshot = await rested(actor);
    expect(snapshot.value).toBe("inProgressDialog");
    expect(snapshot.context.statusCode).toBe("ST-9");
    actor.send({ type: "status.view" });
    expect(openClaimStatus).toHaveBeenCalledTimes(1);
    expect(paramsOf(openClaimStatus)).toEqual({ statusCode: "ST-9" });
    expect(actor.getSnapshot().value).toBe("inProgressDialog");
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().value).toBe("choosing");
  });

  it("CLAIM_IN_PROGRESS without a code: View Claim Status does nothing", async () => {
    const { actor, openClaimStatus } = start({}, async () => ({ kind: "claimInProgress", statusCode: null }));
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    await rested(actor);
    actor.send({ type: "status.view" });
    expect(openClaimStatus).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe("inProgressDialog");
  });

  it("LEGACY opens the legacy claim site and stays on the plans", () => {
    const { actor, openLegacySite, startClaim } = start({}, async () => ({ kind: "created", claimId: 1 }));
    actor.send({ type: "plan.select", planId: 12 });
    actor.send({ type: "plan.submit" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(openLegacySite).toHaveBeenCalledTimes(1);
    expect(paramsOf(openLegacySite)).toEqual({ plan: legacy });
    expect(startClaim).not.toHaveBeenCalled();
  });

  it("a refused start returns to the plans with startFailed", async () => {
    const { actor } = start({}, async () => ({ kind: "refused" }));
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    const snapshot = await rested(actor);
    expect(snapshot.value).toBe("choosing");
    expect(snapshot.context.error).toBe("startFailed");
  });

  it("an erroring start returns to the plans with startFailed; choosing again clears it", async () => {
    const { actor } = start({}, async () => {
      throw new Error("timeout");
    });
    actor.send({ type: "plan.select", planId: 10 });
    actor.send({ type: "plan.submit" });
    const snapshot = await rested(actor);
    expect(snapshot.value).toBe("choosing");
    expect(snapshot.context.error).toBe("startFailed");
    actor.send({ type: "plan.select", planId: 11 });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("an ACE plan starts its claim on the ACE family and opens the ACE wizard", async () => {
    const { actor, startClaim, openClaim } = start({}, async () => ({ kind: "created", claimId: 90 }));
    actor.send({ type: "plan.select", planId: 13 });
    actor.send({ type: "plan.submit" });
    await waitFor(actor, (snapshot) => snapshot.matches("claimOpened"));
    expect(startClaim).toHaveBeenCalledWith({ planId: 13, customerId: ace.customerId, planType: "Ace" });
    expect(paramsOf(openClaim)).toEqual({ claimId: 90, planId: 13, customerId: ace.customerId, planType: "Ace" });
  });

  it("an ACE claim in the URL on the same plan resumes it", async () => {
    const { actor, startClaim, openClaim } = start(
      { plans: [ace], preselectPlanId: 13, resumeClaimId: 91 },
      async () => ({ kind: "created", claimId: 1 }),
    );
    actor.send({ type: "plan.submit" });
    expect(actor.getSnapshot().value).toBe("claimOpened");
    expect(startClaim).not.toHaveBeenCalled();
    expect(paramsOf(openClaim)).toEqual({ claimId: 91, planId: 13, customerId: ace.customerId, planType: "Ace" });
  });

  it("a plan of an unknown type is not filed here: planNotEligible", () => {
    const unknown = plan(16, { planType: "UNKNOWN" });
    const { actor, startClaim } = start({ plans: [unknown, fppA], preselectPlanId: 16 }, async () => ({
      kind: "created",
      claimId: 1,
    }));
    actor.send({ type: "plan.select", planId: 16 });
    actor.send({ type: "plan.submit" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.error).toBe("planNotEligible");
    expect(startClaim).not.toHaveBeenCalled();
  });
});

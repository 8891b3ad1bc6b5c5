/**
 * planSelectionMachine: choosing a plan and starting (or resuming) a claim on it (SPEC.md section 2
 * "Select plan", section 4 "Claim flow", dialogs Continue Draft Claim and Claim Already in Progress).
 *
 * FPP and ACE (Ace, Mace) plans start or resume a claim in their own wizard; LEGACY plans file on
 * the legacy site. Injected: actors `startClaim` (plan -> StartClaimResult, on the plan family's
 * endpoint) and `deleteDraft` (claim id); actions `openClaim` (the family's wizard at step 2),
 * `openLegacySite`, `openClaimStatus` (new tabs).
 */
import { assign, setup } from "xstate";
import type { Plan, PlanType, StartClaimResult } from "./domain.ts";
import { notProvided } from "./not-provided.ts";

export interface PlanSelectionInput {
  plans: Plan[];
  /** warranty_id of the URL: preselected when it is not decided by a single active plan. */
  preselectPlanId: number | null;
  /** claimId of the URL: Submit on the same plan resumes that claim instead of starting one. */
  resumeClaimId: number | null;
}

export type SelectionError = "startFailed" | "deleteFailed" | "planNotEligible";

/** What a wizard's URL needs to open a claim (SPEC.md "On Submit by plan type"). */
export interface OpenedClaim {
  claimId: number;
  planId: number;
  customerId: number;
  planType: PlanType;
}

/** Plan types filed in this portal's wizards; LEGACY goes to its own site. */
const CLAIMABLE_PLAN_TYPES: readonly PlanType[] = ["FPP", "Ace", "Mace"];

export interface PlanSelectionContext {
  plans: Plan[];
  selectedPlanId: number | null;
  resumeClaimId: number | null;
  resumePlanId: number | null;
  draftClaimId: number | null;
  statusCode: string | null;
  error: SelectionError | null;
}

export type PlanSelectionEvent =
  | { type: "plan.select"; planId: number }
  | { type: "plan.submit" }
  | { type: "draft.continue" }
  | { type: "draft.delete" }
  | { type: "dialog.close" }
  | { type: "status.view" };

/** Only Active plans can be chosen (SPEC.md section 4). */
export function isSelectablePlan(plan: Plan | undefined): boolean {
  return plan?.status === "active";
}

/** The plan chosen on arrival: the only active one, else the URL's plan when active, else none. */
export function initialSelection(plans: Plan[], preselectPlanId: number | null): number | null {
  const active = plans.filter(isSelectablePlan);
  if (active.length === 1) return active[0]!.id;
  return active.find((plan) => plan.id === preselectPlanId)?.id ?? null;
}

function selectedPlan(context: PlanSelectionContext): Plan | undefined {
  return context.plans.find((plan) => plan.id === context.selectedPlanId);
}

function openedClaim(context: PlanSelectionContext, claimId: number): OpenedClaim {
  const plan = selectedPlan(context)!;
  return { claimId, planId: plan.id, customerId: plan.customerId, planType: plan.planType };
}

export const planSelectionMachine = setup({
  types: {
    context: {} as PlanSelectionContext,
    events: {} as PlanSelectionEvent,
    input: {} as PlanSelectionInput,
  },
  actors: {
    startClaim: notProvided<StartClaimResult, { planId: number; customerId: number; planType: PlanType }>("startClaim"),
    deleteDraft: notProvided<void, number>("deleteDraft"),
  },
  actions: {
    openClaim: (_, _params: OpenedClaim) => {},
    openLegacySite: (_, _params: { plan: Plan }) => {},
    openClaimStatus: (_, _params: { statusCode: string }) => {},
    selectPlan: assign((_, params: { planId: number }) => ({ selectedPlanId: params.planId, error: null })),
    rememberDraft: assign((_, params: { claimId: number }) => ({ draftClaimId: params.claimId, error: null })),
    rememberStatusCode: assign((_, params: { statusCode: string | null }) => ({
      statusCode: params.statusCode,
      error: null,
    })),
    setError: assign((_, params: { error: SelectionError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
  },
  guards: {
    isSelectable: ({ context }, params: { planId: number }) =>
      isSelectablePlan(context.plans.find((plan) => plan.id === params.planId)),
    hasSelection: ({ context }) => isSelectablePlan(selectedPlan(context)),
    isLegacyPlan: ({ context }) => selectedPlan(context)?.planType === "LEGACY",
    isClaimablePlan: ({ context }) => CLAIMABLE_PLAN_TYPES.includes(selectedPlan(context)?.planType ?? "UNKNOWN"),
    // Submitting the plan whose claim is already in the URL resumes it (SPEC.md "On Submit by plan type").
    canResumeClaim: ({ context }) =>
      context.resumeClaimId !== null &&
      context.selectedPlanId !== null &&
      context.resumePlanId === context.selectedPlanId,
    isCreated: (_, params: { result: StartClaimResult }) => params.result.kind === "created",
    isDraftExist: (_, params: { result: StartClaimResult }) => params.result.kind === "draftExists",
    isClaimInProgress: (_, params: { result: StartClaimResult }) => params.result.kind === "claimInProgress",
    hasStatusCode: ({ context }) => Boolean(context.statusCode),
  },
}).createMachine({
  id: "planSelection",
  context: ({ input }) => ({
    plans: input.plans,
    selectedPlanId: initialSelection(input.plans, input.preselectPlanId),
    resumeClaimId: input.resumeClaimId,
    resumePlanId: input.preselectPlanId,
    draftClaimId: null,
    statusCode: null,
    error: null,
  }),
  initial: "choosing",
  states: {
    // Plans on screen; Submit is enabled once an active plan is chosen.
    choosing: {
      on: {
        "plan.select": {
          guard: { type: "isSelectable", params: ({ event }) => ({ planId: event.planId }) },
          actions: { type: "selectPlan", params: ({ event }) => ({ planId: event.planId }) },
        },
        "plan.submit": [
          {
            guard: "isLegacyPlan",
            actions: { type: "openLegacySite", params: ({ context }) => ({ plan: selectedPlan(context)! }) },
          },
          {
            guard: "canResumeClaim",
            target: "claimOpened",
            actions: { type: "openClaim", params: ({ context }) => openedClaim(context, context.resumeClaimId!) },
          },
          { guard: "isClaimablePlan", target: "startingClaim" },
          // A plan of an unknown type has no wizard: the consumer is told to contact us.
          { guard: "hasSelection", actions: { type: "setError", params: { error: "planNotEligible" } } },
        ],
      },
    },
    startingClaim: {
      entry: "clearError",
      invoke: {
        id: "startClaim",
        src: "startClaim",
        input: ({ context }) => {
          const plan = selectedPlan(context)!;
          return { planId: plan.id, customerId: plan.customerId, planType: plan.planType };
        },
        onDone: [
          {
            guard: { type: "isCreated", params: ({ event }) => ({ result: event.output }) },
            target: "claimOpened",
            actions: {
              type: "openClaim",
              params: ({ context, event }) => openedClaim(context, (event.output as { claimId: number }).claimId),
            },
          },
          {
            guard: { type: "isDraftExist", params: ({ event }) => ({ result: event.output }) },
            target: "draftDialog",
            actions: {
              type: "rememberDraft",
              params: ({ event }) => ({ claimId: (event.output as { claimId: number }).claimId }),
            },
          },
          {
            guard: { type: "isClaimInProgress", params: ({ event }) => ({ result: event.output }) },
            target: "inProgressDialog",
            actions: {
              type: "rememberStatusCode",
              params: ({ event }) => ({ statusCode: (event.output as { statusCode: string | null }).statusCode }),
            },
          },
          { target: "choosing", actions: { type: "setError", params: { error: "startFailed" } } },
        ],
        onError: { target: "choosing", actions: { type: "setError", params: { error: "startFailed" } } },
      },
    },
    // Continue Draft Claim dialog: resume the draft, or delete it and file a new claim.
    draftDialog: {
      on: {
        "draft.continue": {
          target: "claimOpened",
          actions: { type: "openClaim", params: ({ context }) => openedClaim(context, context.draftClaimId!) },
        },
        "draft.delete": "deletingDraft",
        "dialog.close": "choosing",
      },
    },
    deletingDraft: {
      invoke: {
        id: "deleteDraft",
        src: "deleteDraft",
        input: ({ context }) => context.draftClaimId!,
        onDone: "startingClaim",
        onError: { target: "draftDialog", actions: { type: "setError", params: { error: "deleteFailed" } } },
      },
    },
    // Claim Already in Progress dialog; View Claim Status needs the status code.
    inProgressDialog: {
      on: {
        "status.view": {
          guard: "hasStatusCode",
          actions: { type: "openClaimStatus", params: ({ context }) => ({ statusCode: context.statusCode! }) },
        },
        "dialog.close": "choosing",
      },
    },
    // The wizard takes over; this screen is leaving.
    claimOpened: { type: "final" },
  },
});

/**
 * Generated paths of planSelectionMachine: plan choice, start claim with each answer of
 * insert_claim, the draft and in-progress dialogs, replayed with `startClaim` / `deleteDraft` stubs.
 */
import { describe } from "vitest";
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import type { PlanType, StartClaimResult } from "../../machines/domain.ts";
import {
  planSelectionMachine,
  type PlanSelectionEvent,
  type PlanSelectionInput,
} from "../../machines/plan-selection.machine.ts";
import { plan } from "./support/domain-fixtures.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { describePathSuite } from "./support/path-suite.ts";

type PathEvent =
  | PlanSelectionEvent
  | DoneActorEvent<StartClaimResult, "startClaim">
  | ErrorActorEvent<unknown, "startClaim">
  | DoneActorEvent<void, "deleteDraft">
  | ErrorActorEvent<unknown, "deleteDraft">;

const plans = [
  plan(10), // FPP, the plan of the URL (warranty_id)
  plan(11), // FPP
  plan(12, { planType: "LEGACY" }),
  plan(13, { planType: "Ace" }),
  plan(14, { status: "expired" }),
  plan(15, { planType: "UNKNOWN" }), // active, but no wizard files it
];

const fixtures = {
  "plan.select": [
    { type: "plan.select", planId: 11 },
    { type: "plan.select", planId: 12 },
    { type: "plan.select", planId: 13 },
    { type: "plan.select", planId: 14 }, // expired: refused
    { type: "plan.select", planId: 15 },
  ],
  "plan.submit": [{ type: "plan.submit" }],
  "draft.continue": [{ type: "draft.continue" }],
  "draft.delete": [{ type: "draft.delete" }],
  "dialog.close": [{ type: "dialog.close" }],
  "status.view": [{ type: "status.view" }],
  "xstate.done.actor.startClaim": [
    done("startClaim", { kind: "created", claimId: 80 }),
    done("startClaim", { kind: "draftExists", claimId: 81 }),
    done("startClaim", { kind: "claimInProgress", statusCode: "ST-9" }),
    done("startClaim", { kind: "claimInProgress", statusCode: null }),
    done("startClaim", { kind: "refused" }),
  ],
  "xstate.error.actor.startClaim": [failed("startClaim")],
  "xstate.done.actor.deleteDraft": [done("deleteDraft", undefined)],
  "xstate.error.actor.deleteDraft": [failed("deleteDraft")],
} as const satisfies FixturesFor<PathEvent>;

const scenarios: Array<Scenario<PathEvent, PlanSelectionInput>> = [
  // Arriving from a claim link: plan 10 is the URL's, claim 77 resumes on it.
  { name: "claim link", input: { plans, preselectPlanId: 10, resumeClaimId: 77 }, fixtures },
  // Arriving from a search: two or more active plans, nothing chosen yet.
  { name: "after search", input: { plans, preselectPlanId: null, resumeClaimId: null }, fixtures },
];

describe("planSelection generated paths", () => {
  describePathSuite({
    machine: planSelectionMachine,
    build: (gate) =>
      planSelectionMachine.provide({
        actors: {
          startClaim: gate.promise<StartClaimResult, { planId: number; customerId: number; planType: PlanType }>(
            "startClaim",
          ),
          deleteDraft: gate.promise<void, number>("deleteDraft"),
        },
      }),
    scenarios,
    states: ["choosing", "startingClaim", "draftDialog", "deletingDraft", "inProgressDialog", "claimOpened"],
    transientStates: [],
  });
});

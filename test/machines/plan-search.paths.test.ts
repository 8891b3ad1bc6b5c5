/**
 * Generated paths of planSearchMachine: getShortestPaths walks the chart with the typed fixtures
 * below; every path is then replayed on a real actor whose `searchPlans` is settled as the path says.
 */
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import type { Plan } from "../../machines/domain.ts";
import { planSearchMachine, SEARCH_LIMIT, type PlanLink, type PlanSearchEvent, type PlanSearchInput } from "../../machines/plan-search.machine.ts";
import { emailQuery, plan, warrantyQuery } from "./support/domain-fixtures.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { describePathSuite } from "./support/path-suite.ts";
import type { PlanQuery } from "../../machines/domain.ts";
import { describe } from "vitest";

type PathEvent =
  | PlanSearchEvent
  | DoneActorEvent<Plan[], "searchPlans">
  | ErrorActorEvent<unknown, "searchPlans">
  | DoneActorEvent<Plan[], "openPlan">
  | ErrorActorEvent<unknown, "openPlan">;

/** The API's 429 as ky rejects with it: the response carries Retry-After. */
const rateLimited = { response: new Response(null, { status: 429, headers: { "Retry-After": "120" } }) };

const fixtures = {
  "search.submit": [{ type: "search.submit", query: warrantyQuery }],
  "method.confirmed": [{ type: "method.confirmed" }],
  "plans.requested": [{ type: "plans.requested" }],
  "query.forget": [{ type: "query.forget" }],
  "plan.open": [
    { type: "plan.open", link: { planId: 1, customerId: 10, planType: "FPP" } },
    { type: "plan.open", link: { planId: 1, customerId: 10, planType: "WARRANTY" } },
  ],
  "xstate.done.actor.openPlan": [done("openPlan", [plan(1)]), done("openPlan", [])],
  "xstate.error.actor.openPlan": [failed("openPlan"), failed("openPlan", rateLimited)],
  "xstate.done.actor.searchPlans": [done("searchPlans", [plan(1)]), done("searchPlans", [])],
  "xstate.error.actor.searchPlans": [failed("searchPlans"), failed("searchPlans", rateLimited)],
} as const satisfies FixturesFor<PathEvent>;

// The counter is unbounded; past the limit nothing new happens, so the walk stops there.
const stopPastLimit = (snapshot: { context: { failedSearches: number } }) => snapshot.context.failedSearches > SEARCH_LIMIT;

const scenarios: Array<Scenario<PathEvent, PlanSearchInput>> = [
  { name: "saved query", input: { savedQuery: emailQuery }, fixtures, stopWhen: stopPastLimit },
  { name: "no saved query", input: { savedQuery: null }, fixtures, stopWhen: stopPastLimit },
];

describe("planSearch generated paths", () => {
  describePathSuite({
    machine: planSearchMachine,
    build: (gate) =>
      planSearchMachine.provide({
        actors: { searchPlans: gate.promise<Plan[], PlanQuery>("searchPlans"), openPlan: gate.promise<Plan[], PlanLink>("openPlan") },
      }),
    scenarios,
    states: ["idle", "searching", "openingPlan", "found", "rateLimited", "notFound.tryAgainOffered", "notFound.contactServiceOffered"],
    transientStates: [],
  });
});

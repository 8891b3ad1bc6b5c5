/**
 * Generated paths of planSearchMachine: getShortestPaths walks the chart with the typed fixtures
 * below; every path is then replayed on a real actor whose `searchPlans` is settled as the path says.
 */
import { CallFailed } from "../../machines/outcomes.ts";
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import type { Plan } from "../../machines/domain.ts";
import {
  planSearchMachine,
  SEARCH_LIMIT,
  type ChallengedSearch,
  type PlanLink,
  type PlanSearchEvent,
  type PlanSearchInput,
  type SearchAnswer,
} from "../../machines/plan-search.machine.ts";
import { emailQuery, plan, warrantyQuery } from "./support/domain-fixtures.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { describePathSuite } from "./support/path-suite.ts";
import type { PlanQuery } from "../../machines/domain.ts";
import { describe } from "vitest";

type PathEvent =
  | PlanSearchEvent
  | DoneActorEvent<SearchAnswer, "searchPlans">
  | ErrorActorEvent<unknown, "searchPlans">
  | DoneActorEvent<SearchAnswer, "solveAndSearch">
  | ErrorActorEvent<unknown, "solveAndSearch">
  | DoneActorEvent<Plan[], "openPlan">
  | ErrorActorEvent<unknown, "openPlan">;

/** The API's 429 as the API layer rejects with it: the seconds it asks to wait. */
const rateLimited = new CallFailed({ kind: "rateLimited", retryAfterSeconds: 120 });
/** The API's 428 as the API layer hands it over: a challenge to solve first (one, so states stay few). */
const challenged: SearchAnswer = { challenge: { parameters: { nonce: "00" } } };

const fixtures = {
  "search.submit": [{ type: "search.submit", query: warrantyQuery }],
  "method.confirmed": [{ type: "method.confirmed" }],
  "plans.requested": [{ type: "plans.requested" }],
  "query.forget": [{ type: "query.forget" }],
  "search.retry": [{ type: "search.retry" }],
  "plan.open": [
    { type: "plan.open", link: { planId: 1, customerId: 10, planType: "FPP" } },
    { type: "plan.open", link: { planId: 1, customerId: 10, planType: "WARRANTY" } },
  ],
  "xstate.done.actor.openPlan": [done("openPlan", [plan(1)]), done("openPlan", [])],
  "xstate.error.actor.openPlan": [failed("openPlan"), failed("openPlan", rateLimited)],
  "xstate.done.actor.searchPlans": [
    done("searchPlans", { plans: [plan(1)] }),
    done("searchPlans", { plans: [] }),
    done("searchPlans", challenged),
  ],
  "xstate.error.actor.searchPlans": [failed("searchPlans"), failed("searchPlans", rateLimited)],
  "xstate.done.actor.solveAndSearch": [
    done("solveAndSearch", { plans: [plan(1)] }),
    done("solveAndSearch", { plans: [] }),
    done("solveAndSearch", challenged),
  ],
  "xstate.error.actor.solveAndSearch": [failed("solveAndSearch"), failed("solveAndSearch", rateLimited)],
} as const satisfies FixturesFor<PathEvent>;

// The counter is unbounded; past the limit nothing new happens, so the walk stops there.
const stopPastLimit = (snapshot: { context: { failedSearches: number } }) =>
  snapshot.context.failedSearches > SEARCH_LIMIT;

const scenarios: Array<Scenario<PathEvent, PlanSearchInput>> = [
  { name: "saved query", input: { savedQuery: emailQuery }, fixtures, stopWhen: stopPastLimit },
  { name: "no saved query", input: { savedQuery: null }, fixtures, stopWhen: stopPastLimit },
];

describe("planSearch generated paths", () => {
  describePathSuite({
    machine: planSearchMachine,
    build: (gate) =>
      planSearchMachine.provide({
        actors: {
          searchPlans: gate.promise<SearchAnswer, PlanQuery>("searchPlans"),
          solveAndSearch: gate.promise<SearchAnswer, ChallengedSearch>("solveAndSearch"),
          openPlan: gate.promise<Plan[], PlanLink>("openPlan"),
        },
      }),
    scenarios,
    states: [
      "idle",
      "searching",
      "checking",
      "checkFailed",
      "openingPlan",
      "found",
      "rateLimited",
      "notFound.tryAgainOffered",
      "notFound.contactServiceOffered",
    ],
    transientStates: [],
  });
});

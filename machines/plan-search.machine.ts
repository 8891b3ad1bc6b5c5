/**
 * planSearchMachine: finding a customer's plans and counting failed searches (SPEC.md sections 2
 * "Search outcome", 4 "Plan-search try counter"). Lives once at the app root so the counter and
 * the found plans outlive each screen.
 *
 * Injected: actor `searchPlans` (query -> plans), actions `showPlans` and `showNotFound`
 * (navigation), `saveQuery` and `forgetQuery` (the saved searchInfo).
 */
import { assign, setup } from "xstate";
import type { Plan, PlanQuery } from "./domain.ts";
import { notProvided } from "./not-provided.ts";

/** At this many failed searches, Contact Service replaces Try Again. */
export const SEARCH_LIMIT = 3;

export interface PlanSearchContext {
  failedSearches: number;
  /** The last query, restored from saved searchInfo so a reload can re-run it. */
  query: PlanQuery | null;
  plans: Plan[];
}

export type PlanSearchEvent =
  | { type: "search.submit"; query: PlanQuery }
  /** The Search button on the method screen: a fresh start resets the counter. */
  | { type: "method.confirmed" }
  /** A screen needs the plans (select-plan after a reload): re-run the saved query if any. */
  | { type: "plans.requested" }
  /** Back from the personal-info screen clears the saved search. */
  | { type: "query.forget" };

export interface PlanSearchInput {
  savedQuery: PlanQuery | null;
}

/** True when failed searches reached the limit that offers Contact Service. */
export function hasReachedSearchLimit(failedSearches: number): boolean {
  return failedSearches >= SEARCH_LIMIT;
}

export const planSearchMachine = setup({
  types: {
    context: {} as PlanSearchContext,
    events: {} as PlanSearchEvent,
    input: {} as PlanSearchInput,
  },
  actors: {
    searchPlans: notProvided<Plan[], PlanQuery>("searchPlans"),
  },
  actions: {
    showPlans: () => {},
    showNotFound: () => {},
    saveQuery: (_, _params: { query: PlanQuery }) => {},
    forgetQuery: () => {},
    rememberQuery: assign((_, params: { query: PlanQuery }) => ({ query: params.query })),
    clearQuery: assign({ query: null, plans: [] }),
    storePlans: assign((_, params: { plans: Plan[] }) => ({ plans: params.plans })),
    clearPlans: assign({ plans: [] }),
    countFailure: assign(({ context }) => ({ failedSearches: context.failedSearches + 1 })),
    resetFailures: assign({ failedSearches: 0 }),
  },
  guards: {
    hasPlans: (_, params: { plans: Plan[] }) => params.plans.length > 0,
    hasFoundPlans: ({ context }) => context.plans.length > 0,
    hasSavedQuery: ({ context }) => context.query !== null,
  },
}).createMachine({
  id: "planSearch",
  context: ({ input }) => ({ failedSearches: 0, query: input.savedQuery, plans: [] }),
  initial: "idle",
  on: {
    "search.submit": {
      target: ".searching",
      actions: [
        { type: "rememberQuery", params: ({ event }) => ({ query: event.query }) },
        { type: "saveQuery", params: ({ event }) => ({ query: event.query }) },
      ],
    },
    "method.confirmed": { actions: "resetFailures" },
    "query.forget": { actions: ["clearQuery", "forgetQuery"] },
  },
  states: {
    // Nothing searched yet in this visit.
    idle: {
      on: {
        "plans.requested": [
          { guard: "hasSavedQuery", target: "searching" },
          { target: "notFound" },
        ],
      },
    },
    searching: {
      entry: "clearPlans",
      invoke: {
        id: "searchPlans",
        src: "searchPlans",
        input: ({ context }) => context.query!,
        onDone: [
          {
            guard: { type: "hasPlans", params: ({ event }) => ({ plans: event.output }) },
            target: "found",
            actions: [{ type: "storePlans", params: ({ event }) => ({ plans: event.output }) }, "resetFailures"],
          },
          { target: "notFound", actions: "countFailure" },
        ],
        // A failed call is a dead end for the consumer too: counted like an empty result.
        onError: { target: "notFound", actions: "countFailure" },
      },
    },
    // Plans are on screen (select-plan).
    found: {
      entry: "showPlans",
      on: {
        "plans.requested": [{ guard: "hasFoundPlans" }, { guard: "hasSavedQuery", target: "searching" }, { target: "notFound" }],
      },
    },
    // The no-warranty-found screen: Try Again, or Contact Service at the limit.
    notFound: {
      entry: "showNotFound",
      on: {
        "plans.requested": { actions: "showNotFound" },
      },
    },
  },
});

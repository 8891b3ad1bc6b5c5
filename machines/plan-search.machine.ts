/**
 * planSearchMachine: finding a customer's plans and counting failed searches (SPEC.md sections 2
 * "Search outcome", "Open plan by id", "No warranty found", 4 "Plan-search try counter"). One actor
 * lives in the router context so the counter and the found plans outlive each screen; routes send
 * it events in `beforeLoad`, wait until it rests in `found` or `notFound`, and redirect
 * (DESIGN.md "Machines"). The machine itself never navigates.
 *
 * `notFound` says what the no-warranty-found screen offers: `tryAgainOffered` below the search
 * limit, `contactServiceOffered` at it. `rateLimited` is the API refusing to search for a while
 * (HTTP 429, issue 9): no search happened, so the try counter does not move, and the screen says
 * when to try again.
 *
 * Injected: actors `searchPlans` (query -> plans) and `openPlan` (link -> plans), actions
 * `saveQuery` and `forgetQuery` (the saved searchInfo).
 */
import { assign, setup } from "xstate";
import type { Plan, PlanQuery } from "./domain.ts";
import { retryAfterSeconds } from "./call-errors.ts";
import { notProvided } from "./not-provided.ts";

/** At this many failed searches, Contact Service replaces Try Again. */
export const SEARCH_LIMIT = 3;

/** A plan opened directly by id (SPEC.md section 2, "Open plan by id"). */
export interface PlanLink {
  planId: number;
  customerId: number | null;
  /** `plan_type` of the link, upper-cased; only FPP and ACE open. */
  planType: string | null;
}

/** Plan types a link may name. */
export const LINK_PLAN_TYPES = ["FPP", "ACE"] as const;

export interface PlanSearchContext {
  failedSearches: number;
  /** The plan to preselect after opening a link, else null. */
  focusPlanId: number | null;
  /** The last query, restored from saved searchInfo so a reload can re-run it. */
  query: PlanQuery | null;
  plans: Plan[];
  /** Seconds the API asked to wait before searching again (its last 429), else null. */
  retryAfterSeconds: number | null;
}

export type PlanSearchEvent =
  | { type: "search.submit"; query: PlanQuery }
  /** The Search button on the method screen: a fresh start resets the counter. */
  | { type: "method.confirmed" }
  /** A screen needs the plans (select-plan after a reload): re-run the saved query if any. */
  | { type: "plans.requested" }
  /** Back from the personal-info screen clears the saved search. */
  | { type: "query.forget" }
  /** A link to one plan: `/{warrnty_id}?customer_id=..&plan_type=fpp|ace`. */
  | { type: "plan.open"; link: PlanLink };

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
    openPlan: notProvided<Plan[], PlanLink>("openPlan"),
  },
  actions: {
    saveQuery: (_, _params: { query: PlanQuery }) => {},
    forgetQuery: () => {},
    rememberQuery: assign((_, params: { query: PlanQuery }) => ({ query: params.query })),
    clearQuery: assign({ query: null, plans: [] }),
    storePlans: assign((_, params: { plans: Plan[] }) => ({ plans: params.plans })),
    clearPlans: assign({ plans: [] }),
    countFailure: assign(({ context }) => ({ failedSearches: context.failedSearches + 1 })),
    resetFailures: assign({ failedSearches: 0 }),
    focusPlan: assign((_, params: { planId: number | null }) => ({ focusPlanId: params.planId })),
    storeRetryAfter: assign((_, params: { error: unknown }) => ({ retryAfterSeconds: retryAfterSeconds(params.error) })),
  },
  guards: {
    // The API refused to search for now (HTTP 429): not a failed search (issue 9).
    isRateLimited: (_, params: { error: unknown }) => retryAfterSeconds(params.error) !== null,
    hasPlans: (_, params: { plans: Plan[] }) => params.plans.length > 0,
    hasFoundPlans: ({ context }) => context.plans.length > 0,
    hasSavedQuery: ({ context }) => context.query !== null,
    // At the limit Contact Service replaces Try Again (SPEC.md section 4, "Plan-search try counter").
    hasReachedSearchLimit: ({ context }) => hasReachedSearchLimit(context.failedSearches),
    // An unknown plan type goes to no-warranty-found without a call (SPEC.md "Open plan by id").
    isKnownPlanType: (_, params: { link: PlanLink }) => (LINK_PLAN_TYPES as readonly (string | null)[]).includes(params.link.planType),
  },
}).createMachine({
  id: "planSearch",
  context: ({ input }) => ({ failedSearches: 0, focusPlanId: null, query: input.savedQuery, plans: [], retryAfterSeconds: null }),
  initial: "idle",
  on: {
    "search.submit": {
      target: ".searching",
      actions: [
        { type: "focusPlan", params: { planId: null } },
        { type: "rememberQuery", params: ({ event }) => ({ query: event.query }) },
        { type: "saveQuery", params: ({ event }) => ({ query: event.query }) },
      ],
    },
    "method.confirmed": { actions: "resetFailures" },
    "plan.open": [
      {
        guard: { type: "isKnownPlanType", params: ({ event }) => ({ link: event.link }) },
        target: ".openingPlan",
        actions: { type: "focusPlan", params: ({ event }) => ({ planId: event.link.planId }) },
      },
      { target: ".notFound", actions: "countFailure" },
    ],
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
        // A failed call is a dead end for the consumer too: counted like an empty result, unless
        // the API only asked to wait.
        onError: [
          {
            guard: { type: "isRateLimited", params: ({ event }) => ({ error: event.error }) },
            target: "rateLimited",
            actions: { type: "storeRetryAfter", params: ({ event }) => ({ error: event.error }) },
          },
          { target: "notFound", actions: "countFailure" },
        ],
      },
    },
    // Loading the plan a link names; a plan of another customer counts as not found.
    openingPlan: {
      entry: "clearPlans",
      invoke: {
        id: "openPlan",
        src: "openPlan",
        input: ({ event }) => (event as { link: PlanLink }).link,
        onDone: [
          {
            guard: { type: "hasPlans", params: ({ event }) => ({ plans: event.output }) },
            target: "found",
            actions: [{ type: "storePlans", params: ({ event }) => ({ plans: event.output }) }, "resetFailures"],
          },
          { target: "notFound", actions: "countFailure" },
        ],
        onError: [
          {
            guard: { type: "isRateLimited", params: ({ event }) => ({ error: event.error }) },
            target: "rateLimited",
            actions: { type: "storeRetryAfter", params: ({ event }) => ({ error: event.error }) },
          },
          { target: "notFound", actions: "countFailure" },
        ],
      },
    },
    // Plans are on screen (select-plan).
    found: {
      on: {
        // Plans are only ever cleared together with the query (query.forget), so without plans
        // there is nothing to re-run.
        "plans.requested": [{ guard: "hasFoundPlans" }, { target: "notFound" }],
      },
    },
    // The API asked to wait (429): the no-warranty-found screen says for how long. Nothing is
    // counted; a new search or link leaves through the machine-wide events.
    rateLimited: {},
    // The no-warranty-found screen. Entered afresh on every failed search, so the offer is decided
    // again each time; plans.requested (select-plan after a reload) leaves it as it is.
    notFound: {
      initial: "tryAgainOffered",
      states: {
        // Fewer than 3 failed searches: Try Again goes back one page.
        tryAgainOffered: {
          always: { guard: "hasReachedSearchLimit", target: "contactServiceOffered" },
        },
        // 3 or more failed searches: Contact Service replaces Try Again.
        contactServiceOffered: {
          // The Search button on the method screen starts the count again.
          on: { "method.confirmed": { target: "tryAgainOffered", actions: "resetFailures" } },
        },
      },
    },
  },
});

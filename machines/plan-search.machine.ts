/**
 * planSearchMachine: finding a customer's plans and counting failed searches (SPEC.md sections 2
 * "Search outcome", "Open plan by id", "No warranty found", 4 "Plan-search try counter"). One actor
 * lives in the router context so the counter and the found plans outlive each screen; routes send
 * it events in `beforeLoad`, wait until it rests in `found` or `notFound`, and redirect
 * (DESIGN.md "Machines"). The machine itself never navigates.
 *
 * `notFound` says what the no-warranty-found screen offers: `tryAgainOffered` below the search
 * limit, `contactServiceOffered` at it. `rateLimited` is the API refusing to search for a while
 * (HTTP 429, SECURITY.md): no search happened, so the try counter does not move; the screen says
 * when to try again.
 *
 * `checking` is the API asking for a proof-of-work before it searches (HTTP 428, SECURITY.md
 * "Guessing is slowed, nobody is locked out"): the injected `solveAndSearch` solves it off the
 * main thread and sends the same search with the proof, and the screens say 'Checking…'. A proof
 * the API refuses brings a fresh challenge; after CHALLENGE_ROUNDS of them the machine gives up in
 * `checkFailed`, which nothing counts and whose Try Again (`search.retry`) runs the search again.
 *
 * Injected: actors `searchPlans` (query -> answer), `solveAndSearch` (query and challenge ->
 * answer) and `openPlan` (link -> plans), actions `saveQuery` and `forgetQuery` (the saved
 * searchInfo) and `keepFailedSearches` (the try counter, called with the new count wherever it
 * changes). The try counter of the visit comes in as input, so a reload goes on counting.
 *
 * What no-warranty-found offers is the machine's to say: `offersContactService` below reads it from
 * a snapshot, by the same rule the `hasReachedSearchLimit` guard applies on entering `notFound`, so
 * a reload of that screen (a new actor resting in `idle` with the visit's count) offers what it
 * offered before.
 */
import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from "xstate";
import type { Plan, PlanQuery } from "./domain.ts";
import { failureOf } from "./outcomes.ts";
import { notProvided } from "./not-provided.ts";

/** At this many failed searches, Contact Service replaces Try Again. */
export const SEARCH_LIMIT = 3;

/** Challenges solved for one search before the machine gives up (`checkFailed`). */
export const CHALLENGE_ROUNDS = 3;

/**
 * A proof-of-work the API asks for before it searches. Opaque here: the machine hands it to the
 * injected `solveAndSearch` as it came (the API layer knows its fields).
 */
export interface SearchChallenge {
  readonly parameters: object;
}

/** What the API answers a search: the plans found (none when nothing matched), or a challenge to solve first. */
export type SearchAnswer = { plans: Plan[] } | { challenge: SearchChallenge };

/** Input of `solveAndSearch`: the search to send again, with the challenge to solve first. */
export interface ChallengedSearch {
  query: PlanQuery;
  challenge: SearchChallenge;
}

/** The plans of an answer; none when the answer is a challenge. */
function plansOf(answer: SearchAnswer): Plan[] {
  return "plans" in answer ? answer.plans : [];
}

/** A plan opened directly by id (SPEC.md section 2, "Open plan by id"). */
export interface PlanLink {
  planId: number;
  customerId: number | null;
  /** `plan_type` of the link, upper-cased; only FPP and ACE open. */
  planType: string | null;
}

/** Plan types a link may name. */
const LINK_PLAN_TYPES = ["FPP", "ACE"] as const;

export interface PlanSearchContext {
  failedSearches: number;
  /** The plan to preselect after opening a link, else null. */
  focusPlanId: number | null;
  /** The last query, restored from saved searchInfo so a reload can re-run it. */
  query: PlanQuery | null;
  plans: Plan[];
  /** Seconds the API asked to wait before searching again (its last 429), else null. */
  retryAfterSeconds: number | null;
  /** The challenge the API asked to solve (its last 428), else null. */
  challenge: SearchChallenge | null;
  /** Challenges solved for the search in progress. */
  challengeRounds: number;
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
  | { type: "plan.open"; link: PlanLink }
  /** Try Again after the check gave up: the same search once more. */
  | { type: "search.retry" };

export interface PlanSearchInput {
  savedQuery: PlanQuery | null;
  /**
   * Failed searches of this visit so far, as kept outside the machine (a reload starts a new
   * actor); a whole number from 0. Absent: none.
   */
  failedSearches?: number;
}

/** True when failed searches reached the limit that offers Contact Service. */
export function hasReachedSearchLimit(failedSearches: number): boolean {
  return failedSearches >= SEARCH_LIMIT;
}

/**
 * True when no-warranty-found offers Contact Service instead of Try Again (SPEC.md section 2 "No
 * warranty found", 4 "Plan-search try counter"), read from a snapshot (or the context alone) for
 * `useSelector`. The one rule of the machine: `notFound` enters `contactServiceOffered` by it, and
 * only a reset of the count leaves that; a reload of the screen (a new actor, `idle`, seeded with
 * the visit's count) reads the same count. Outside `idle` and `notFound` the screen shows other
 * things (paused, check failed, busy), and `found` always holds a count of 0.
 */
export function offersContactService({ context }: { context: Pick<PlanSearchContext, "failedSearches"> }): boolean {
  return hasReachedSearchLimit(context.failedSearches);
}

/** The plans of a search's answer, as guard and action params of the search's done event. */
const answeredPlans = ({ event }: { event: DoneActorEvent<SearchAnswer> }) => ({ plans: plansOf(event.output) });

/** The refusal of a failed call, as guard and action params of its error event. */
const refusal = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/** The count as it now is, for `keepFailedSearches` right after the action that changed it. */
const keptCount = {
  type: "keepFailedSearches",
  params: ({ context }: { context: PlanSearchContext }) => ({ failedSearches: context.failedSearches }),
} as const;

/** A failed search counted, and the new count kept for the rest of the visit. */
const countedFailure = ["countFailure", keptCount] as const;

/** The count started again (a found plan, the method screen's Search), and kept so. */
const countReset = ["resetFailures", keptCount] as const;

/**
 * An answer of `searching` or `checking` with no challenge in it: plans found (the counter starts
 * again), or none (a failed search counted, and no-warranty-found).
 */
const searchOutcomes = [
  {
    guard: { type: "hasPlans", params: answeredPlans },
    target: "found",
    actions: [{ type: "storePlans", params: answeredPlans }, ...countReset],
  },
  { target: "notFound", actions: countedFailure },
] as const;

/** The API refused to search for now (HTTP 429): the screen says how long to wait; nothing counted. */
const pausedByApi = {
  guard: { type: "isRateLimited", params: refusal },
  target: "rateLimited",
  actions: { type: "storeRetryAfter", params: refusal },
} as const;

export const planSearchMachine = setup({
  types: {
    context: {} as PlanSearchContext,
    events: {} as PlanSearchEvent,
    input: {} as PlanSearchInput,
  },
  actors: {
    searchPlans: notProvided<SearchAnswer, PlanQuery>("searchPlans"),
    solveAndSearch: notProvided<SearchAnswer, ChallengedSearch>("solveAndSearch"),
    openPlan: notProvided<Plan[], PlanLink>("openPlan"),
  },
  actions: {
    saveQuery: (_, _params: { query: PlanQuery }) => {},
    forgetQuery: () => {},
    // Injected: keeps the count where the visit's storage is, so a reload goes on counting.
    keepFailedSearches: (_, _params: { failedSearches: number }) => {},
    rememberQuery: assign((_, params: { query: PlanQuery }) => ({ query: params.query })),
    clearQuery: assign({ query: null, plans: [] }),
    storePlans: assign((_, params: { plans: Plan[] }) => ({ plans: params.plans })),
    clearPlans: assign({ plans: [] }),
    countFailure: assign(({ context }) => ({ failedSearches: context.failedSearches + 1 })),
    resetFailures: assign({ failedSearches: 0 }),
    focusPlan: assign((_, params: { planId: number | null }) => ({ focusPlanId: params.planId })),
    storeRetryAfter: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { retryAfterSeconds: failure.kind === "rateLimited" ? failure.retryAfterSeconds : null };
    }),
    storeChallenge: assign((_, params: { answer: SearchAnswer }) => ({
      challenge: "challenge" in params.answer ? params.answer.challenge : null,
    })),
    countChallengeRound: assign(({ context }) => ({ challengeRounds: context.challengeRounds + 1 })),
    // Once a search has an outcome (or a new one starts) its challenge and rounds are done with.
    forgetChallenge: assign({ challengeRounds: 0, challenge: null }),
  },
  guards: {
    // The API refused to search for now (HTTP 429): not a failed search, so no try is counted.
    isRateLimited: (_, params: { error: unknown }) => failureOf(params.error).kind === "rateLimited",
    hasPlans: (_, params: { plans: Plan[] }) => params.plans.length > 0,
    // The API asks for a proof-of-work before it searches (HTTP 428).
    isChallenge: (_, params: { answer: SearchAnswer }) => "challenge" in params.answer,
    // Another challenge after a solved one (a proof refused: spent, expired or wrong), while fewer
    // than CHALLENGE_ROUNDS were solved for this search.
    isChallengeWithRoundsLeft: ({ context }, params: { answer: SearchAnswer }) =>
      "challenge" in params.answer && context.challengeRounds < CHALLENGE_ROUNDS,
    hasFoundPlans: ({ context }) => context.plans.length > 0,
    hasSavedQuery: ({ context }) => context.query !== null,
    // At the limit Contact Service replaces Try Again (SPEC.md section 4, "Plan-search try counter").
    hasReachedSearchLimit: ({ context }) => hasReachedSearchLimit(context.failedSearches),
    // An unknown plan type goes to no-warranty-found without a call (SPEC.md "Open plan by id").
    isKnownPlanType: (_, params: { link: PlanLink }) =>
      (LINK_PLAN_TYPES as readonly (string | null)[]).includes(params.link.planType),
  },
}).createMachine({
  id: "planSearch",
  context: ({ input }) => ({
    failedSearches: input.failedSearches ?? 0,
    focusPlanId: null,
    query: input.savedQuery,
    plans: [],
    retryAfterSeconds: null,
    challenge: null,
    challengeRounds: 0,
  }),
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
    "method.confirmed": { actions: countReset },
    "plan.open": [
      {
        guard: { type: "isKnownPlanType", params: ({ event }) => ({ link: event.link }) },
        target: ".openingPlan",
        actions: { type: "focusPlan", params: ({ event }) => ({ planId: event.link.planId }) },
      },
      { target: ".notFound", actions: countedFailure },
    ],
    "query.forget": { actions: ["clearQuery", "forgetQuery"] },
  },
  states: {
    // Nothing searched yet since the page loaded (a reload starts here, with the visit's counter).
    idle: {
      on: {
        "plans.requested": [{ guard: "hasSavedQuery", target: "searching" }, { target: "notFound" }],
      },
    },
    // A new search: nothing solved for it yet.
    searching: {
      entry: ["clearPlans", "forgetChallenge"],
      invoke: {
        id: "searchPlans",
        src: "searchPlans",
        input: ({ context }) => context.query!,
        onDone: [
          {
            guard: { type: "isChallenge", params: ({ event }) => ({ answer: event.output }) },
            target: "checking",
            actions: { type: "storeChallenge", params: ({ event }) => ({ answer: event.output }) },
          },
          ...searchOutcomes,
        ],
        // A failed call is a dead end for the consumer too: counted like an empty result, unless
        // the API only asked to wait.
        onError: [pausedByApi, { target: "notFound", actions: countedFailure }],
      },
    },
    // 'Checking…': the challenge is solved and the same search sent again with the proof. A fresh
    // challenge instead of an answer enters this state again, up to CHALLENGE_ROUNDS times.
    checking: {
      entry: "countChallengeRound",
      invoke: {
        id: "solveAndSearch",
        src: "solveAndSearch",
        input: ({ context }) => ({ query: context.query!, challenge: context.challenge! }),
        onDone: [
          {
            guard: { type: "isChallengeWithRoundsLeft", params: ({ event }) => ({ answer: event.output }) },
            target: "checking",
            reenter: true,
            actions: { type: "storeChallenge", params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: "isChallenge", params: ({ event }) => ({ answer: event.output }) },
            target: "checkFailed",
          },
          ...searchOutcomes,
        ],
        // The solver gave up or the call failed: nothing was searched for sure, so nothing counts.
        onError: [pausedByApi, { target: "checkFailed" }],
      },
    },
    // The check gave up (a solver failure, or CHALLENGE_ROUNDS refused proofs): a recoverable error
    // on the no-warranty-found screen. Try Again runs the same search afresh; nothing is counted.
    checkFailed: {
      entry: "forgetChallenge",
      on: { "search.retry": { guard: "hasSavedQuery", target: "searching" } },
    },
    // Loading the plan a link names; a plan of another customer counts as not found.
    openingPlan: {
      entry: ["clearPlans", "forgetChallenge"],
      invoke: {
        id: "openPlan",
        src: "openPlan",
        input: ({ event }) => (event as { link: PlanLink }).link,
        onDone: [
          {
            guard: { type: "hasPlans", params: ({ event }) => ({ plans: event.output }) },
            target: "found",
            actions: [{ type: "storePlans", params: ({ event }) => ({ plans: event.output }) }, ...countReset],
          },
          { target: "notFound", actions: countedFailure },
        ],
        onError: [pausedByApi, { target: "notFound", actions: countedFailure }],
      },
    },
    // Plans are on screen (select-plan).
    found: {
      entry: "forgetChallenge",
      on: {
        // Plans are only ever cleared together with the query (query.forget), so without plans
        // there is nothing to re-run.
        "plans.requested": [{ guard: "hasFoundPlans" }, { target: "notFound" }],
      },
    },
    // The API asked to wait (429): the no-warranty-found screen says for how long. Nothing is
    // counted; a new search or link leaves through the machine-wide events.
    rateLimited: { entry: "forgetChallenge" },
    // The no-warranty-found screen. Entered afresh on every failed search, so the offer is decided
    // again each time; plans.requested (select-plan after a reload) leaves it as it is.
    notFound: {
      entry: "forgetChallenge",
      initial: "tryAgainOffered",
      states: {
        // Fewer than 3 failed searches: Try Again goes back one page.
        tryAgainOffered: {
          always: { guard: "hasReachedSearchLimit", target: "contactServiceOffered" },
        },
        // 3 or more failed searches: Contact Service replaces Try Again.
        contactServiceOffered: {
          // The Search button on the method screen starts the count again.
          on: { "method.confirmed": { target: "tryAgainOffered", actions: countReset } },
        },
      },
    },
  },
});

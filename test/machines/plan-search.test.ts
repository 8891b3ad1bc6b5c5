/**
 * planSearchMachine: guards and helpers, then behaviour on real actors with a stubbed `searchPlans`
 * (SPEC.md sections 2 "Search outcome", 4 "Plan-search try counter", 8 "Plan load or search failure").
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { Plan, PlanQuery } from "../../machines/domain.ts";
import {
  CHALLENGE_ROUNDS,
  hasReachedSearchLimit,
  offersContactService,
  planSearchMachine,
  SEARCH_LIMIT,
  type ChallengedSearch,
  type PlanSearchInput,
  type SearchAnswer,
  type SearchChallenge,
} from "../../machines/plan-search.machine.ts";
import { emailQuery, plan, warrantyQuery } from "./support/domain-fixtures.ts";
import { guardOf } from "./support/actors.ts";
import { CallFailed } from "../../machines/outcomes.ts";

const context = (overrides: Partial<{ failedSearches: number; query: PlanQuery | null; plans: Plan[] }> = {}) => ({
  failedSearches: 0,
  query: null,
  plans: [],
  ...overrides,
});

describe("planSearch guards and helpers", () => {
  it("hasPlans: true only for a non-empty result", () => {
    const hasPlans = guardOf(planSearchMachine, "hasPlans");
    expect(hasPlans(context(), { plans: [plan(1)] })).toBe(true);
    expect(hasPlans(context(), { plans: [] })).toBe(false);
  });

  it("hasFoundPlans: true only when plans are held", () => {
    const hasFoundPlans = guardOf(planSearchMachine, "hasFoundPlans");
    expect(hasFoundPlans(context({ plans: [plan(1)] }))).toBe(true);
    expect(hasFoundPlans(context())).toBe(false);
  });

  it("hasSavedQuery: true only with a query", () => {
    const hasSavedQuery = guardOf(planSearchMachine, "hasSavedQuery");
    expect(hasSavedQuery(context({ query: warrantyQuery }))).toBe(true);
    expect(hasSavedQuery(context())).toBe(false);
  });

  it("hasReachedSearchLimit: Contact Service from 3 failed searches on", () => {
    expect(SEARCH_LIMIT).toBe(3);
    expect(hasReachedSearchLimit(0)).toBe(false);
    expect(hasReachedSearchLimit(2)).toBe(false);
    expect(hasReachedSearchLimit(3)).toBe(true);
    expect(hasReachedSearchLimit(4)).toBe(true);
  });

  it("hasReachedSearchLimit (the guard): reads the counter of the context", () => {
    const atLimit = guardOf(planSearchMachine, "hasReachedSearchLimit");
    expect(atLimit(context({ failedSearches: 0 }))).toBe(false);
    expect(atLimit(context({ failedSearches: 2 }))).toBe(false);
    expect(atLimit(context({ failedSearches: 3 }))).toBe(true);
    expect(atLimit(context({ failedSearches: 7 }))).toBe(true);
  });
});

/** A call the API paused (HTTP 429), as the API layer rejects with it: the seconds it asks to wait. */
function tooManyRequests(retryAfterSeconds: number) {
  return new CallFailed({ kind: "rateLimited", retryAfterSeconds });
}

/** A search's stub: plans found (the common case, written as a list), or a whole answer. */
type SearchImpl = (query: PlanQuery) => Promise<Plan[] | SearchAnswer>;
type SolveImpl = (search: ChallengedSearch) => Promise<Plan[] | SearchAnswer>;

const answerOf = (result: Plan[] | SearchAnswer): SearchAnswer => (Array.isArray(result) ? { plans: result } : result);

function start(
  search: SearchImpl,
  input: PlanSearchInput = { savedQuery: null },
  solve: SolveImpl = () => Promise.reject(new Error("no challenge expected")),
) {
  const searchPlans = vi.fn(search);
  const solveAndSearch = vi.fn(solve);
  const spies = { saveQuery: vi.fn(), forgetQuery: vi.fn(), keepFailedSearches: vi.fn() };
  const machine = planSearchMachine.provide({
    actors: {
      searchPlans: fromPromise<SearchAnswer, PlanQuery>(async ({ input: query }) => answerOf(await searchPlans(query))),
      solveAndSearch: fromPromise<SearchAnswer, ChallengedSearch>(async ({ input: challenged }) =>
        answerOf(await solveAndSearch(challenged)),
      ),
    },
    actions: spies,
  });
  const actor = createActor(machine, { input }).start();
  return { actor, searchPlans, solveAndSearch, ...spies };
}

const settled = (actor: ReturnType<typeof start>["actor"]) =>
  waitFor(actor, (snapshot) => !snapshot.matches("searching") && !snapshot.matches("checking"));

describe("planSearch behaviour", () => {
  it("a successful search stores the plans, shows them and resets the counter", async () => {
    const { actor, searchPlans, saveQuery } = start(async () => [plan(1), plan(2)]);
    actor.send({ type: "search.submit", query: warrantyQuery });
    expect(actor.getSnapshot().value).toBe("searching");
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
    expect(snapshot.context.plans.map((found) => found.id)).toEqual([1, 2]);
    expect(snapshot.context.query).toEqual(warrantyQuery);
    expect(searchPlans).toHaveBeenCalledWith(warrantyQuery);
    expect(saveQuery).toHaveBeenCalledTimes(1);
    expect(saveQuery.mock.calls[0]![1]).toEqual({ query: warrantyQuery });
    expect(snapshot.context.focusPlanId).toBeNull(); // select-plan preselects nothing itself
  });

  it("an empty result counts a failure and shows no-warranty-found", async () => {
    const { actor } = start(async () => []);
    actor.send({ type: "search.submit", query: emailQuery });
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ notFound: "tryAgainOffered" });
    expect(snapshot.context.failedSearches).toBe(1);
  });

  it("a rejected call counts a failure like an empty result", async () => {
    const { actor } = start(async () => {
      throw new Error("503");
    });
    actor.send({ type: "search.submit", query: warrantyQuery });
    const snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ notFound: "tryAgainOffered" });
    expect(snapshot.context.failedSearches).toBe(1);
  });

  it("a 429 pauses the search: rateLimited with the wait, nothing counted, and a later search runs", async () => {
    const answers: Array<() => Promise<Plan[]>> = [
      async () => {
        throw tooManyRequests(540);
      },
      async () => [plan(1)],
    ];
    const { actor } = start(() => answers.shift()!());
    actor.send({ type: "search.submit", query: warrantyQuery });
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe("rateLimited");
    expect(snapshot.context.retryAfterSeconds).toBe(540);
    expect(snapshot.context.failedSearches).toBe(0);
    actor.send({ type: "search.submit", query: warrantyQuery });
    snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
  });

  it("failures add up to the limit, and a success resets the counter", async () => {
    const answers: Array<() => Promise<Plan[]>> = [
      async () => [],
      async () => {
        throw new Error("down");
      },
      async () => [],
      async () => [plan(1)],
    ];
    const { actor } = start(() => answers.shift()!());
    for (const [expected, offer] of [
      [1, "tryAgainOffered"],
      [2, "tryAgainOffered"],
      [3, "contactServiceOffered"],
    ] as const) {
      actor.send({ type: "search.submit", query: warrantyQuery });
      const snapshot = await settled(actor);
      expect(snapshot.context.failedSearches).toBe(expected);
      expect(snapshot.value).toEqual({ notFound: offer });
    }
    expect(hasReachedSearchLimit(actor.getSnapshot().context.failedSearches)).toBe(true);
    actor.send({ type: "search.submit", query: warrantyQuery });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
    expect(snapshot.context.failedSearches).toBe(0);
  });

  it("method.confirmed (the Search button on the method screen) resets the counter", async () => {
    const { actor } = start(async () => []);
    for (let i = 0; i < 2; i++) {
      actor.send({ type: "search.submit", query: warrantyQuery });
      await settled(actor);
    }
    expect(actor.getSnapshot().context.failedSearches).toBe(2);
    actor.send({ type: "method.confirmed" });
    expect(actor.getSnapshot().context.failedSearches).toBe(0);
    expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
  });

  it("method.confirmed at the limit offers Try Again again, and the count starts afresh", async () => {
    const { actor } = start(async () => []);
    for (let i = 0; i < SEARCH_LIMIT; i++) {
      actor.send({ type: "search.submit", query: warrantyQuery });
      await settled(actor);
    }
    expect(actor.getSnapshot().value).toEqual({ notFound: "contactServiceOffered" });
    actor.send({ type: "method.confirmed" });
    expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
    expect(actor.getSnapshot().context.failedSearches).toBe(0);
    actor.send({ type: "search.submit", query: warrantyQuery });
    expect((await settled(actor)).value).toEqual({ notFound: "tryAgainOffered" });
  });

  it("a counter carried in from the visit (a reload) goes on counting, and still resets on success and on the method screen", async () => {
    const answers: Array<() => Promise<Plan[]>> = [async () => [], async () => [plan(1)]];
    const { actor } = start(() => answers.shift()!(), { savedQuery: null, failedSearches: SEARCH_LIMIT - 1 });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.failedSearches).toBe(SEARCH_LIMIT - 1);
    actor.send({ type: "search.submit", query: warrantyQuery });
    let snapshot = await settled(actor);
    expect(snapshot.value).toEqual({ notFound: "contactServiceOffered" });
    actor.send({ type: "search.submit", query: warrantyQuery });
    snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
    expect(snapshot.context.failedSearches).toBe(0);

    const restored = start(async () => [], { savedQuery: null, failedSearches: SEARCH_LIMIT + 4 }).actor;
    restored.send({ type: "method.confirmed" });
    expect(restored.getSnapshot().context.failedSearches).toBe(0);
  });

  it("keepFailedSearches gets the new count wherever it changes: a failure, a link that finds nothing, a found plan, the method screen's Search", async () => {
    const answers: Array<() => Promise<Plan[]>> = [
      async () => [],
      async () => [],
      async () => [],
      async () => [plan(1)],
    ];
    const { actor, keepFailedSearches } = start(() => answers.shift()!(), { savedQuery: null, failedSearches: 1 });
    const kept = () =>
      keepFailedSearches.mock.calls.map((call) => (call[1] as { failedSearches: number }).failedSearches);
    expect(kept()).toEqual([]); // the carried count is already kept
    actor.send({ type: "search.submit", query: warrantyQuery });
    await settled(actor);
    actor.send({ type: "search.submit", query: warrantyQuery });
    await settled(actor);
    actor.send({ type: "plan.open", link: { planId: 1, customerId: 10, planType: "GOLD" } });
    expect(kept()).toEqual([2, 3, 4]);
    expect(actor.getSnapshot().context.failedSearches).toBe(4);
    actor.send({ type: "method.confirmed" });
    expect(kept()).toEqual([2, 3, 4, 0]);
    actor.send({ type: "search.submit", query: warrantyQuery });
    await settled(actor);
    actor.send({ type: "search.submit", query: warrantyQuery });
    expect((await settled(actor)).value).toBe("found");
    expect(kept()).toEqual([2, 3, 4, 0, 1, 0]);
  });

  it("offersContactService says what no-warranty-found offers: as notFound decides, and from the carried count before any search (a reload)", async () => {
    for (let carried = 0; carried <= SEARCH_LIMIT + 1; carried++) {
      const reloaded = start(async () => [], { savedQuery: null, failedSearches: carried }).actor;
      expect(reloaded.getSnapshot().value).toBe("idle");
      expect(offersContactService(reloaded.getSnapshot()), `carried ${carried}`).toBe(carried >= SEARCH_LIMIT);
    }
    const { actor } = start(async () => []);
    expect(offersContactService(actor.getSnapshot())).toBe(false);
    for (let i = 1; i <= SEARCH_LIMIT + 1; i++) {
      actor.send({ type: "search.submit", query: warrantyQuery });
      const snapshot = await settled(actor);
      expect(offersContactService(snapshot), `failure ${i}`).toBe(i >= SEARCH_LIMIT);
      expect(
        snapshot.matches({ notFound: i >= SEARCH_LIMIT ? "contactServiceOffered" : "tryAgainOffered" }),
        `failure ${i}`,
      ).toBe(true);
    }
    actor.send({ type: "method.confirmed" });
    expect(offersContactService(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ notFound: "tryAgainOffered" })).toBe(true);
  });

  it("a new visit holds no plans until a search answers, so select-plan shows 'Loading your plans…'", () => {
    const { actor } = start(async () => [plan(1)], { savedQuery: warrantyQuery });
    expect(actor.getSnapshot().context.plans).toEqual([]);
  });

  it("without a carried counter the visit starts at zero", () => {
    expect(start(async () => []).actor.getSnapshot().context.failedSearches).toBe(0);
  });

  it("past the limit every further failure still offers Contact Service", async () => {
    const { actor } = start(async () => []);
    for (let i = 0; i < SEARCH_LIMIT + 2; i++) {
      actor.send({ type: "search.submit", query: warrantyQuery });
      await settled(actor);
    }
    expect(actor.getSnapshot().context.failedSearches).toBe(SEARCH_LIMIT + 2);
    expect(actor.getSnapshot().value).toEqual({ notFound: "contactServiceOffered" });
  });

  it("plans.requested on arrival re-runs the saved query", async () => {
    const { actor, searchPlans, saveQuery } = start(async () => [plan(3)], { savedQuery: emailQuery });
    actor.send({ type: "plans.requested" });
    const snapshot = await settled(actor);
    expect(searchPlans).toHaveBeenCalledWith(emailQuery);
    expect(snapshot.value).toBe("found");
    expect(saveQuery).not.toHaveBeenCalled();
  });

  it("plans.requested on arrival without a saved query goes to no-warranty-found without searching", () => {
    const { actor, searchPlans } = start(async () => [plan(3)]);
    actor.send({ type: "plans.requested" });
    expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
    expect(searchPlans).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.failedSearches).toBe(0);
  });

  it("plans.requested with plans on screen searches nothing again", async () => {
    const { actor, searchPlans } = start(async () => [plan(3)]);
    actor.send({ type: "search.submit", query: warrantyQuery });
    await settled(actor);
    actor.send({ type: "plans.requested" });
    expect(actor.getSnapshot().value).toBe("found");
    expect(searchPlans).toHaveBeenCalledTimes(1);
  });

  // select-plan's route then redirects to no-warranty-found again.
  it("plans.requested on no-warranty-found stays there, counting nothing", async () => {
    const { actor, searchPlans } = start(async () => []);
    actor.send({ type: "search.submit", query: warrantyQuery });
    await settled(actor);
    actor.send({ type: "plans.requested" });
    expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
    expect(actor.getSnapshot().context.failedSearches).toBe(1);
    expect(searchPlans).toHaveBeenCalledTimes(1);
  });

  it("query.forget clears the saved search and the plans", async () => {
    const { actor, forgetQuery } = start(async () => [plan(3)], { savedQuery: emailQuery });
    actor.send({ type: "plans.requested" });
    await settled(actor);
    actor.send({ type: "query.forget" });
    expect(forgetQuery).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ query: null, plans: [] });
    actor.send({ type: "plans.requested" });
    expect(actor.getSnapshot().matches("notFound")).toBe(true);
  });

  it("a new search while one runs replaces it: only the latest answer counts", async () => {
    const answers = new Map<string, (plans: Plan[]) => void>();
    const { actor, searchPlans } = start((query) => new Promise<Plan[]>((resolve) => answers.set(query.by, resolve)));
    actor.send({ type: "search.submit", query: warrantyQuery });
    actor.send({ type: "search.submit", query: emailQuery });
    expect(searchPlans).toHaveBeenCalledTimes(2);
    answers.get("warrantyNumber")!([]);
    answers.get("email")!([plan(9)]);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
    expect(snapshot.context.plans.map((found) => found.id)).toEqual([9]);
    expect(snapshot.context.failedSearches).toBe(0);
  });
});

/** A challenge as the API layer hands it over; the machine only passes it on. */
const challenge = (nonce: string): SearchChallenge => ({ parameters: { nonce } });

describe("planSearch asked for a proof-of-work (HTTP 428)", () => {
  it("challenge -> solved -> found: checks once, sends the same search with the challenge, shows the plans", async () => {
    const { actor, searchPlans, solveAndSearch } = start(
      async () => ({ challenge: challenge("a") }),
      undefined,
      async () => [plan(1)],
    );
    actor.send({ type: "search.submit", query: warrantyQuery });
    await waitFor(actor, (snapshot) => snapshot.matches("checking"));
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
    expect(snapshot.context.plans.map((found) => found.id)).toEqual([1]);
    expect(searchPlans).toHaveBeenCalledTimes(1);
    expect(solveAndSearch).toHaveBeenCalledTimes(1);
    expect(solveAndSearch).toHaveBeenCalledWith({ query: warrantyQuery, challenge: challenge("a") });
    expect(snapshot.context.failedSearches).toBe(0);
  });

  it("a refused proof brings a fresh challenge, solved in turn, and that search finds the plan", async () => {
    const answers: SearchAnswer[] = [{ challenge: challenge("b") }, { plans: [plan(2)] }];
    const { actor, solveAndSearch } = start(
      async () => ({ challenge: challenge("a") }),
      undefined,
      async () => answers.shift()!,
    );
    actor.send({ type: "search.submit", query: warrantyQuery });
    expect((await settled(actor)).value).toBe("found");
    expect(solveAndSearch.mock.calls.map(([search]) => search.challenge)).toEqual([challenge("a"), challenge("b")]);
  });

  it(`challenge -> solved -> 428 again ... gives up after ${CHALLENGE_ROUNDS} solves: checkFailed, nothing counted, Try Again searches afresh`, async () => {
    let round = 0;
    const solve = vi.fn<SolveImpl>(async () => ({ challenge: challenge(`again ${++round}`) }));
    const { actor, searchPlans, solveAndSearch } = start(
      async () => ({ challenge: challenge("first") }),
      undefined,
      (search) => solve(search),
    );
    actor.send({ type: "search.submit", query: emailQuery });
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe("checkFailed");
    expect(CHALLENGE_ROUNDS).toBeGreaterThanOrEqual(2);
    expect(solveAndSearch).toHaveBeenCalledTimes(CHALLENGE_ROUNDS);
    // Each solve gets the challenge of the answer before it.
    expect(solveAndSearch.mock.calls.map(([search]) => search.challenge)).toEqual([
      challenge("first"),
      ...Array.from({ length: CHALLENGE_ROUNDS - 1 }, (_, i) => challenge(`again ${i + 1}`)),
    ]);
    expect(snapshot.context.failedSearches).toBe(0);

    // Try Again: the same search from the start, with rounds of its own.
    solve.mockImplementation(async () => ({ plans: [plan(7)] }));
    actor.send({ type: "search.retry" });
    snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
    expect(searchPlans).toHaveBeenCalledTimes(2);
    expect(searchPlans).toHaveBeenLastCalledWith(emailQuery);
  });

  it("a solver that fails gives up at once in checkFailed, counting nothing", async () => {
    const { actor, solveAndSearch } = start(
      async () => ({ challenge: challenge("a") }),
      undefined,
      async () => {
        throw new Error("The challenge was not solved in time");
      },
    );
    actor.send({ type: "search.submit", query: warrantyQuery });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("checkFailed");
    expect(solveAndSearch).toHaveBeenCalledTimes(1);
    expect(snapshot.context.failedSearches).toBe(0);
  });

  it("a checked search that finds nothing counts one failure; one the API pauses goes to rateLimited", async () => {
    const empty = start(
      async () => ({ challenge: challenge("a") }),
      undefined,
      async () => [],
    );
    empty.actor.send({ type: "search.submit", query: warrantyQuery });
    const notFound = await settled(empty.actor);
    expect(notFound.value).toEqual({ notFound: "tryAgainOffered" });
    expect(notFound.context.failedSearches).toBe(1);

    const paused = start(
      async () => ({ challenge: challenge("a") }),
      undefined,
      async () => {
        throw tooManyRequests(60);
      },
    );
    paused.actor.send({ type: "search.submit", query: warrantyQuery });
    const rateLimited = await settled(paused.actor);
    expect(rateLimited.value).toBe("rateLimited");
    expect(rateLimited.context.failedSearches).toBe(0);
  });

  it("a new search while checking replaces the check, and its own rounds start from none", async () => {
    let finishSolve!: (answer: SearchAnswer) => void;
    const { actor } = start(
      async (query) => (query.by === "email" ? [plan(3)] : { challenge: challenge("a") }),
      undefined,
      () => new Promise<SearchAnswer>((resolve) => (finishSolve = resolve)),
    );
    actor.send({ type: "search.submit", query: warrantyQuery });
    await waitFor(actor, (snapshot) => snapshot.matches("checking"));
    expect(actor.getSnapshot().context.challengeRounds).toBe(1);
    actor.send({ type: "search.submit", query: emailQuery });
    finishSolve({ plans: [plan(1)] });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe("found");
    expect(snapshot.context.plans.map((found) => found.id)).toEqual([3]);
    expect(snapshot.context.challengeRounds).toBe(0);
  });

  it("search.retry does nothing outside checkFailed", async () => {
    const { actor, searchPlans } = start(async () => []);
    actor.send({ type: "search.submit", query: warrantyQuery });
    await settled(actor);
    actor.send({ type: "search.retry" });
    expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
    expect(searchPlans).toHaveBeenCalledTimes(1);
  });
});

describe("planSearch opening a plan by link", () => {
  const start = (
    openPlan: (link: { planId: number; customerId: number | null; planType: string | null }) => Promise<Plan[]>,
  ) => {
    const opened = vi.fn(openPlan);
    const actor = createActor(
      planSearchMachine.provide({
        actors: { openPlan: fromPromise(({ input }) => opened(input)) },
      }),
      { input: { savedQuery: null } satisfies PlanSearchInput },
    ).start();
    return { actor, opened };
  };

  it("isKnownPlanType: FPP and ACE open, anything else does not", () => {
    const isKnown = guardOf(planSearchMachine, "isKnownPlanType");
    for (const planType of ["FPP", "ACE"])
      expect(isKnown({ ...context(), focusPlanId: null }, { link: { planId: 1, customerId: 2, planType } })).toBe(true);
    for (const planType of ["fpp", "LEGACY", "", null])
      expect(isKnown({ ...context(), focusPlanId: null }, { link: { planId: 1, customerId: 2, planType } })).toBe(
        false,
      );
  });

  it("loads the linked plan and shows it preselected", async () => {
    const { actor, opened } = start(async () => [plan(41)]);
    actor.send({ type: "plan.open", link: { planId: 41, customerId: 7, planType: "ACE" } });
    await waitFor(actor, (snapshot) => snapshot.matches("found"));
    expect(opened).toHaveBeenCalledWith({ planId: 41, customerId: 7, planType: "ACE" });
    expect(actor.getSnapshot().context.focusPlanId).toBe(41); // the route preselects it
    expect(actor.getSnapshot().context.plans.map((found) => found.id)).toEqual([41]);
  });

  it("goes to no-warranty-found for an unknown type without calling, and counts it", () => {
    const { actor, opened } = start(async () => [plan(41)]);
    actor.send({ type: "plan.open", link: { planId: 41, customerId: 7, planType: "WARRANTY" } });
    expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
    expect(opened).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.failedSearches).toBe(1);
  });

  it("goes to no-warranty-found on an empty result or a failed call", async () => {
    for (const openPlan of [async () => [], async () => Promise.reject(new Error("500"))]) {
      const { actor } = start(openPlan);
      actor.send({ type: "plan.open", link: { planId: 41, customerId: 7, planType: "FPP" } });
      await waitFor(actor, (snapshot) => snapshot.matches("notFound"));
      expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
      expect(actor.getSnapshot().context.failedSearches).toBe(1);
    }
  });

  it("each bad link is one failed search: the third offers Contact Service", () => {
    const { actor } = start(async () => [plan(41)]);
    const badLink = { type: "plan.open", link: { planId: 41, customerId: 7, planType: "GOLD" } } as const;
    actor.send(badLink);
    actor.send(badLink);
    expect(actor.getSnapshot().value).toEqual({ notFound: "tryAgainOffered" });
    actor.send(badLink);
    expect(actor.getSnapshot().value).toEqual({ notFound: "contactServiceOffered" });
    expect(actor.getSnapshot().context.failedSearches).toBe(3);
  });

  it("a later search no longer preselects the linked plan", async () => {
    const actor = createActor(
      planSearchMachine.provide({
        actors: {
          openPlan: fromPromise(async () => [plan(41)]),
          searchPlans: fromPromise<SearchAnswer, PlanQuery>(async () => ({ plans: [plan(5)] })),
        },
      }),
      { input: { savedQuery: null } },
    ).start();
    actor.send({ type: "plan.open", link: { planId: 41, customerId: 7, planType: "FPP" } });
    await waitFor(actor, (snapshot) => snapshot.matches("found"));
    actor.send({ type: "search.submit", query: warrantyQuery });
    await waitFor(actor, (snapshot) => snapshot.matches("found") && snapshot.context.plans[0]?.id === 5);
    expect(actor.getSnapshot().context.focusPlanId).toBeNull();
  });
});

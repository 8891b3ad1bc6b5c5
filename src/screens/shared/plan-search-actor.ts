/**
 * The one planSearch actor of the app (DESIGN.md "Machines that outlive one screen"): created once
 * outside React by `createPlanSearch()`, when the router context (router-context.ts) is first
 * asked for it, so its try counter and found plans outlive each screen. Routes orchestrate it in
 * `beforeLoad` (send, `settledPlanSearch`, redirect); screens read it with `usePlanSearch()` and
 * narrow `useSelector`s and send only what the person did. Storage and the API are injected here.
 */
import { useRouteContext } from "@tanstack/react-router";
import { createActor, fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Plan, PlanQuery } from "../../../machines/domain.ts";
import {
  planSearchMachine,
  type ChallengedSearch,
  type PlanLink,
  type SearchAnswer,
} from "../../../machines/plan-search.machine.ts";
import { openPlanLink } from "../../api/plan-links.ts";
import { searchPlans } from "../../api/plans.ts";
import { solveSearchChallenge } from "../../api/search-challenge.ts";
import { clearSearchInfo, loadSearchInfo, saveSearchInfo } from "../../lib/search-info.ts";
import { loadFailedSearches, saveFailedSearches } from "../../lib/try-counter.ts";
import { inspect } from "../../inspect.ts";

/** The app's planSearch actor, as the router context holds it. */
export type PlanSearchActorRef = ActorRefFrom<typeof planSearchMachine>;

/** The plan a link names, when the API opens it for the link's customer and type; else none. */
async function openPlan(link: PlanLink): Promise<Plan[]> {
  if (link.customerId === null || link.planType === null) return [];
  const plan = await openPlanLink({ planId: link.planId, customerId: link.customerId, planType: link.planType });
  return plan ? [plan] : [];
}

/**
 * Starts the planSearch actor with the real API, the saved searchInfo (SPEC.md section 3), so a
 * reload of select-plan can re-run the last search, and the visit's try counter (SPEC.md section
 * 4), so a reload of no-warranty-found offers what it offered before. The machine calls
 * `keepFailedSearches` wherever the counter changes (a failure counted, a reset on success or on
 * the method screen's Search), and it is kept in session storage for the rest of the visit. Call
 * once per app (or per rendered test app).
 */
export function createPlanSearch(): PlanSearchActorRef {
  const logic = planSearchMachine.provide({
    actors: {
      searchPlans: fromPromise<SearchAnswer, PlanQuery>(({ input }) => searchPlans(input)),
      // The proof-of-work the API asked for, solved in workers, then the same search with its proof.
      solveAndSearch: fromPromise<SearchAnswer, ChallengedSearch>(async ({ input }) =>
        searchPlans(input.query, await solveSearchChallenge(input.challenge)),
      ),
      openPlan: fromPromise<Plan[], PlanLink>(({ input }) => openPlan(input)),
    },
    actions: {
      saveQuery: (_, params) => saveSearchInfo(params.query),
      forgetQuery: () => clearSearchInfo(),
      keepFailedSearches: (_, params) => saveFailedSearches(params.failedSearches),
    },
  });
  return createActor(logic, {
    input: { savedQuery: loadSearchInfo(), failedSearches: loadFailedSearches() },
    inspect,
  }).start();
}

/**
 * Resolves with the actor's snapshot once it rests in `found`, `notFound`, `rateLimited` or
 * `checkFailed` (at once when it already does): the outcome a route redirects on after sending
 * `plan.open` or `plans.requested`.
 */
export function settledPlanSearch(planSearch: PlanSearchActorRef): Promise<SnapshotFrom<typeof planSearchMachine>> {
  return waitFor(planSearch, (snapshot) => snapshot.matches("found") || foundNothing(snapshot));
}

/**
 * True when a search came to rest without plans, `notFound`, `rateLimited` or `checkFailed`: the
 * route goes on to no-warranty-found, which says which.
 */
export function foundNothing(snapshot: SnapshotFrom<typeof planSearchMachine>): boolean {
  return snapshot.matches("notFound") || snapshot.matches("rateLimited") || snapshot.matches("checkFailed");
}

/** True while the API's proof-of-work is solved and the search sent again with it ('Checking…'). */
export function isChecking(snapshot: SnapshotFrom<typeof planSearchMachine>): boolean {
  return snapshot.matches("checking");
}
/**
 * The app's planSearch actor, from the router context (made on first use); read it with
 * `useSelector`.
 */
export function usePlanSearch(): PlanSearchActorRef {
  return useRouteContext({ from: "__root__", select: (context) => context.planSearch() });
}

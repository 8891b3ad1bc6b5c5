/**
 * Where the router context keeps the app's planSearch actor (DESIGN.md "Machines that outlive one
 * screen") without loading it on the welcome screen (issue 12): the machine, the plans client and
 * the API contract arrive with the first route that searches. Such a route awaits `get()` in its
 * beforeLoad; its screens then read the actor with `usePlanSearch()` (plan-search-actor.ts).
 * Only types are imported here, so this module costs the welcome route nothing.
 */
import type { PlanSearchActorRef } from "./plan-search-actor.ts";

export interface PlanSearchSlot {
  /** The actor, made on the first call (its code loaded then); the same one ever after. */
  get(): Promise<PlanSearchActorRef>;
  /**
   * The actor once `get()` has resolved.
   * @throws Error when a route rendered a plan-search screen without awaiting `get()` first
   */
  current(): PlanSearchActorRef;
}

/** What routes get in their context (`createRootRouteWithContext<RouterContext>()`). */
export interface RouterContext {
  planSearch: PlanSearchSlot;
}

/** One slot per app (src/main.tsx), or per rendered test app. */
export function createPlanSearchSlot(): PlanSearchSlot {
  let actor: PlanSearchActorRef | null = null;
  let loading: Promise<PlanSearchActorRef> | null = null;
  return {
    get: () =>
      (loading ??= import("./plan-search-actor.ts").then((module) => {
        actor = module.createPlanSearch();
        return actor;
      })),
    current: () => {
      if (!actor) throw new Error("planSearch is not loaded: the route must await context.planSearch.get() in beforeLoad");
      return actor;
    },
  };
}

/** beforeLoad of a route whose screens use the planSearch actor: loads it before they render. */
export async function loadPlanSearch({ context }: { context: RouterContext }): Promise<void> {
  await context.planSearch.get();
}

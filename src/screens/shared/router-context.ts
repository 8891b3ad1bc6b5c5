/**
 * Where the router context keeps the app's planSearch actor (DESIGN.md "Machines that outlive one
 * screen"), made on first use. A route whose screens read it awaits `get()` in its beforeLoad or
 * loader; its screens then read the actor with `usePlanSearch()` (plan-search-actor.ts). Who makes
 * the actor is given: the app's entry (src/main.tsx) hands over `createPlanSearch`, so its code is
 * in the app's shell, which every app screen needs (the welcome page has an entry of its
 * own); the build-time prerender hands over one that never runs.
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

/**
 * One slot per app (src/main.tsx), or per rendered test app.
 * @param create makes and starts the actor, on the first `get()` (`createPlanSearch` for the app)
 */
export function createPlanSearchSlot(create: () => PlanSearchActorRef): PlanSearchSlot {
  let actor: PlanSearchActorRef | null = null;
  return {
    get: async () => (actor ??= create()),
    current: () => {
      if (!actor) throw new Error("planSearch is not loaded: the route must await context.planSearch.get() in beforeLoad or loader");
      return actor;
    },
  };
}

/** beforeLoad of a route whose screens use the planSearch actor: loads it before they render. */
export async function loadPlanSearch({ context }: { context: RouterContext }): Promise<void> {
  await context.planSearch.get();
}

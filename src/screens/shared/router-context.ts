/**
 * The router context (DESIGN.md "Machines that outlive one screen"): the app's planSearch actor,
 * made on the first call, so its try counter and found plans outlive each screen and a page that
 * never searches (a claim step) never makes it. Routes call `context.planSearch()` in beforeLoad;
 * screens read it with `usePlanSearch()` (plan-search-actor.ts).
 */
import type { ServerCalls } from "../../api/http.ts";
import type { PlanSearchActorRef } from "./plan-search-actor.ts";

/** What routes get in their context (`createRootRouteWithContext<RouterContext>()`). */
export interface RouterContext {
  /** The app's one planSearch actor, started on the first call; the same one ever after. */
  planSearch: () => PlanSearchActorRef;
  /**
   * On the server, rendering a claim's step for its owner (src/welcome/render.tsx): the claims API
   * as the visitor, which the wizard routes' loaders load the claim through.
   */
  serverCalls?: ServerCalls;
}

/** `create` called once, on the first call of the returned function; what it made ever after. */
export function onFirstUse<T>(create: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: create() }).value;
}

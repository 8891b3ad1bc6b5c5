/**
 * Entry: language, the app's planSearch actor in the router context, router, toaster and providers
 * (src/app-root.tsx). A page the server sent prerendered (scripts/prerender-app.tsx) is
 * already painted: the app loads its first route, then hydrates that markup rather than replacing
 * it, so nothing flickers and the first paint needed no script.
 */
import { startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppRoot, createAppRouter, PENDING_VIEW_AFTER_MS, type AppRouter } from "./app-root.tsx";
import { recordEarlyInput } from "./early-input.ts";
import { activateLocale, detectLocale, i18n } from "./i18n.ts";
import { createPlanSearch } from "./screens/shared/plan-search-actor.ts";
import { createPlanSearchSlot } from "./screens/shared/plan-search-slot.ts";
import { ROUTE_LOAD_TIMEOUT_MS } from "./ui/LoadWatchdog.tsx";
import "./styles.css";

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

/**
 * "loaded" once the first route's code and data are in; "failed" when they did not load; "too
 * slow" when `limitMs` passed first.
 */
function firstRouteLoaded(router: AppRouter, limitMs: number): Promise<"loaded" | "failed" | "too slow"> {
  return Promise.race([
    router.load().then(
      () => (router.state.matches.every((match) => match.status === "success") ? "loaded" : "failed"),
      () => "failed" as const,
    ),
    new Promise<"too slow">((resolve) => window.setTimeout(() => resolve("too slow"), limitMs)),
  ]);
}

/** Calls `onCommit` once, after its children's first commit (the end of hydration, or of the first render). */
function AfterCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(() => onCommit(), [onCommit]);
  return children;
}

const container = document.getElementById("root")!;
const locale = detectLocale();
const prerendered = container.dataset.prerendered === locale && container.dataset.path === window.location.pathname;
// From the first script, so a choice made while the app loads is told to it once hydrated.
const early = recordEarlyInput(container);

/**
 * Makes the router and renders the app once its language is in (and, for a prerendered page, its
 * first route), hydrating the page's markup when it can. A function, not top-level await: the
 * entry's chunk and the app shell's import each other, and a module awaiting at its top level in
 * such a cycle would hold every route chunk that imports the shell until it finished, which waits
 * on a route.
 */
async function start(): Promise<void> {
  // The router is made, and the first route's code and calls started, in a task of its own rather
  // than in the one that ran every module of the shell: on a slow phone neither then blocks a tap
  // for long (Total Blocking Time). One yield only: a second, before the first route's
  // load, made Lighthouse's LCP on step 4 later by some 400 ms.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createAppRouter(createPlanSearchSlot(createPlanSearch));
  // The first page's screen code downloads while its language's catalog does, not after it: the
  // router would ask for it only once it renders. Its data still loads through the route.
  for (const route of router.getMatchedRoutes(window.location.pathname)[0]) void (route.options.component as { preload?: () => Promise<void> } | undefined)?.preload?.();
  // A page the server prerendered hydrates its markup once its first route is in (up to the route
  // load limit, SPEC.md section 9). Any other page waits for its first route too, but only as long
  // as the router waits before it shows a route's pending view: the page then appears whole, in
  // one render that React splits into short tasks, instead of a frame and then, in one long
  // synchronous render as the route resolves, its content (Total Blocking Time).
  const firstRouteLimitMs = prerendered ? ROUTE_LOAD_TIMEOUT_MS : PENDING_VIEW_AFTER_MS;
  const waitStarted = performance.now();
  const [, firstRoute] = await Promise.all([activateLocale(locale), firstRouteLoaded(router, firstRouteLimitMs)]);
  // The route load limit counts from here, not from the first render.
  const app = <AppRoot router={router} i18n={i18n} firstPageWaitedMs={performance.now() - waitStarted} />;
  if (prerendered && firstRoute === "loaded") {
    // As a transition, hydration yields to the browser between pieces: the page is already painted,
    // and a phone stays responsive to a tap meanwhile.
    startTransition(() => void hydrateRoot(container, <AfterCommit onCommit={early.replay}>{app}</AfterCommit>));
  } else {
    // The page is drawn anew (a prerendered one's early choices are gone with its markup; this only
    // stops recording).
    startTransition(() => createRoot(container).render(<AfterCommit onCommit={early.replay}>{app}</AfterCommit>));
  }
}

void start();

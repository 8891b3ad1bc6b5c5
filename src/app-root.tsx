/**
 * The app: its router, with the app's planSearch actor in the router context, and the element
 * tree around it. The entry (src/main.tsx) makes both; the screen tests make the same router.
 */
import type { I18n } from "@lingui/core";
import { createRouter, RouterProvider, type RouterHistory } from "@tanstack/react-router";
import { RouterClient } from "@tanstack/react-router/ssr/client";
import { StrictMode } from "react";
import { routeTree } from "./routeTree.gen.ts";
import { ErrorPage } from "./ui/ErrorPage.tsx";
import { LanguageProvider } from "./ui/LanguageProvider.tsx";
import { createPlanSearch, type PlanSearchActorRef } from "./screens/shared/plan-search-actor.ts";
import { onFirstUse } from "./screens/shared/router-context.ts";
import type { ServerCalls } from "./api/http.ts";
import { FirstPageWatchdog } from "./ui/LoadWatchdog.tsx";
import { PageLoading } from "./ui/PageLoading.tsx";

/** How a router is made: see createAppRouter. */
export interface AppRouterOptions {
  history?: RouterHistory;
  planSearch?: () => PlanSearchActorRef;
  serverCalls?: ServerCalls;
}

/**
 * The app's router. Every route falls back to the error page, and to a loading line while it loads
 * past the router's pending time.
 * @param options.history the browser's by default; a memory history in tests
 * @param options.planSearch the app's planSearch actor, made on first use (a fresh one per router by default)
 * @param options.serverCalls on the server, the claims API as the visitor whose claim's step it renders (RouterContext)
 */
export function createAppRouter({
  history,
  planSearch = onFirstUse(createPlanSearch),
  serverCalls,
}: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    context: { planSearch, serverCalls },
    history,
    defaultErrorComponent: ({ error }) => <ErrorPage error={error} />,
    scrollRestoration: true,
    defaultPendingComponent: PageLoading,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The app's element tree: strict mode, the active Lingui catalog, the first page's load limit, the
 * router.
 * @param hydrate the page's HTML holds this tree rendered at build time (src/welcome/render.tsx
 *   renderAppPage): TanStack Router's RouterClient takes the router's state from the page and
 *   draws the route the HTML shows, so React hydrates that HTML instead of replacing it
 */
export function AppRoot({ router, i18n, hydrate = false }: { router: AppRouter; i18n: I18n; hydrate?: boolean }) {
  return (
    <StrictMode>
      <LanguageProvider i18n={i18n}>
        <FirstPageWatchdog router={router}>
          {hydrate ? <RouterClient router={router} /> : <RouterProvider router={router} />}
        </FirstPageWatchdog>
      </LanguageProvider>
    </StrictMode>
  );
}

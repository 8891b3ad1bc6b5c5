/**
 * The app as both its entry (src/main.tsx) and the build-time prerender of its first screens
 * (scripts/prerender-app.tsx) make it: the router with the planSearch slot in its context, and the
 * element tree around it. One source, so a prerendered page and the hydrating app render the same
 * markup.
 */
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createRouter, RouterProvider, type RouterHistory } from "@tanstack/react-router";
import { StrictMode } from "react";
import { routeTree } from "./routeTree.gen.ts";
import { ErrorPage } from "./ui/ErrorPage.tsx";
import type { PlanSearchSlot } from "./screens/shared/plan-search-slot.ts";
import { FirstPageWatchdog } from "./ui/LoadWatchdog.tsx";
import { PageLoading } from "./ui/PageLoading.tsx";

/**
 * How long a route may load before the router shows its pending view, in milliseconds (TanStack
 * Router's own default, named because src/main.tsx waits as long for the first page's route).
 */
export const PENDING_VIEW_AFTER_MS = 1000;

/**
 * The app's router. Every route falls back to the error page, and to a loading line while it loads
 * past the pending time.
 */
export function createAppRouter(planSearch: PlanSearchSlot, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { planSearch },
    history,
    defaultErrorComponent: ({ error }) => <ErrorPage error={error} />,
    scrollRestoration: true,
    defaultPendingMs: PENDING_VIEW_AFTER_MS,
    defaultPendingComponent: PageLoading,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** @param firstPageWaitedMs how long the first route had been loading when the app rendered, in milliseconds */
export function AppRoot({ router, i18n, firstPageWaitedMs = 0 }: { router: AppRouter; i18n: I18n; firstPageWaitedMs?: number }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <FirstPageWatchdog router={router} waitedMs={firstPageWaitedMs}>
          <RouterProvider router={router} />
        </FirstPageWatchdog>
      </I18nProvider>
    </StrictMode>
  );
}

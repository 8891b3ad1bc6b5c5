/**
 * Slow networks (SPEC.md section 9: a route chunk has 120000 ms to load): while the router waits for
 * a route (its code chunk, its data), this counts; past the limit it shows the error page with
 * Refresh Page instead of leaving the consumer before a page that never changes. A chunk that fails
 * to load outright (a new deployment removed it) reaches the same page through the route's error
 * boundary. `LoadWatchdog` watches moves inside the app (under the root layout); `FirstPageWatchdog`
 * watches the first page of a visit, before the root layout exists (src/app-root.tsx).
 */
import { useLingui } from "@lingui/react/macro";
import { useRouterState, type AnyRouter } from "@tanstack/react-router";
import { useEffect, useState, type ReactNode } from "react";
import { ErrorPage } from "./ErrorPage.tsx";
import { FirstPageLoading, PlainPageFrame } from "./PageFrame.tsx";

/** How long a route may take to load, in milliseconds (SPEC.md section 9). */
export const ROUTE_LOAD_TIMEOUT_MS = 120_000;

/** True once `waiting` has stayed true for ROUTE_LOAD_TIMEOUT_MS; false again when it ends. */
function useTimedOut(waiting: boolean): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setTimedOut(true), ROUTE_LOAD_TIMEOUT_MS);
    return () => {
      window.clearTimeout(timer);
      // A load that passed the limit and then arrived must not leave the next load timed out at its start.
      setTimedOut(false);
    };
  }, [waiting]);
  return timedOut && waiting;
}

function TooSlow() {
  const { t } = useLingui();
  return <ErrorPage error={new Error(t`The page is taking too long to load. Check your connection and try again.`)} />;
}

export function LoadWatchdog({ children }: { children: ReactNode }) {
  const loading = useRouterState({ select: (state) => state.isLoading });
  return useTimedOut(loading) ? <TooSlow /> : children;
}

/**
 * Around the RouterProvider: the first page of a visit. Until the router has a route to draw, it
 * draws nothing; this shows the header and the loading line meanwhile, as the page's HTML showed
 * them before the app ran (scripts/prerender-pages.ts), so the app's first render changes nothing
 * a person sees but the language switch it adds. And the route may hang before anything shows
 * (the root layout, and its LoadWatchdog, appear only once the first route resolves or passes the
 * router's pending time), so this counts too.
 */
export function FirstPageWatchdog({ router, children }: { router: AnyRouter; children: ReactNode }) {
  const firstPagePending = useRouterState({ router, select: (state) => !state.resolvedLocation });
  const nothingToDraw = useRouterState({ router, select: (state) => state.matches.length === 0 });
  if (useTimedOut(firstPagePending)) {
    return (
      <PlainPageFrame>
        <TooSlow />
      </PlainPageFrame>
    );
  }
  return (
    <>
      {nothingToDraw && <FirstPageLoading />}
      {children}
    </>
  );
}

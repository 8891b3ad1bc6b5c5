/**
 * Slow networks (SPEC.md section 9: a route chunk has 120000 ms to load): while the router waits for
 * a route (its code chunk, its data), this counts; past the limit it shows the error page with
 * Refresh Page instead of leaving the consumer before a page that never changes. A chunk that fails
 * to load outright (a new deployment removed it) reaches the same page through the route's error
 * boundary. `LoadWatchdog` watches moves inside the app (under the root layout); `FirstPageWatchdog`
 * watches the first page of a visit, before the root layout exists (src/main.tsx).
 */
import { useLingui } from "@lingui/react/macro";
import { useRouterState, type AnyRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ErrorPage } from "./ErrorPage.tsx";

/** How long a route may take to load, in milliseconds (SPEC.md section 9). */
export const ROUTE_LOAD_TIMEOUT_MS = 120_000;

/**
 * True once `waiting` has stayed true for ROUTE_LOAD_TIMEOUT_MS, of which `alreadyWaitedMs` passed
 * before this mounted (at once when that is all of it); false again when it ends.
 */
function useTimedOut(waiting: boolean, alreadyWaitedMs = 0): boolean {
  const [timedOut, setTimedOut] = useState(alreadyWaitedMs >= ROUTE_LOAD_TIMEOUT_MS);
  // When the wait under way began (performance.now()); a wait that starts later begins then.
  const [startedBeforeMount] = useState(() => (waiting ? performance.now() - alreadyWaitedMs : null));
  const waitStarted = useRef(startedBeforeMount);
  useEffect(() => {
    if (!waiting) {
      waitStarted.current = null;
      return;
    }
    waitStarted.current ??= performance.now();
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, waitStarted.current + ROUTE_LOAD_TIMEOUT_MS - performance.now()));
    return () => window.clearTimeout(timer);
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
 * Around the RouterProvider: the first page of a visit, whose route may hang before anything shows.
 * `waitedMs`: how long src/main.tsx had already waited for the first route before the app rendered
 * (it waits for it before it hydrates a prerendered page or, briefly, before it draws any other).
 */
export function FirstPageWatchdog({ router, waitedMs = 0, children }: { router: AnyRouter; waitedMs?: number; children: ReactNode }) {
  const firstPagePending = useRouterState({ router, select: (state) => !state.resolvedLocation });
  return useTimedOut(firstPagePending, waitedMs) ? (
    <main id="main" className="content">
      <TooSlow />
    </main>
  ) : (
    children
  );
}

/**
 * Slow networks (SPEC.md section 9: a route chunk has 120000 ms to load): while the router waits for
 * a route (its code chunk, its data), this counts; past the limit it shows the error page with
 * Refresh Page instead of leaving the consumer before a page that never changes. A chunk that fails
 * to load outright (a new deployment removed it) reaches the same page through the route's error
 * boundary.
 */
import { useLingui } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useState, type ReactNode } from "react";
import { ErrorPage } from "../screens/errors/ErrorPage.tsx";

/** How long a route may take to load, in milliseconds (SPEC.md section 9). */
export const ROUTE_LOAD_TIMEOUT_MS = 120_000;

export function LoadWatchdog({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const loading = useRouterState({ select: (state) => state.isLoading });
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setTimedOut(true), ROUTE_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);
  if (timedOut) return <ErrorPage error={new Error(t`The page is taking too long to load. Check your connection and try again.`)} />;
  return children;
}

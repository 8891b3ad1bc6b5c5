/**
 * What any route shows while its code or data is still loading after the router's pending time
 * (TanStack Router's default, 1 s) and it names no pending view of its own: a slow phone
 * sees that the page is coming, not an empty frame, until it arrives or the load limit of SPEC.md
 * section 9 shows the error page (LoadWatchdog.tsx). In a page's HTML before its scripts run, it
 * also says so when they never come (ScriptsLate.tsx).
 */
import { Trans } from "@lingui/react/macro";
import { LoadingScreen } from "./LoadingScreen.tsx";
import { ScriptsLate } from "./ScriptsLate.tsx";

export function PageLoading() {
  return (
    <LoadingScreen after={<ScriptsLate />}>
      <Trans>Loading…</Trans>
    </LoadingScreen>
  );
}

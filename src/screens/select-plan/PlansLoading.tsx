/**
 * What select-plan shows while its route waits for the plans (a slow search or a reload's re-run):
 * no title yet, as the search may still find nothing. A module of its own, so the route can name it
 * without loading the plan screen (issue 12).
 */
import { Trans } from "@lingui/react/macro";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";

export function PlansLoading() {
  return (
    <LoadingScreen>
      <Trans>Loading your plans…</Trans>
    </LoadingScreen>
  );
}

/**
 * What select-plan shows while its route waits for the plans (a slow search or a reload's re-run):
 * no title yet, as the search may still find nothing; 'Checking…' while the API's proof-of-work is
 * solved (planSearch `checking`, SECURITY.md). A module of its own, so the route can name it
 * without loading the plan screen.
 */
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";
import { isChecking, usePlanSearch } from "../shared/plan-search-actor.ts";

export function PlansLoading() {
  // The route's beforeLoad loaded planSearch before this pending view can show.
  const checking = useSelector(usePlanSearch(), isChecking);
  return <LoadingScreen>{checking ? <Trans>Checking…</Trans> : <Trans>Loading your plans…</Trans>}</LoadingScreen>;
}

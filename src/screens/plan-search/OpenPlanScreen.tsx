/**
 * What a link to one plan shows while its route opens the plan (SPEC.md section 2, "Open plan by
 * id"): the route's beforeLoad asks planSearch and redirects; this screen only says it is working.
 */
import { Trans } from "@lingui/react/macro";
import { LoadingScreen } from "../../ui/LoadingScreen.tsx";

export function OpenPlanScreen() {
  return (
    <LoadingScreen>
      <Trans>Opening your plan…</Trans>
    </LoadingScreen>
  );
}

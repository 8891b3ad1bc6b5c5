/**
 * What a link to one plan shows while its route opens the plan (SPEC.md section 2, "Open plan by
 * id"): the route's beforeLoad asks planSearch and redirects; this screen only says it is working.
 */
import { Trans } from "@lingui/react/macro";

export function OpenPlanScreen() {
  return (
    <section className="screen">
      <p role="status" className="loading">
        <Trans>Opening your plan…</Trans>
      </p>
    </section>
  );
}

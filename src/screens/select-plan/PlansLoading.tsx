/**
 * What select-plan shows while its route waits for the plans (a slow search or a reload's re-run):
 * no title yet, as the search may still find nothing. A module of its own, so the route can name it
 * without loading the plan screen (issue 12).
 */
import { Trans } from "@lingui/react/macro";

export function PlansLoading() {
  return (
    <section className="screen">
      <p role="status" className="loading">
        <Trans>Loading your plans…</Trans>
      </p>
    </section>
  );
}

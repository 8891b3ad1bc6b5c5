/**
 * 'Checking…' on a search screen while planSearch solves the API's proof-of-work and sends the
 * search again (its `checking` state; SECURITY.md, "Guessing is slowed, nobody is locked out"): a
 * polite status line, as the routes' loading lines are (src/ui/LoadingScreen.tsx), and nothing at
 * all otherwise, so a screen's own status stays the only one.
 */
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { isChecking, usePlanSearch } from "../shared/plan-search-actor.ts";

export function SearchCheckStatus() {
  const checking = useSelector(usePlanSearch(), isChecking);
  if (!checking) return null;
  return (
    <p role="status" aria-live="polite" className="loading">
      <Trans>Checking…</Trans>
    </p>
  );
}

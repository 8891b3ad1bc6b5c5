/**
 * 'Checking…' on a search screen while planSearch solves the API's proof-of-work and sends the
 * search again (its `checking` state; SECURITY.md, "Guessing is slowed, nobody is locked out"). The
 * polite live region is always in the page, empty and out of sight otherwise, so a screen reader
 * announces the words when they appear.
 */
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { isChecking, usePlanSearch } from "./plan-search-actor.ts";

export function SearchCheckStatus() {
  const checking = useSelector(usePlanSearch(), isChecking);
  return (
    <p role="status" aria-live="polite" className={checking ? "loading" : "visually-hidden"}>
      {checking ? <Trans>Checking…</Trans> : null}
    </p>
  );
}

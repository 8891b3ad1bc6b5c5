/**
 * The URL side of a wizard's one-way step sync (DESIGN.md "URL and machine"), shared by the claim
 * wizards and the contact-service request: the machine announces its step through `showStep`,
 * implemented with `showStepInUrl`; a URL change from outside (back, forward, a pasted link) reaches
 * the machine as `step.requested` through `useStepRequests`. The machine decides.
 */
import { useEffect } from "react";
import type { AnyRouter } from "@tanstack/react-router";

/**
 * Writes `step` (and any other search values) into the current route's URL: a new history entry
 * for the consumer's own moves, a replaced one when the machine answers a URL request. Nothing
 * happens when the URL already says so (back and forward, a reload).
 */
export function showStepInUrl(
  router: AnyRouter,
  to: string,
  step: number,
  replace: boolean,
  extra: Record<string, unknown> = {},
): void {
  const search = router.state.location.search as Record<string, unknown>;
  if (search.step === step && Object.entries(extra).every(([key, value]) => search[key] === value)) return;
  void router.navigate({
    to,
    search: (previous: Record<string, unknown>) => ({ ...previous, ...extra, step }),
    replace,
  });
}

/**
 * Sends a change of the URL's step to the machine. Only a change of the URL is news: the machine's
 * own moves reach the URL through showStep, after which the URL agrees with `machineStep`.
 */
export function useStepRequests(
  actor: { send(event: { type: "step.requested"; step: number | null }): void },
  urlStep: number | null,
  machineStep: number | null,
): void {
  useEffect(() => {
    if (urlStep !== machineStep) actor.send({ type: "step.requested", step: urlStep });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the URL moves, not when the machine does
  }, [urlStep]);
}

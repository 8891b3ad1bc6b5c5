/**
 * The five steps of a claim after Submit as an ordered list (contract/claim-status.ts): each
 * reached step with its day, the current one marked for assistive technology (aria-current="step")
 * and on screen (its badge and outline), the steps not reached yet said so, and those passed over
 * (before the current one, never reached) said to be not needed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { ClaimProgress } from "../../../machines/claim-status.machine.ts";
import { reachedOnText } from "./claim-dates.ts";
import { STEP_NAMES } from "./step-words.ts";

export function ClaimTimeline({
  progress,
  labelledBy,
}: {
  progress: Pick<ClaimProgress, "timeline" | "current">;
  labelledBy: string;
}) {
  const { i18n } = useLingui();
  return (
    <ol className="claim-timeline" aria-labelledby={labelledBy}>
      {progress.timeline.map(({ step, reachedAt }, index) => {
        const current = step === progress.current;
        // A step before the current one that was never reached was passed over (a denied claim
        // needs no service): it is not still to come.
        const skipped = !reachedAt && index < progress.timeline.findIndex((entry) => entry.step === progress.current);
        return (
          <li
            key={step}
            className={`claim-step${reachedAt ? " reached" : ""}${current ? " current" : ""}`}
            aria-current={current ? "step" : undefined}
          >
            <span className="claim-step-name">{i18n._(STEP_NAMES[step])}</span>
            {current && (
              // aria-current already says it to a screen reader.
              <span className="badge claim-step-badge" aria-hidden="true">
                <Trans>Current step</Trans>
              </span>
            )}
            {reachedAt ? (
              <time className="claim-step-date" dateTime={reachedAt}>
                {reachedOnText(reachedAt, i18n)}
              </time>
            ) : (
              <span className="claim-step-date">
                {skipped ? <Trans>Not needed for this claim</Trans> : <Trans>Not reached yet</Trans>}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

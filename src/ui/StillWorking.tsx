/**
 * What a person sees while a call takes long (SPEC.md sets no client timeout, so nothing is cut
 * off): after STILL_WORKING_AFTER_MS a polite 'Still working…' with a Cancel that gives up on the
 * call (src/api/pending-calls.ts), and after LONGER_THAN_USUAL_AFTER_MS words that say so and that
 * cancelling loses nothing. The machine that made the call then shows its failure and keeps what
 * was typed, so Next or Submit tries again.
 *
 * It watches two things: `busy` (the step's machine waits for the server, retries included) and
 * any API call still unanswered (pending-calls.ts), so a call made beside the machine, such as an
 * upload's link, is never waited on in silence either.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState, useSyncExternalStore } from "react";
import { cancelPendingCalls, hasCallsInFlight, subscribeToCalls } from "../api/pending-calls.ts";
import { Button } from "./Button.tsx";

/**
 * When 'Still working…' and Cancel appear, in milliseconds after the wait began: a few seconds,
 * past the automatic retries of one call on a bad network (src/api/http.ts: 4 tries, up to 2.1 s
 * of backoff between them, about 3.3 s in all when each try takes 300 ms), so those pass quietly
 * and a call that hangs, or a network much slower than that, shows it.
 */
export const STILL_WORKING_AFTER_MS = 5_000;
/** When the notice says the wait is longer than usual, in milliseconds after the wait began. */
export const LONGER_THAN_USUAL_AFTER_MS = 20_000;

type Phase = "quiet" | "working" | "longer";

/** Shown under a wizard's buttons: nothing at first, then the notice with Cancel, then the longer notice. */
export function StillWorking({ busy }: { busy: boolean }) {
  const { t } = useLingui();
  const calling = useSyncExternalStore(subscribeToCalls, hasCallsInFlight, () => false);
  const waiting = busy || calling;
  const [phase, setPhase] = useState<Phase>("quiet");
  useEffect(() => {
    if (!waiting) return;
    const timers = [
      window.setTimeout(() => setPhase("working"), STILL_WORKING_AFTER_MS),
      window.setTimeout(() => setPhase("longer"), LONGER_THAN_USUAL_AFTER_MS),
    ];
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      setPhase("quiet");
    };
  }, [waiting]);
  return (
    <div className="still-working" role="status">
      {phase !== "quiet" && (
        <>
          <p>
            {phase === "working" ? (
              <Trans>Still working…</Trans>
            ) : (
              <Trans>This is taking longer than usual. You can cancel and try again: nothing you typed is lost.</Trans>
            )}
          </p>
          <Button variant="secondary" onClick={cancelPendingCalls}>
            {t`Cancel`}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * What a person sees while a call takes long (SPEC.md sets no client timeout, so nothing
 * is cut off): after STILL_WORKING_AFTER_MS a polite 'Still working…', and after
 * CANCEL_OFFERED_AFTER_MS a Cancel that gives up on the call (src/api/pending-calls.ts). The
 * machine that made the call then shows its failure and keeps what was typed, so Next or Submit
 * tries again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { cancelPendingCalls } from "../api/pending-calls.ts";
import { Button } from "./Button.tsx";

/** When 'Still working…' appears, in milliseconds after the call started. */
export const STILL_WORKING_AFTER_MS = 8_000;
/** When Cancel is offered, in milliseconds: generous, so a slow network still gets its chance. */
export const CANCEL_OFFERED_AFTER_MS = 30_000;

type Phase = "quiet" | "working" | "cancellable";

/** Shown under a wizard's buttons while `busy`: nothing at first, then the notice, then Cancel. */
export function StillWorking({ busy }: { busy: boolean }) {
  const { t } = useLingui();
  const [phase, setPhase] = useState<Phase>("quiet");
  useEffect(() => {
    if (!busy) return;
    const timers = [window.setTimeout(() => setPhase("working"), STILL_WORKING_AFTER_MS), window.setTimeout(() => setPhase("cancellable"), CANCEL_OFFERED_AFTER_MS)];
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      setPhase("quiet");
    };
  }, [busy]);
  return (
    <div className="still-working" role="status">
      {phase !== "quiet" && (
        <p>
          {phase === "working" ? (
            <Trans>Still working…</Trans>
          ) : (
            <Trans>This is taking longer than usual. You can cancel and try again: nothing you typed is lost.</Trans>
          )}
        </p>
      )}
      {phase === "cancellable" && (
        <Button variant="secondary" onClick={cancelPendingCalls}>
          {t`Cancel`}
        </Button>
      )}
    </div>
  );
}

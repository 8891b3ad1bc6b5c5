/**
 * What a person sees while a call takes long (SPEC.md sets no client timeout, so nothing is cut
 * off): the wizard's machine says when (machines/wizard-steps.ts `waitingForServer`, after
 * WAIT_DELAYS): a polite 'Still working…' with a Cancel that gives up on the call, then words that
 * say the wait is longer than usual and that cancelling loses nothing. The machine then shows the
 * call's failure and keeps what was typed, so Next or Submit tries again.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Wait } from "../../machines/wizard-steps.ts";
import { Button } from "./Button.tsx";

/** Shown under a wizard's buttons: nothing while the wait is quiet, then the notice with Cancel. */
export function StillWorking({ wait, onCancel }: { wait: Wait; onCancel: () => void }) {
  const { t } = useLingui();
  const speaks = wait === "stillWorking" || wait === "longerThanUsual";
  return (
    <div className="still-working" role="status">
      {speaks && (
        <>
          <p>
            {wait === "stillWorking" ? (
              <Trans>Still working…</Trans>
            ) : (
              <Trans>This is taking longer than usual. You can cancel and try again: nothing you typed is lost.</Trans>
            )}
          </p>
          <Button variant="secondary" onClick={onCancel}>
            {t`Cancel`}
          </Button>
        </>
      )}
    </div>
  );
}

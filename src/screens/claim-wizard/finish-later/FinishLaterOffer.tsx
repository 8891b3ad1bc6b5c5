/**
 * 'Email me a link to finish later' on a claim wizard step (docs/api.md "Finish later"): the
 * button. Its dialog, the machine behind it and its calls (FinishLaterDialog.tsx) load on the first
 * press: most consumers never press it, and the step should not pay for it before they do.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "../../../ui/Button.tsx";
import { showError } from "../../../ui/toasts.ts";
import type { ClaimWizardActor } from "../draft-actor.ts";
import type { FinishLaterDialogHandle } from "./FinishLaterDialog.tsx";

export interface FinishLaterOfferProps {
  wizard: ClaimWizardActor;
  claimId: number;
  /** The wizard step on screen (2 to 5): the link reopens the claim there. */
  step: number;
  /** The API calls; the real ones unless a test gives others. */
  api?: {
    loadTarget: (claimId: number) => Promise<string | null>;
    send: (input: { claimId: number; step: number }) => Promise<string>;
  };
}

const loadDialog = () => import("./FinishLaterDialog.tsx");
const FinishLaterDialog = lazy(loadDialog);

export function FinishLaterOffer(props: FinishLaterOfferProps) {
  const { t } = useLingui();
  const dialog = useRef<FinishLaterDialogHandle>(null);
  // The step of the press that loaded the dialog; null until then.
  const [firstOpenOn, setFirstOpenOn] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);

  async function open() {
    if (dialog.current) return dialog.current.open(props.step);
    if (loading) return;
    // The dialog's code is fetched here rather than by React.lazy's first render, so a fetch that
    // fails leaves the step as it is, with a message, and the next press tries again.
    setLoading(true);
    try {
      await loadDialog();
      setFirstOpenOn(props.step);
    } catch {
      showError(t`We could not reach the server. Check your connection and try again.`);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="finish-later">
      {/* Not disabled while loading: the button keeps the focus, which the dialog gives back to it. */}
      <Button variant="secondary" onClick={() => void open()}>
        {t`Email me a link to finish later`}
      </Button>
      {loading && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {firstOpenOn !== null && (
        <Suspense fallback={null}>
          <FinishLaterDialog {...props} ref={dialog} firstOpenOn={firstOpenOn} />
        </Suspense>
      )}
    </div>
  );
}

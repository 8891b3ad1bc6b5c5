/**
 * The dialog of 'Email me a link to finish later' (docs/api.md "Finish later"), driven by
 * finishLaterMachine: the masked email on the plan, Send, then 'Link sent to …' or why not, with Try
 * Again. Loaded by the offer's first press (FinishLaterOffer.tsx), with the machine and its calls.
 * The machine's side effects are injected here: the API calls (src/api/finish-later.ts) and the
 * wizard saving its step (keep-step.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useImperativeHandle, useState, type Ref } from "react";
import { fromPromise } from "xstate";
import { finishLaterMachine, type FinishLaterFailure } from "../../../../machines/finish-later.machine.ts";
import { loadFinishLaterTarget, sendFinishLaterLink } from "../../../api/finish-later.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { StillWorking } from "../../../ui/StillWorking.tsx";
import { waitOf } from "../../../../machines/wizard-steps.ts";
import type { FinishLaterOfferProps } from "./FinishLaterOffer.tsx";
import { keepWizardStep } from "./keep-step.ts";
import type { ClaimWizardActor } from "../draft-actor.ts";

/** What the offer's later presses reach the dialog through. */
export interface FinishLaterDialogHandle {
  /** Opens the dialog on wizard step `step` (2 to 5). */
  open: (step: number) => void;
}

export interface FinishLaterDialogProps extends FinishLaterOfferProps {
  /** The step of the press that loaded the dialog: it opens on that step as it mounts. */
  firstOpenOn: number;
  ref: Ref<FinishLaterDialogHandle>;
}

const REAL_API = { loadTarget: loadFinishLaterTarget, send: sendFinishLaterLink };

export default function FinishLaterDialog({
  wizard,
  claimId,
  api = REAL_API,
  firstOpenOn,
  ref,
}: FinishLaterDialogProps) {
  const { t } = useLingui();
  const [logic] = useState(() =>
    finishLaterMachine.provide({
      actors: {
        loadTarget: fromPromise(({ input }: { input: { claimId: number } }) => api.loadTarget(input.claimId)),
        keepStep: fromPromise(() => keepWizardStep(wizard)),
        sendLink: fromPromise(({ input }: { input: { claimId: number; step: number } }) => api.send(input)),
      },
    }),
  );
  const actor = useActorRef(logic, { input: { claimId } });
  useImperativeHandle(ref, () => ({ open: (step) => actor.send({ type: "dialog.open", step }) }), [actor]);
  // The press that loaded this dialog happened before it existed: it reaches the machine now, as a
  // later press reaches it through the handle. The machine decides what opening means.
  useEffect(() => {
    actor.send({ type: "dialog.open", step: firstOpenOn });
  }, [actor, firstOpenOn]);
  const state = useSelector(actor, (snapshot) => snapshot.value as string);
  const { sendTo, sentTo, failure } = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("busy"));
  // The step's save can hang like any call. The dialog covers the wizard's own 'Still working…',
  // so its notice and Cancel show here while the dialog waits for that save.
  const stepWait = useSelector(wizard as Extract<ClaimWizardActor, { id: string }>, waitOf);
  const close = () => actor.send({ type: "dialog.close" });
  const failureText = failure && failureMessage(failure);

  /** What a failed send says, in the screen's language. */
  function failureMessage(reason: FinishLaterFailure): string {
    switch (reason.kind) {
      case "rateLimited": {
        const minutes = Math.max(1, Math.ceil(reason.retryAfterSeconds / 60));
        return t`Too many links have been sent. Please try again in ${minutes} min.`;
      }
      case "notSaved":
        return t`We could not save this step, so the link was not sent. Please try again.`;
      case "failed":
        return t`The link could not be sent. Check your connection and try again.`;
    }
  }

  return (
    <Dialog open={state !== "closed"} title={t`Email me a link to finish later`} onClose={close}>
      {state === "loadingTarget" && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {state === "targetFailed" && (
        <>
          <p role="alert" className="form-error">
            <Trans>We could not reach the server. Check your connection and try again.</Trans>
          </p>
          <div className="actions">
            <Button onClick={() => actor.send({ type: "target.retry" })}>{t`Try Again`}</Button>
            <Button variant="secondary" onClick={close}>{t`Close`}</Button>
          </div>
        </>
      )}
      {(state === "ready" || state === "keepingStep" || state === "sending" || state === "failed") && (
        <>
          <p>
            <Trans>
              We will email a link to <strong>{sendTo}</strong>, the email on your plan. It opens your claim at this
              step on any device for 7 days, with your uploads and every item and damage you have filled in completely;
              anything half-filled on this step is not kept.
            </Trans>
          </p>
          {failureText && (
            <p role="alert" className="form-error">
              {failureText}
            </p>
          )}
          <div className="actions">
            <Button loading={busy} onClick={() => actor.send({ type: "link.send" })}>
              {failure ? t`Try Again` : t`Send`}
            </Button>
            <Button variant="secondary" onClick={close}>{t`Close`}</Button>
          </div>
          {state === "keepingStep" && (
            <StillWorking wait={stepWait} onCancel={() => wizard.send({ type: "call.cancel" })} />
          )}
        </>
      )}
      {state === "sent" && (
        <>
          <p role="status">
            <Trans>Link sent to {sentTo}</Trans>
          </p>
          <div className="actions">
            <Button onClick={close}>{t`Close`}</Button>
          </div>
        </>
      )}
      {state === "noEmailOnFile" && (
        <>
          <p role="alert" className="form-error">
            <Trans>
              There is no email address on your plan, so we cannot send you a link. Please contact us to add one.
            </Trans>
          </p>
          <div className="actions">
            <Button onClick={close}>{t`Close`}</Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

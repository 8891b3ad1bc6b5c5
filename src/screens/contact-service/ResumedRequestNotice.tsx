/**
 * The request found again (SPEC.md section 3 "Contact service data": kept on the device for a
 * day): says so above the step, and offers 'Start a new request', which asks first, since the
 * kept fields and documents then go for good. The machine holds the question (`confirmingRestart`);
 * the new request's id is minted here, as the route mints one.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import type { ContactServiceActor } from "./contact-actor.ts";

export function ResumedRequestNotice({ actor }: { actor: ContactServiceActor }) {
  const { t } = useLingui();
  const resumed = useSelector(actor, (snapshot) => snapshot.context.resumed);
  const confirming = useSelector(actor, (snapshot) => snapshot.context.confirmingRestart);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag("busy"));
  if (!resumed) return null;
  return (
    <div className="card">
      <p className="note">
        <Trans>We kept the request you started on this device. Carry on where you left off, or start a new one.</Trans>
      </p>
      <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: "restart.ask" })}>
        {t`Start a new request`}
      </Button>
      <Dialog open={confirming} title={t`Start a new request?`} onClose={() => actor.send({ type: "restart.cancel" })}>
        <p>
          <Trans>
            What you entered in this request, and the documents you uploaded, will be deleted from this device.
          </Trans>
        </p>
        <div className="actions">
          <Button onClick={() => actor.send({ type: "restart.cancel" })}>{t`Keep my request`}</Button>
          <Button
            variant="secondary"
            onClick={() => actor.send({ type: "restart.confirm", requestId: crypto.randomUUID() })}
          >
            {t`Delete it and start again`}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

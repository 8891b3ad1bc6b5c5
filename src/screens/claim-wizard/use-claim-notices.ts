/** Shows a wizard machine's emitted `notify` codes as toasts while the screen is mounted. */
import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import type { ClaimNotice } from "../../../machines/claim-wizard.ts";
import { showClaimNotice } from "./claim-notices.ts";
import type { ClaimWizardActor } from "./draft-actor.ts";

export function useClaimNotices(actor: ClaimWizardActor): void {
  useEffect(() => {
    const subscription = (actor as ActorRefFrom<typeof fppClaimMachine>).on("notify", (event: { code: ClaimNotice }) =>
      showClaimNotice(event.code),
    );
    return () => subscription.unsubscribe();
  }, [actor]);
}

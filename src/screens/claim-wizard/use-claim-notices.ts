/** Shows a wizard machine's emitted `notify` codes as toasts while the screen is mounted. */
import { useEffect } from "react";
import type { AnyActorRef } from "xstate";
import type { ClaimNotice } from "../../../machines/fpp-claim.machine.ts";
import { showClaimNotice } from "./claim-notices.ts";

export function useClaimNotices(actor: AnyActorRef): void {
  useEffect(() => {
    const subscription = actor.on("notify", (event: { code: ClaimNotice }) => showClaimNotice(event.code));
    return () => subscription.unsubscribe();
  }, [actor]);
}

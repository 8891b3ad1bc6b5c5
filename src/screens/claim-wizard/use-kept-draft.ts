/**
 * Keeps a running wizard's unsaved input on this device (issue 14): every change of the draft is
 * mirrored to session storage (src/lib/kept-draft.ts) once the claim has loaded, the copy is
 * removed when the claim is submitted, and while a damage block holds unsaved input the browser
 * asks before the page is left. The wizard reads the copy back as its `keptDraft` input.
 */
import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import { draftToKeep, hasUnsavedDamageInput } from "../../../machines/claim-drafts.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import { stepOf } from "../../../machines/claim-wizard.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { clearKeptDraft, saveKeptDraft } from "../../lib/kept-draft.ts";

export function useKeptDraft(actor: ActorRefFrom<typeof fppClaimMachine>, family: ClaimFamily, claimId: number): void {
  useEffect(() => {
    let unsaved = false;
    const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (!unsaved) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = "";
    };
    const mirror = (snapshot: ReturnType<typeof actor.getSnapshot>) => {
      const { context } = snapshot;
      if (!context.claim) return; // nothing loaded yet: keep what an earlier visit kept
      if (stepOf(snapshot) === 6) {
        unsaved = false;
        clearKeptDraft(family, claimId);
        return;
      }
      unsaved = hasUnsavedDamageInput(context);
      saveKeptDraft(family, claimId, draftToKeep(context));
    };
    const subscription = actor.subscribe(mirror);
    mirror(actor.getSnapshot());
    window.addEventListener("beforeunload", warnBeforeLeaving);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("beforeunload", warnBeforeLeaving);
    };
  }, [actor, family, claimId]);
}

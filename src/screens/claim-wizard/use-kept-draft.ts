/**
 * Keeps a running wizard's unsaved input on this device: every change of the draft is
 * mirrored to session storage (src/lib/kept-draft.ts) as keptDraftOf decides (machines/
 * claim-drafts.ts: nothing before the claim loads, the unsaved input while it is a draft, no copy
 * once it is submitted), and while a damage block holds unsaved input the browser asks before the
 * page is left. The wizard reads the copy back as its `keptDraft` input. Not `enabled`, it keeps
 * nothing (a wizard hydrated as the server rendered it, before it takes up the copy).
 */
import { useEffect } from "react";
import type { ActorRefFrom } from "xstate";
import { hasUnsavedDamageInput, keptDraftOf } from "../../../machines/claim-drafts.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { clearKeptDraft, saveKeptDraft } from "../../lib/kept-draft.ts";

export function useKeptDraft(
  actor: ActorRefFrom<typeof fppClaimMachine>,
  family: ClaimFamily,
  claimId: number,
  enabled = true,
): void {
  useEffect(() => {
    if (!enabled) return;
    let unsaved = false;
    const warnBeforeLeaving = (event: BeforeUnloadEvent) => {
      if (!unsaved) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = "";
    };
    const mirror = ({ context }: ReturnType<typeof actor.getSnapshot>) => {
      const kept = keptDraftOf(context);
      if (kept === undefined) return;
      unsaved = kept !== null && hasUnsavedDamageInput(context);
      if (kept === null) clearKeptDraft(family, claimId);
      else saveKeptDraft(family, claimId, kept);
    };
    const subscription = actor.subscribe(mirror);
    mirror(actor.getSnapshot());
    window.addEventListener("beforeunload", warnBeforeLeaving);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("beforeunload", warnBeforeLeaving);
    };
  }, [actor, family, claimId, enabled]);
}

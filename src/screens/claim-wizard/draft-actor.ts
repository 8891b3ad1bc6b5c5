/**
 * The wizard actor as the shared step screens see it: its context (machines/claim-wizard.ts), the
 * shared events, and a `busy` tag on states waiting for the server. The ClaimWizard screen provides
 * it for either family.
 */
import { useSelector } from "@xstate/react";
import { createContext, useContext } from "react";
import type { ActorRefFrom } from "xstate";
import type { DamageOptions } from "../../../machines/claim-drafts.ts";
import type { Lookup } from "../../../machines/domain.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import type { ClaimWizardContext, ClaimWizardEvent } from "../../../machines/claim-wizard.ts";
import type { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { inShownLanguage, type ClaimNames } from "./names-in-language.ts";

/** A running FPP or ACE wizard. */
export type ClaimWizardActor = ActorRefFrom<typeof fppClaimMachine> | ActorRefFrom<typeof aceClaimMachine>;

export interface DraftActor {
  ref: ClaimWizardActor;
  send(event: ClaimWizardEvent): void;
  /** Where the claim's documents live: the FPP or the ACE endpoints and storage prefix. */
  family: ClaimFamily;
  /** Damage options of one chosen item (ACE: of its model number). */
  damageOptionsFor(
    context: Pick<ClaimWizardContext, "claim" | "options" | "modelOptions">,
    planItemId: number,
  ): DamageOptions;
  /** The server's names in the language on screen when it is not the one the claim loaded in (names-in-language.ts). */
  names?: ClaimNames | null;
}

export const DraftActorContext = createContext<DraftActor | null>(null);

export function useDraftActor(): DraftActor {
  const actor = useContext(DraftActorContext);
  if (!actor) throw new Error("useDraftActor needs a DraftActorContext provider");
  return actor;
}

/**
 * Reads from the wizard's context, its names in the language on screen; re-renders when the
 * selected value changes (select narrowly).
 */
export function useDraft<T>(select: (context: ClaimWizardContext) => T): T {
  const { ref, names } = useDraftActor();
  return useSelector(ref as ActorRefFrom<typeof fppClaimMachine>, (snapshot) =>
    select(inShownLanguage(snapshot.context, names ?? null)),
  );
}

/** True while the wizard waits for the server. */
export function useDraftBusy(): boolean {
  const { ref } = useDraftActor();
  return useSelector(ref as ActorRefFrom<typeof fppClaimMachine>, (snapshot) => snapshot.hasTag("busy"));
}

/** The claim as the server holds it, its plan and the option lists: what the damage and review steps show. */
export function useClaimRecords() {
  return {
    claim: useDraft((context) => context.claim),
    plan: useDraft((context) => context.plan),
    options: useDraft((context) => context.options),
    modelOptions: useDraft((context) => context.modelOptions),
  };
}

/** The name of a lookup id in its list, '' when it is not there. */
export function nameOf(list: Lookup[] | undefined, id: number | null | undefined): string {
  return list?.find((entry) => entry.id === id)?.name ?? "";
}

/**
 * The wizard actor as the shared step screens see it: the draft part of its context
 * (machines/claim-drafts.ts), the shared events, and a `busy` tag on states waiting for the server.
 * Both the FPP and the ACE wizard provide theirs.
 */
import { useSelector } from "@xstate/react";
import { createContext, useContext } from "react";
import type { AnyActorRef } from "xstate";
import type { ClaimDraftContext, ClaimDraftEvent, DamageOptions } from "../../../machines/claim-drafts.ts";
import type { ClaimNotice } from "../../../machines/fpp-claim.machine.ts";

export interface DraftActor {
  ref: AnyActorRef;
  send(event: ClaimDraftEvent): void;
  /** Where the claim's documents live: the FPP or the ACE endpoints and storage prefix. */
  family: "fpp" | "ace";
  /** Damage options of one chosen item (ACE: of its model number). */
  damageOptionsFor(context: ClaimDraftContext, planItemId: number): DamageOptions;
}

export const DraftActorContext = createContext<DraftActor | null>(null);

export function useDraftActor(): DraftActor {
  const actor = useContext(DraftActorContext);
  if (!actor) throw new Error("useDraftActor needs a DraftActorContext provider");
  return actor;
}

/** Reads from the wizard's draft context; re-renders when the selected value changes. */
export function useDraft<T>(select: (context: ClaimDraftContext & { error: ClaimNotice | null }) => T): T {
  const { ref } = useDraftActor();
  return useSelector(ref, (snapshot) => select(snapshot.context));
}

/** True while the wizard waits for the server. */
export function useDraftBusy(): boolean {
  const { ref } = useDraftActor();
  return useSelector(ref, (snapshot) => snapshot.hasTag("busy"));
}

/** React access to the wizard's fppClaim actor for the step components. */
import { createContext, useContext } from "react";
import type { ActorRefFrom } from "xstate";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";

export type ClaimActorRef = ActorRefFrom<typeof fppClaimMachine>;

export const ClaimActorContext = createContext<ClaimActorRef | null>(null);

export function useClaimActor(): ClaimActorRef {
  const actor = useContext(ClaimActorContext);
  if (!actor) throw new Error("useClaimActor needs a ClaimActorContext provider");
  return actor;
}

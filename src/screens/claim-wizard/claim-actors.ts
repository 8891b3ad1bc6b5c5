/**
 * The claim wizards' actors, built by one factory from a family's API (FPP: fpp-claim-family.tsx
 * over src/api/claims.ts, ACE: ace-claim-family.tsx over src/api/ace-claims.ts). Every write is
 * followed by a fresh read of the claim, so the screen always shows what the server holds. Inputs
 * and outputs are the machine's (claim-wizard.ts).
 */
import { fromPromise } from "xstate";
import type {
  LoadClaimInput,
  LoadedClaim,
  SaveContactInput,
  SaveDamagesInput,
  SaveItemsInput,
} from "../../../machines/claim-wizard.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import type { Claim } from "../../../machines/domain.ts";
import type { SubmitOutcome } from "../../../machines/outcomes.ts";

/** One family's calls, in the machine's terms. A failed call rejects with a CallFailed (machines/outcomes.ts) where a machine reads why. */
export interface ClaimApi {
  load(input: LoadClaimInput): Promise<LoadedClaim>;
  fetchClaim(claimId: number): Promise<Claim>;
  saveItems(input: SaveItemsInput): Promise<void>;
  removeItem(input: { claimId: number; claimItemId: number }): Promise<void>;
  saveDamages(input: SaveDamagesInput): Promise<void>;
  deleteDamage(damageId: number): Promise<void>;
  deleteDocument(documentId: number): Promise<void>;
  /** What became of the submit (machines/outcomes.ts). */
  submit(input: { claimId: number; customerId: number }): Promise<SubmitOutcome>;
  saveContact?(input: SaveContactInput): Promise<void>;
}

/** The injected actors of a family's wizard machine. */
export function claimActorsFor(family: ClaimFamily, api: ClaimApi) {
  /** A write, then the claim as the server now holds it. */
  const thenReload = <Input extends { claimId: number }>(write: (input: Input) => Promise<void>) =>
    fromPromise<Claim, Input>(async ({ input }) => {
      await write(input);
      return api.fetchClaim(input.claimId);
    });
  return {
    loadClaim: fromPromise<LoadedClaim, LoadClaimInput>(({ input }) => api.load(input)),
    saveContact: fromPromise<void, SaveContactInput>(({ input }) =>
      api.saveContact ? api.saveContact(input) : Promise.reject(new Error(`${family} claims have no contact step`)),
    ),
    saveItems: thenReload<SaveItemsInput>(api.saveItems),
    removeItem: thenReload<{ claimId: number; claimItemId: number }>(api.removeItem),
    saveDamages: thenReload<SaveDamagesInput>(api.saveDamages),
    deleteDamage: thenReload<{ claimId: number; damageId: number }>((input) => api.deleteDamage(input.damageId)),
    deleteDocument: thenReload<{ claimId: number; documentId: number }>((input) =>
      api.deleteDocument(input.documentId),
    ),
    submitClaim: fromPromise<SubmitOutcome, { claimId: number; customerId: number }>(({ input }) => api.submit(input)),
  };
}

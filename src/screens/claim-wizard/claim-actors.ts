/**
 * The claim wizards' actors, built by one factory from a family's API (FPP: fpp-claim-family.tsx
 * over src/api/claims.ts, ACE: ace-claim-family.tsx over src/api/ace-claims.ts). Every write is
 * followed by a fresh read of the claim, so the screen always shows what the server holds. Inputs
 * and outputs are the machine's (claim-wizard.ts). Each call goes through a client ended by the
 * actor's signal, so Cancel under 'Still working…' (the machine leaving the state) ends it.
 */
import { fromPromise } from "xstate";
import { endedBy, type ApiClient } from "../../api/http.ts";
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

/**
 * One family's calls, in the machine's terms, each through the client it is given. A failed call
 * rejects with a CallFailed (machines/outcomes.ts) where a machine reads why.
 */
export interface ClaimApi {
  load(input: LoadClaimInput): Promise<LoadedClaim>;
  fetchClaim(claimId: number, client: ApiClient): Promise<Claim>;
  saveItems(input: SaveItemsInput, client: ApiClient): Promise<void>;
  removeItem(input: { claimId: number; claimItemId: number }, client: ApiClient): Promise<void>;
  saveDamages(input: SaveDamagesInput, client: ApiClient): Promise<void>;
  deleteDamage(damageId: number, client: ApiClient): Promise<void>;
  deleteDocument(documentId: number, client: ApiClient): Promise<void>;
  /** What became of the submit (machines/outcomes.ts). */
  submit(input: { claimId: number; customerId: number }, client: ApiClient): Promise<SubmitOutcome>;
  saveContact?(input: SaveContactInput, client: ApiClient): Promise<void>;
}

/** The injected actors of a family's wizard machine. */
export function claimActorsFor(family: ClaimFamily, api: ClaimApi) {
  /** A write, then the claim as the server now holds it. */
  const thenReload = <Input extends { claimId: number }>(write: (input: Input, client: ApiClient) => Promise<void>) =>
    fromPromise<Claim, Input>(async ({ input, signal }) => {
      const client = endedBy(signal);
      await write(input, client);
      return api.fetchClaim(input.claimId, client);
    });
  return {
    loadClaim: fromPromise<LoadedClaim, LoadClaimInput>(({ input }) => api.load(input)),
    saveContact: fromPromise<void, SaveContactInput>(({ input, signal }) =>
      api.saveContact
        ? api.saveContact(input, endedBy(signal))
        : Promise.reject(new Error(`${family} claims have no contact step`)),
    ),
    saveItems: thenReload<SaveItemsInput>(api.saveItems),
    removeItem: thenReload<{ claimId: number; claimItemId: number }>(api.removeItem),
    saveDamages: thenReload<SaveDamagesInput>(api.saveDamages),
    deleteDamage: thenReload<{ claimId: number; damageId: number }>((input, client) =>
      api.deleteDamage(input.damageId, client),
    ),
    deleteDocument: thenReload<{ claimId: number; documentId: number }>((input, client) =>
      api.deleteDocument(input.documentId, client),
    ),
    submitClaim: fromPromise<SubmitOutcome, { claimId: number; customerId: number }>(({ input, signal }) =>
      api.submit(input, endedBy(signal)),
    ),
  };
}

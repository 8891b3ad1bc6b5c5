/**
 * The fppClaim machine's actors, built from the API client: each write is followed by a fresh read
 * of the claim, so the screen always shows what the server holds.
 */
import { fromPromise } from "xstate";
import type { Claim } from "../../../machines/domain.ts";
import type { LoadedClaim, SaveDamagesInput, SaveItemsInput } from "../../../machines/fpp-claim.machine.ts";
import { deleteDamage, fetchClaim, removeClaimItem, saveClaimItems, saveDamages, submitClaim } from "../../api/claims.ts";
import { deleteDocument } from "../../api/documents.ts";
import { fetchClaimOptions } from "../../api/lookups.ts";
import { fetchPlan } from "../../api/plans.ts";

/** Loads claim, plan and options; rejects when the claim does not belong to the URL's plan. */
async function loadClaim({ claimId, planId }: { claimId: number; planId: number }): Promise<LoadedClaim> {
  const [claim, plan, options] = await Promise.all([fetchClaim(claimId), fetchPlan(planId), fetchClaimOptions()]);
  if (!plan || claim.planId !== plan.id) throw new Error("Claim does not belong to this plan");
  return { claim, plan, options };
}

export const claimActors = {
  loadClaim: fromPromise<LoadedClaim, { claimId: number; planId: number }>(({ input }) => loadClaim(input)),
  saveItems: fromPromise<Claim, SaveItemsInput>(async ({ input }) => {
    await saveClaimItems(input, input.items);
    return fetchClaim(input.claimId);
  }),
  removeItem: fromPromise<Claim, { claimId: number; claimItemId: number }>(async ({ input }) => {
    await removeClaimItem(input.claimItemId);
    return fetchClaim(input.claimId);
  }),
  saveDamages: fromPromise<Claim, SaveDamagesInput>(async ({ input }) => {
    await saveDamages(input, input.damages);
    return fetchClaim(input.claimId);
  }),
  deleteDamage: fromPromise<Claim, { claimId: number; damageId: number }>(async ({ input }) => {
    await deleteDamage(input.damageId);
    return fetchClaim(input.claimId);
  }),
  deleteDocument: fromPromise<Claim, { claimId: number; documentId: number }>(async ({ input }) => {
    await deleteDocument(input.documentId);
    return fetchClaim(input.claimId);
  }),
  submitClaim: fromPromise<string, { claimId: number; customerId: number }>(({ input }) => submitClaim(input)),
};

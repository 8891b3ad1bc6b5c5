/**
 * The aceClaim machine's actors, built from the ACE API client: each write is followed by a fresh
 * read of the claim, so the screen always shows what the server holds.
 */
import { fromPromise } from "xstate";
import type { LoadedAceClaim, ModelOptions, SaveAceItemsInput } from "../../../machines/ace-claim.machine.ts";
import type { DamageToSave } from "../../../machines/claim-drafts.ts";
import { phoneDigits, type Contact } from "../../../machines/contact-rules.ts";
import type { Claim } from "../../../machines/domain.ts";
import {
  deleteAceDamage,
  deleteAceDocument,
  fetchAceClaim,
  fetchAceOptions,
  fetchCustomerInfo,
  fetchModelOptions,
  removeAceClaimItem,
  saveAceClaimItems,
  saveAceDamages,
  saveCustomerInfo,
  submitAceClaim,
} from "../../api/ace-claims.ts";
import { fetchAcePlan } from "../../api/plans.ts";

/** Loads claim, plan, options (per model number of each plan item) and contact details. */
async function loadAceClaim({ claimId, planId, customerId }: { claimId: number; planId: number; customerId: number }): Promise<LoadedAceClaim> {
  const [claim, plan, options, contact] = await Promise.all([fetchAceClaim(claimId), fetchAcePlan(planId, customerId, claimId), fetchAceOptions(), fetchCustomerInfo(customerId)]);
  if (!plan || claim.planId !== plan.id || claim.customerId !== customerId) throw new Error("Claim does not belong to this plan");
  const models = [...new Set(plan.items.map((item) => item.modelNumber).filter((model): model is string => Boolean(model)))];
  const byModel = new Map(await Promise.all(models.map(async (model) => [model, await fetchModelOptions(model)] as const)));
  const none: ModelOptions = { damageTypes: [], howItHappened: [], damageAreas: [] };
  const modelOptions = Object.fromEntries(plan.items.map((item) => [item.id, (item.modelNumber && byModel.get(item.modelNumber)) || none]));
  return { claim, plan, options, modelOptions, contact };
}

export const aceClaimActors = {
  loadClaim: fromPromise<LoadedAceClaim, { claimId: number; planId: number; customerId: number }>(({ input }) => loadAceClaim(input)),
  saveContact: fromPromise<void, { customerId: number; contact: Contact }>(({ input }) =>
    saveCustomerInfo(input.customerId, {
      ...input.contact,
      firstName: input.contact.firstName.trim(),
      lastName: input.contact.lastName.trim(),
      email: input.contact.email.trim(),
      phone: phoneDigits(input.contact.phone),
      state: input.contact.state.trim().toUpperCase(),
    }),
  ),
  saveItems: fromPromise<Claim, SaveAceItemsInput>(async ({ input }) => {
    await saveAceClaimItems(input, input.items);
    return fetchAceClaim(input.claimId);
  }),
  removeItem: fromPromise<Claim, { claimId: number; claimItemId: number }>(async ({ input }) => {
    await removeAceClaimItem(input.claimId, input.claimItemId);
    return fetchAceClaim(input.claimId);
  }),
  saveDamages: fromPromise<Claim, { claimId: number; customerId: number; damages: DamageToSave[] }>(async ({ input }) => {
    await saveAceDamages(input, input.damages);
    return fetchAceClaim(input.claimId);
  }),
  deleteDamage: fromPromise<Claim, { claimId: number; damageId: number }>(async ({ input }) => {
    await deleteAceDamage(input.damageId);
    return fetchAceClaim(input.claimId);
  }),
  deleteDocument: fromPromise<Claim, { claimId: number; documentId: number }>(async ({ input }) => {
    await deleteAceDocument(input.documentId);
    return fetchAceClaim(input.claimId);
  }),
  submitClaim: fromPromise<string, { claimId: number }>(({ input }) => submitAceClaim(input.claimId)),
};

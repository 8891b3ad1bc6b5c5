/**
 * The claim wizards' actors, built by one factory from each family's API client (FPP: src/api/claims.ts,
 * ACE: src/api/ace-claims.ts). Every write is followed by a fresh read of the claim, so the screen
 * always shows what the server holds. Inputs and outputs are the machine's (claim-wizard.ts).
 */
import { fromPromise } from "xstate";
import type { LoadClaimInput, LoadedClaim, SaveDamagesInput, SaveItemsInput } from "../../../machines/claim-wizard.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import { phoneDigits, type Contact } from "../../../machines/contact-rules.ts";
import type { Claim, ModelOptions } from "../../../machines/domain.ts";
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
import { deleteDamage, fetchClaim, removeClaimItem, saveClaimItems, saveDamages, submitClaim } from "../../api/claims.ts";
import { deleteDocument } from "../../api/documents.ts";
import { fetchClaimOptions } from "../../api/lookups.ts";
import { fetchAcePlan, fetchPlan } from "../../api/plans.ts";

/** One family's calls, in the machine's terms. Each rejects with the HTTP error of a failed call. */
interface ClaimApi {
  load(input: LoadClaimInput): Promise<LoadedClaim>;
  fetchClaim(claimId: number): Promise<Claim>;
  saveItems(input: SaveItemsInput): Promise<void>;
  removeItem(input: { claimId: number; claimItemId: number }): Promise<void>;
  saveDamages(input: SaveDamagesInput): Promise<void>;
  deleteDamage(damageId: number): Promise<void>;
  deleteDocument(documentId: number): Promise<void>;
  /** The answer's message ('Succeed' when the claim was taken). */
  submit(input: { claimId: number; customerId: number }): Promise<string>;
  saveContact?(input: { customerId: number; contact: Contact }): Promise<void>;
}

/** FPP: claim, plan and options; rejects when the claim does not belong to the URL's plan. */
async function loadFppClaim({ claimId, planId }: LoadClaimInput): Promise<LoadedClaim> {
  const [claim, plan, options] = await Promise.all([fetchClaim(claimId), fetchPlan(planId), fetchClaimOptions()]);
  if (!plan || claim.planId !== plan.id) throw new Error("Claim does not belong to this plan");
  return { claim, plan, options };
}

/** ACE: claim, plan, options (per model number of each plan item) and the customer's contact details. */
async function loadAceClaim({ claimId, planId, customerId }: LoadClaimInput): Promise<LoadedClaim> {
  if (customerId === null) throw new Error("An ACE claim needs its customer");
  const [claim, plan, options, contact] = await Promise.all([fetchAceClaim(claimId), fetchAcePlan(planId, customerId, claimId), fetchAceOptions(), fetchCustomerInfo(customerId)]);
  if (!plan || claim.planId !== plan.id || claim.customerId !== customerId) throw new Error("Claim does not belong to this plan");
  const models = [...new Set(plan.items.map((item) => item.modelNumber).filter((model): model is string => Boolean(model)))];
  const byModel = new Map(await Promise.all(models.map(async (model) => [model, await fetchModelOptions(model)] as const)));
  const none: ModelOptions = { damageTypes: [], howItHappened: [], damageAreas: [] };
  const modelOptions = Object.fromEntries(plan.items.map((item) => [item.id, (item.modelNumber && byModel.get(item.modelNumber)) || none]));
  return { claim, plan, options, modelOptions, contact };
}

const CLAIM_APIS: Record<ClaimFamily, ClaimApi> = {
  fpp: {
    load: loadFppClaim,
    fetchClaim,
    saveItems: (input) => saveClaimItems(input, input.items),
    removeItem: (input) => removeClaimItem(input.claimItemId),
    saveDamages: async (input) => void (await saveDamages(input, input.damages)),
    deleteDamage,
    deleteDocument,
    submit: submitClaim,
  },
  ace: {
    load: loadAceClaim,
    fetchClaim: fetchAceClaim,
    saveItems: (input) => saveAceClaimItems(input, input.items),
    removeItem: (input) => removeAceClaimItem(input.claimId, input.claimItemId),
    saveDamages: (input) => saveAceDamages(input, input.damages),
    deleteDamage: deleteAceDamage,
    deleteDocument: deleteAceDocument,
    submit: (input) => submitAceClaim(input.claimId),
    saveContact: ({ customerId, contact }) =>
      saveCustomerInfo(customerId, {
        ...contact,
        firstName: contact.firstName.trim(),
        lastName: contact.lastName.trim(),
        email: contact.email.trim(),
        phone: phoneDigits(contact.phone),
        state: contact.state.trim().toUpperCase(),
      }),
  },
};

/** The injected actors of a family's wizard machine. */
export function claimActorsFor(family: ClaimFamily) {
  const api = CLAIM_APIS[family];
  /** A write, then the claim as the server now holds it. */
  const thenReload = <Input extends { claimId: number }>(write: (input: Input) => Promise<void>) =>
    fromPromise<Claim, Input>(async ({ input }) => {
      await write(input);
      return api.fetchClaim(input.claimId);
    });
  return {
    loadClaim: fromPromise<LoadedClaim, LoadClaimInput>(({ input }) => api.load(input)),
    saveContact: fromPromise<void, { customerId: number; contact: Contact }>(({ input }) =>
      api.saveContact ? api.saveContact(input) : Promise.reject(new Error(`${family} claims have no contact step`)),
    ),
    saveItems: thenReload<SaveItemsInput>(api.saveItems),
    removeItem: thenReload<{ claimId: number; claimItemId: number }>(api.removeItem),
    saveDamages: thenReload<SaveDamagesInput>(api.saveDamages),
    deleteDamage: thenReload<{ claimId: number; damageId: number }>((input) => api.deleteDamage(input.damageId)),
    deleteDocument: thenReload<{ claimId: number; documentId: number }>((input) => api.deleteDocument(input.documentId)),
    submitClaim: fromPromise<string, { claimId: number; customerId: number }>(({ input }) => api.submit(input)),
  };
}

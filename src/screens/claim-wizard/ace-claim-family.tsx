/**
 * The ACE claim wizard's row of the family table (claim-families.tsx; SPEC.md section 2 "Claim
 * wizard (ACE)"): its machine, its route, its damage options and its API. A module of its own, so
 * the FPP route loads neither the ACE machine nor the ACE client (issue 12).
 */
import { msg } from "@lingui/core/macro";
import { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import type { LoadClaimInput, LoadedClaim } from "../../../machines/claim-wizard.ts";
import { phoneDigits } from "../../../machines/contact-rules.ts";
import type { AceOptions, ModelOptions } from "../../../machines/domain.ts";
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
import { AceItemsStep, ContactStep, reportDamage, review, type ClaimFamilyTable } from "./claim-families.tsx";

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

export const ACE_CLAIM: ClaimFamilyTable = {
  family: "ace",
  machine: aceClaimMachine,
  route: "/find-claim/create-ace-claim",
  // ACE options depend on the item's model number; ACE damages have no specific damage.
  damageOptionsFor: ({ options, modelOptions }, planItemId) => {
    const model = modelOptions[planItemId];
    return {
      damageTypes: model?.damageTypes ?? [],
      specificDamages: [],
      damageAreas: model?.damageAreas ?? [],
      howItHappened: model?.howItHappened ?? [],
      remedies: (options as AceOptions | null)?.remedies ?? [],
    };
  },
  steps: {
    2: { title: msg`Verify your contact information`, editingTitle: msg`Update your contact information`, body: () => <ContactStep />, load: ContactStep.load },
    3: { title: msg`Select damaged items under your plan`, body: () => <AceItemsStep />, load: AceItemsStep.load },
    4: reportDamage,
    5: review,
  },
  api: {
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

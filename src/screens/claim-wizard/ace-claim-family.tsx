/**
 * The ACE claim wizard's row of the family table (claim-families.tsx; SPEC.md section 2 "Claim
 * wizard (ACE)"): its machine, its route, its damage options and its API. A module of its own, so
 * the FPP route does not load the ACE machine. Its claim load is in claim-loads.ts.
 */
import { msg } from "@lingui/core/macro";
import { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import { isMaskedValue } from "../../../contract/contact-masks.ts";
import { phoneDigits } from "../../../machines/contact-rules.ts";
import type { AceOptions } from "../../../machines/domain.ts";
import {
  deleteAceDamage,
  deleteAceDocument,
  fetchAceClaim,
  removeAceClaimItem,
  saveAceClaimItems,
  saveAceDamages,
  saveCustomerInfo,
  submitAceClaim,
} from "../../api/ace-claims.ts";
import { loadAceClaim } from "./claim-loads.ts";
import { reportDamage, review, type ClaimFamilyTable } from "./claim-families.tsx";
import { AceItemsStep, ContactStep } from "./step-screens.tsx";

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
    2: {
      title: msg`Verify your contact information`,
      editingTitle: msg`Update your contact information`,
      body: () => <ContactStep />,
    },
    3: { title: msg`Select damaged items under your plan`, body: () => <AceItemsStep /> },
    4: reportDamage,
    5: review,
  },
  api: {
    load: loadAceClaim,
    fetchClaim: fetchAceClaim,
    saveItems: (input, client) => saveAceClaimItems(input, input.items, client),
    removeItem: (input, client) => removeAceClaimItem(input.claimId, input.claimItemId, client),
    saveDamages: (input, client) => saveAceDamages(input, input.damages, client),
    deleteDamage: deleteAceDamage,
    deleteDocument: deleteAceDocument,
    submit: (input, client) => submitAceClaim(input.claimId, client),
    saveContact: ({ customerId, claimId, contact }, client) =>
      saveCustomerInfo(
        customerId,
        claimId,
        {
          ...contact,
          firstName: contact.firstName.trim(),
          lastName: contact.lastName.trim(),
          email: contact.email.trim(),
          // A masked phone goes back as shown: it keeps the number on file.
          phone: isMaskedValue(contact.phone) ? contact.phone : phoneDigits(contact.phone),
          state: contact.state.trim().toUpperCase(),
        },
        client,
      ),
  },
};

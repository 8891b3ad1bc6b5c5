/**
 * The FPP claim wizard's row of the family table (claim-families.tsx; SPEC.md section 2 "Claim
 * wizard (FPP)"): its machine, its route, its damage options and its API. A module of its own, so
 * the FPP route does not load the ACE machine. Its claim load is in claim-loads.ts.
 */
import { msg } from "@lingui/core/macro";
import type { ClaimOptions } from "../../../machines/domain.ts";
import { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import {
  deleteDamage,
  fetchClaim,
  removeClaimItem,
  saveClaimItems,
  saveDamages,
  submitClaim,
} from "../../api/claims.ts";
import { deleteDocument } from "../../api/documents.ts";
import { loadFppClaim } from "./claim-loads.ts";
import { reportDamage, review, type ClaimFamilyTable } from "./claim-families.tsx";
import { ItemDetailsStep, SelectItemsStep } from "./step-screens.tsx";

export const FPP_CLAIM: ClaimFamilyTable = {
  family: "fpp",
  machine: fppClaimMachine,
  route: "/find-claim/create-claim",
  // FPP damage options are the same for every item; damage areas come with the claim.
  damageOptionsFor: ({ options, claim }) => {
    const lists = options as ClaimOptions | null;
    return {
      damageTypes: lists?.damageTypes ?? [],
      specificDamages: lists?.specificDamages ?? [],
      damageAreas: claim?.damageAreas ?? [],
      howItHappened: lists?.howItHappened ?? [],
      remedies: lists?.remedies ?? [],
    };
  },
  steps: {
    2: { title: msg`Select damaged items under your plan`, body: () => <SelectItemsStep canAddMissingItem /> },
    3: { title: msg`Confirm/Update Item Details`, body: () => <ItemDetailsStep /> },
    4: reportDamage,
    5: review,
  },
  api: {
    load: loadFppClaim,
    fetchClaim,
    saveItems: (input, client) => saveClaimItems(input, input.items, client),
    removeItem: (input, client) => removeClaimItem(input.claimItemId, client),
    saveDamages: async (input, client) => void (await saveDamages(input, input.damages, client)),
    deleteDamage,
    deleteDocument,
    submit: submitClaim,
  },
};

/**
 * The table the one ClaimWizard screen is driven by: per family (FPP, ACE), its machine, its route,
 * where its damage options come from, and the title and body of each step (SPEC.md section 2
 * "Claim wizard (FPP)" and "Claim wizard (ACE)"). Titles are message descriptors, translated where
 * they are shown.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import type { DamageOptions } from "../../../machines/claim-drafts.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import type { ClaimWizardContext } from "../../../machines/claim-wizard.ts";
import type { AceOptions, ClaimOptions } from "../../../machines/domain.ts";
import { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { ContactStep } from "./ContactStep.tsx";
import { DamageStep } from "./DamageStep.tsx";
import { ItemDetailsStep } from "./ItemDetailsStep.tsx";
import { ReviewStep } from "./ReviewStep.tsx";
import { SelectItemsStep } from "./SelectItemsStep.tsx";

export interface WizardStepView {
  title: MessageDescriptor;
  /** The title once the consumer has changed something on the step that is not saved yet. */
  editingTitle?: MessageDescriptor;
  body: () => ReactNode;
}

export interface ClaimFamilyTable {
  machine: typeof fppClaimMachine | typeof aceClaimMachine;
  /** The route the wizard lives on; its `step` search param mirrors the machine. */
  route: "/find-claim/create-claim" | "/find-claim/create-ace-claim";
  /** Damage options of one chosen item. */
  damageOptionsFor(context: Pick<ClaimWizardContext, "claim" | "options" | "modelOptions">, planItemId: number): DamageOptions;
  steps: Record<2 | 3 | 4 | 5, WizardStepView>;
}

const reportDamage: WizardStepView = { title: msg`Report your damage`, body: () => <DamageStep /> };
const review: WizardStepView = { title: msg`Review claim details`, body: () => <ReviewStep /> };

export const CLAIM_FAMILIES: Record<ClaimFamily, ClaimFamilyTable> = {
  fpp: {
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
  },
  ace: {
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
      2: { title: msg`Verify your contact information`, editingTitle: msg`Update your contact information`, body: () => <ContactStep /> },
      3: { title: msg`Select damaged items under your plan`, body: () => <AceItemsStep /> },
      4: reportDamage,
      5: review,
    },
  },
};

/** ACE step 3: the items and, below them, their details. */
function AceItemsStep() {
  const { t } = useLingui();
  return (
    <>
      <SelectItemsStep />
      <h2>{t`Confirm/Update Item Details`}</h2>
      <ItemDetailsStep pointToStep2={false} />
    </>
  );
}

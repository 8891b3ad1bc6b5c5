/**
 * The table the one ClaimWizard screen is driven by: per family (FPP, ACE), its machine, its route,
 * where its damage options come from, its API, and the title and body of each step (SPEC.md
 * section 2 "Claim wizard (FPP)" and "Claim wizard (ACE)"). Each family's row is a module of its
 * own (fpp-claim-family.tsx, ace-claim-family.tsx), given to ClaimWizard by its route. Titles are
 * message descriptors, translated where they are shown.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { DamageStep, ReviewStep } from "./step-screens.tsx";
import type { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import type { DamageOptions } from "../../../machines/claim-drafts.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import type { ClaimWizardContext } from "../../../machines/claim-wizard.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import type { ClaimApi } from "./claim-actors.ts";

export interface WizardStepView {
  title: MessageDescriptor;
  /** The title once the consumer has changed something on the step that is not saved yet. */
  editingTitle?: MessageDescriptor;
  body: () => ReactNode;
}

export interface ClaimFamilyTable {
  family: ClaimFamily;
  machine: typeof fppClaimMachine | typeof aceClaimMachine;
  /** The route the wizard lives on; its `step` search param mirrors the machine. */
  route: "/find-claim/create-claim" | "/find-claim/create-ace-claim";
  /** Damage options of one chosen item. */
  damageOptionsFor(
    context: Pick<ClaimWizardContext, "claim" | "options" | "modelOptions">,
    planItemId: number,
  ): DamageOptions;
  steps: Record<2 | 3 | 4 | 5, WizardStepView>;
  /** The family's calls, behind the machine's injected actors (claim-actors.ts). */
  api: ClaimApi;
}

export const reportDamage: WizardStepView = { title: msg`Report your damage`, body: () => <DamageStep /> };
export const review: WizardStepView = { title: msg`Review claim details`, body: () => <ReviewStep /> };

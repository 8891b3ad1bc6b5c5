/**
 * The table the one ClaimWizard screen is driven by: per family (FPP, ACE), its machine, its route,
 * where its damage options come from, its API, and the title and body of each step (SPEC.md
 * section 2 "Claim wizard (FPP)" and "Claim wizard (ACE)"). Each family's row is a module of its
 * own (fpp-claim-family.tsx, ace-claim-family.tsx), given to ClaimWizard by its route. Titles are
 * message descriptors, translated where they are shown.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ComponentType, ReactNode } from "react";
import type { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import type { DamageOptions } from "../../../machines/claim-drafts.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import type { ClaimWizardContext } from "../../../machines/claim-wizard.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import type { ClaimApi } from "./claim-actors.ts";

/**
 * Each step's screen is loaded when the wizard is about to show that step, so a link to step 4
 * downloads and evaluates only the damage step. ClaimWizard starts the URL's step while
 * the claim itself loads, and the next or previous one when the person moves. Until its code is in,
 * the step suspends; once in, it renders at once (no Suspense fallback for a step already loaded,
 * so focus lands on it as WizardFrame says).
 */
function lazyStep<P extends object>(importStep: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const load = () =>
    (loading ??= importStep().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (a lost connection) is tried again on the next render.
        loading = undefined;
        throw error;
      },
    ));
  function LazyStep(props: P) {
    // Suspends until the code is in (the promise is Suspense's, as React.lazy's is); a screen
    // already loaded renders in the same pass, which `use` of a new promise would not.
    if (!loaded) throw load();
    const Step = loaded;
    return <Step {...props} />;
  }
  return Object.assign(LazyStep, { load });
}
export const ContactStep = lazyStep(async () => (await import("./ContactStep.tsx")).ContactStep);
export const DamageStep = lazyStep(async () => (await import("./DamageStep.tsx")).DamageStep);
export const ReviewStep = lazyStep(async () => (await import("./ReviewStep.tsx")).ReviewStep);
export const AceItemsStep = lazyStep(async () => (await import("./AceItemsStep.tsx")).AceItemsStep);
export const SelectItemsStep = lazyStep(async () => (await import("./SelectItemsStep.tsx")).SelectItemsStep);
export const ItemDetailsStep = lazyStep(async () => (await import("./ItemDetailsStep.tsx")).ItemDetailsStep);

export interface WizardStepView {
  title: MessageDescriptor;
  /** The title once the consumer has changed something on the step that is not saved yet. */
  editingTitle?: MessageDescriptor;
  body: () => ReactNode;
  /** Starts loading the step's screen (its body renders once it is in). */
  load: () => Promise<unknown>;
}

export interface ClaimFamilyTable {
  family: ClaimFamily;
  machine: typeof fppClaimMachine | typeof aceClaimMachine;
  /** The route the wizard lives on; its `step` search param mirrors the machine. */
  route: "/find-claim/create-claim" | "/find-claim/create-ace-claim";
  /** Damage options of one chosen item. */
  damageOptionsFor(context: Pick<ClaimWizardContext, "claim" | "options" | "modelOptions">, planItemId: number): DamageOptions;
  steps: Record<2 | 3 | 4 | 5, WizardStepView>;
  /** The family's calls, behind the machine's injected actors (claim-actors.ts). */
  api: ClaimApi;
}

export const reportDamage: WizardStepView = { title: msg`Report your damage`, body: () => <DamageStep />, load: DamageStep.load };
export const review: WizardStepView = { title: msg`Review claim details`, body: () => <ReviewStep />, load: ReviewStep.load };

/**
 * The table the one ClaimWizard screen is driven by: per family (FPP, ACE), its machine, its route,
 * where its damage options come from, its API, and the title and body of each step (SPEC.md
 * section 2 "Claim wizard (FPP)" and "Claim wizard (ACE)"). Each family's row is a module of its
 * own (fpp-claim-family.tsx, ace-claim-family.tsx), given to ClaimWizard by its route. Titles are
 * message descriptors, translated where they are shown.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { lazy, type ComponentType, type ReactNode } from "react";
import type { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import type { DamageOptions } from "../../../machines/claim-drafts.ts";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";
import type { ClaimWizardContext } from "../../../machines/claim-wizard.ts";
import type { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import type { ClaimApi } from "./claim-actors.ts";

/**
 * A step's screen by React.lazy, with `preload` to start its download before it renders: the
 * wizard preloads the URL's step while the claim itself loads, and the next or previous one when
 * the person moves, so a link to step 4 downloads and evaluates only the damage step. A failed
 * download is tried again by the next preload or render.
 */
function lazyStep<P extends object>(importStep: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= importStep().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
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
  preload: () => Promise<unknown>;
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

export const reportDamage: WizardStepView = { title: msg`Report your damage`, body: () => <DamageStep />, preload: DamageStep.preload };
export const review: WizardStepView = { title: msg`Review claim details`, body: () => <ReviewStep />, preload: ReviewStep.preload };

/**
 * The claim wizards' step screens (SPEC.md section 2, "Claim wizard (FPP)" and "(ACE)"), each
 * loaded by React.lazy, and which one each family shows at steps 2 to 5 and once submitted (6),
 * each fetched when its step is reached or about to be (Next, Submit). A module of its own,
 * small and free of the screens, so a wizard route can start the URL's step screen in its
 * beforeLoad: a claim opened cold from a link then asks for the step's code beside the route's,
 * not after it.
 */
import { lazy, type ComponentType } from "react";
import type { ClaimFamily } from "../../../machines/claim-steps.ts";

/**
 * A screen by React.lazy, with `preload` to start its download early. A download that failed
 * before the step first rendered is tried again by the next preload or render; one that fails
 * while the step renders reaches the route's error page, whose Refresh Page loads it anew.
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

// Each step's screen (ContactStep.tsx, DamageStep.tsx, ...), loaded on first render or preload.
export const ContactStep = lazyStep(async () => (await import("./ContactStep.tsx")).ContactStep);
export const DamageStep = lazyStep(async () => (await import("./DamageStep.tsx")).DamageStep);
export const ReviewStep = lazyStep(async () => (await import("./ReviewStep.tsx")).ReviewStep);
export const AceItemsStep = lazyStep(async () => (await import("./AceItemsStep.tsx")).AceItemsStep);
export const SelectItemsStep = lazyStep(async () => (await import("./SelectItemsStep.tsx")).SelectItemsStep);
export const ItemDetailsStep = lazyStep(async () => (await import("./ItemDetailsStep.tsx")).ItemDetailsStep);
export const ClaimSubmitted = lazyStep(async () => (await import("./ClaimSubmitted.tsx")).ClaimSubmitted);

/** The screen each family shows at each step with one; 6 is the submitted screen of both. */
const SCREENS: Record<ClaimFamily, Record<2 | 3 | 4 | 5 | 6, { preload: () => Promise<unknown> }>> = {
  fpp: { 2: SelectItemsStep, 3: ItemDetailsStep, 4: DamageStep, 5: ReviewStep, 6: ClaimSubmitted },
  ace: { 2: ContactStep, 3: AceItemsStep, 4: DamageStep, 5: ReviewStep, 6: ClaimSubmitted },
};

/**
 * Starts loading the screen of `family`'s step `step` (2 to 6; any other step has none). Never
 * rejects: a failed download is tried again when the step renders, and shows its error there.
 */
export function preloadStepScreen(family: ClaimFamily, step: number | null | undefined): void {
  const screen = step ? SCREENS[family][step as 2 | 3 | 4 | 5 | 6] : undefined;
  screen?.preload().catch(() => undefined);
}

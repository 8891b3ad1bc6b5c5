/**
 * The FPP wizard's step table and the rule deciding which step a URL may show (SPEC.md section 2,
 * "Claim wizard (FPP)"; DESIGN.md "URL and machine"). One source for the machine and the screens.
 */
import type { Claim } from "./domain.ts";

/** Steps 1 to 5 are numbered on screen; 6 is the completed state. */
export const FPP_STEPS = [1, 2, 3, 4, 5] as const;
export const FPP_DONE_STEP = FPP_STEPS.length + 1;

export type WizardStep = 2 | 3 | 4 | 5 | 6;

/** What decides how far a consumer may jump: what the server holds and what is chosen. */
export interface StepFacts {
  claim: Claim;
  selection: number[];
}

/** True when the claim has items, each with a damage and a document: the review can show. */
export function isReadyForReview(claim: Claim): boolean {
  return claim.items.length > 0 && claim.items.every((item) => item.damages.length > 0 && item.documents.length > 0);
}

/**
 * The step to show for a requested one. Step 1 is the plan choice ("selectPlan"); a missing,
 * non-numeric or too high step resets to 2; a submitted claim shows its completed state; otherwise
 * the furthest reachable step not beyond the requested one, so a reload resumes where it was
 * (4 needs saved items, 5 a claim ready for review).
 */
export function resolveStep(requested: number | null, facts: StepFacts): WizardStep | "selectPlan" {
  if (facts.claim.status !== "Draft") return 6;
  if (requested === 1) return "selectPlan";
  if (requested === null || !Number.isInteger(requested) || requested < 1 || requested > 5) return 2;
  const reachable: Record<2 | 3 | 4 | 5, boolean> = {
    2: true,
    // Reached with nothing chosen, step 3 says so ('Please select some items on 2nd step').
    3: true,
    4: facts.claim.items.length > 0,
    5: isReadyForReview(facts.claim),
  };
  for (let step = requested; step > 2; step--) if (reachable[step as 3 | 4 | 5]) return step as WizardStep;
  return 2;
}

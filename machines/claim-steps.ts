/**
 * The claim wizards' step tables and the rule deciding which step a URL may show (SPEC.md section 2
 * "Claim wizard (FPP)" and "Claim wizard (ACE)"; DESIGN.md "URL and machine"). One source for the
 * machines' routing guards and the screens' step circles.
 *
 * FPP: 2 select items, 3 confirm their details, 4 report damage, 5 review, 6 submitted.
 * ACE: 2 verify contact details, 3 select items with their details, 4 report damage, 5 review,
 * 6 submitted. Step 1 is the plan choice, outside the wizard.
 */
import { isValidContact, type Contact } from "./contact-rules.ts";
import { claimStatusGroup, type Claim } from "./domain.ts";

/** The two wizards: FPP plans, and ACE plans (contact details first, options per model number). */
export type ClaimFamily = "fpp" | "ace";

/** Steps 1 to 5 are numbered on screen; 6 is the submitted state. */
export const CLAIM_STEPS = [1, 2, 3, 4, 5] as const;
export const SUBMITTED_STEP = CLAIM_STEPS.length + 1;

/** A step the wizard itself shows (1, the plan choice, is another screen). */
export type WizardStep = 2 | 3 | 4 | 5 | 6;

/** What decides how far a consumer may jump: what the server holds and what is chosen. */
export interface StepFacts {
  claim: Claim;
  selection: number[];
  /** ACE only: the contact details on screen, and whether the server holds them as shown. */
  contact?: Partial<Contact>;
  contactSaved?: boolean;
}

/** True when the claim has items, each with a damage and a document: the review can show. */
export function isReadyForReview(claim: Claim): boolean {
  return claim.items.length > 0 && claim.items.every((item) => item.damages.length > 0 && item.documents.length > 0);
}

/** Per family, whether steps 3 to 5 may be shown for these facts (step 2 always may). */
const REACHABLE: Record<ClaimFamily, (facts: StepFacts) => Record<3 | 4 | 5, boolean>> = {
  fpp: ({ claim }) => ({
    // Reached with nothing chosen, step 3 says so ('Please select some items on 2nd step').
    3: true,
    4: claim.items.length > 0,
    5: isReadyForReview(claim),
  }),
  ace: ({ claim, contact = {}, contactSaved = false }) => {
    // Edited contact details must be saved with Next before moving on.
    const contactReady = contactSaved && isValidContact(contact);
    return { 3: contactReady, 4: contactReady && claim.items.length > 0, 5: contactReady && isReadyForReview(claim) };
  },
};

/**
 * The step to show for a requested one. A claim no longer in the draft group (SPEC.md section 4:
 * Draft, Not submitted, UNKNOWN) shows its submitted state; step 1 is the plan choice ("selectPlan"); a missing, non-numeric or too high step resets to
 * 2; otherwise the furthest reachable step not beyond the requested one, so a reload resumes where
 * it was.
 */
export function resolveStep(
  family: ClaimFamily,
  requested: number | null,
  facts: StepFacts,
): WizardStep | "selectPlan" {
  if (claimStatusGroup(facts.claim.status) !== "draft") return 6;
  if (requested === 1) return "selectPlan";
  // Only 3, 4 and 5 are reachable keys, so the walk down ends on 2 for a fractional, NaN, zero or
  // negative request without a check of its own; a too high one must not resume at 5.
  if (requested === null || requested > 5) return 2;
  const reachable = REACHABLE[family](facts);
  for (let step = requested; step >= 3; step--) if (reachable[step as 3 | 4 | 5]) return step as WizardStep;
  return 2;
}

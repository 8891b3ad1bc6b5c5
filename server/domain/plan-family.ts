/**
 * Plan families: ACE plans (plan type Ace or Mace) file claims through the /ace/ calls with the ACE
 * lookup lists and keep their documents under the ACE storage prefix; every other plan (FPP,
 * LEGACY) through the FPP calls (SPEC.md sections 3 "Plan", "Document" and 7 "ACE calls").
 */
import { conflict } from "./refusals.ts";

export type PlanFamily = "fpp" | "ace";

/** Plan types whose claims are ACE claims. */
const ACE_PLAN_TYPES: readonly string[] = ["Ace", "Mace"];

/** The family of a plan type; anything not ACE files claims as FPP. */
export function familyOf(planType: string | null): PlanFamily {
  return planType !== null && ACE_PLAN_TYPES.includes(planType) ? "ace" : "fpp";
}

/**
 * Refuses a plan or claim of the other family.
 * @throws HttpError 409 WRONG_PLAN_TYPE
 */
export function requireFamily(planType: string | null, family: PlanFamily): void {
  if (familyOf(planType) === family) return;
  throw conflict(
    "WRONG_PLAN_TYPE",
    family === "ace"
      ? `The plan is of type ${planType}, not an ACE plan: use the FPP calls`
      : `The plan is of type ${planType}, an ACE plan: use the /ace/ calls`,
  );
}

/**
 * Surviving mutants judged equivalent: the mutated code behaves the same for every input a
 * consumer or the API can give, so no test can tell them apart. Keyed by
 * "<file>:<line>:<column> <mutator>" as scripts/mutation-summary.ts prints a survivor; each reason
 * is one line saying why. A survivor not listed here shows in docs/qa/mutation.md as not yet killed.
 */
export const EQUIVALENT_MUTANTS: Readonly<Record<string, string>> = {
  // isRealDate's last line: a day or month out of range rolls Date.UTC over into another month
  // and (for a month) another year, so any two of the three comparisons refuse what the third would.
  "contract/schemas.ts:32:10 LogicalOperator": "a month out of range moves the year as well, so 'year or month right' still refuses every rolled-over date",
  "contract/schemas.ts:32:10 ConditionalExpression": "the year check is redundant: every rollover that moves the year also moves the month",
  "contract/schemas.ts:32:44 ConditionalExpression": "the month check is redundant with the day check: a day out of range always lands on another day number",
  "contract/schemas.ts:32:80 ConditionalExpression": "the day check is redundant with the month check: a day out of range (00, 30 Feb, 32...) always lands in another month",
  // claim-wizard.ts
  "machines/claim-wizard.ts:132:19 BooleanLiteral": "contactSaved before the load is read by nothing: no step shows until the claim loads, and hydrate sets it true",
  "machines/claim-wizard.ts:153:19 OptionalChaining": "items are saved only from a step, which shows only once the claim and its plan have loaded, so the plan is never null there",
  "machines/claim-wizard.ts:218:25 OptionalChaining": "markDamageDeletion runs only after isSavedDamageBlock found that very block with a savedId, so neither link can be missing",
  "machines/claim-wizard.ts:278:38 ConditionalExpression": "hasCompleteDetails is already false for an empty selection, so the length check adds nothing",
  "machines/claim-wizard.ts:278:38 EqualityOperator": "hasCompleteDetails is already false for an empty selection, so the length check adds nothing",
};

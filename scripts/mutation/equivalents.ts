/**
 * Surviving mutants judged equivalent: the mutated code behaves the same for every input a
 * consumer or the API can give, so no test can tell them apart. Keyed by
 * "<file>:<line>:<column> <mutator>" as scripts/mutation-summary.ts prints a survivor; each reason
 * is one line saying why. A survivor not listed here shows in docs/qa/mutation.md as not yet killed.
 */
export const EQUIVALENT_MUTANTS: Readonly<Record<string, string>> = {};

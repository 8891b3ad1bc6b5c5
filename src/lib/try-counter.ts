/**
 * The plan-search try counter (SPEC.md section 4, "Plan-search try counter") kept in this tab's
 * session storage under `planSearch.failedSearches`, so a reload of no-warranty-found still offers
 * Contact Service after 3 failed searches. Session storage, not local: the count belongs to this
 * visit, and a new tab (or a new visit) starts at zero.
 */

const KEY = "planSearch.failedSearches";

/**
 * The count a stored value spells, or null when it is not one this module writes: a whole number
 * of failed searches written as plain digits (no sign, no fraction, no leading zero, no exponent)
 * within the safe integers. Anything else (a hand edit, another app's value) is not trusted.
 */
export function parseFailedSearches(stored: string | null): number | null {
  if (stored === null || !/^(0|[1-9]\d*)$/.test(stored)) return null;
  const count = Number(stored);
  return Number.isSafeInteger(count) ? count : null;
}

/** Failed searches of this visit (a whole number from 0); 0 when none are kept or the kept value is not a count. */
export function loadFailedSearches(): number {
  try {
    return parseFailedSearches(window.sessionStorage.getItem(KEY)) ?? 0;
  } catch {
    // Storage refused (privacy settings): the visit starts at zero, as before a reload.
    return 0;
  }
}

/** Keeps the count for the rest of the visit; a full or refused storage only loses the copy. */
export function saveFailedSearches(count: number): void {
  try {
    window.sessionStorage.setItem(KEY, String(count));
  } catch {
    // Quota or privacy mode: the count in the running app is untouched.
  }
}

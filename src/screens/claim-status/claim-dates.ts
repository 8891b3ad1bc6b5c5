/**
 * Dates of the claim-status page in the consumer's zone and language. The API dates each step with
 * an instant (ISO 8601, UTC): luxon finds the day it was where the consumer is, shown as every date
 * of the portal is ('MMMM Do, YYYY', SPEC.md section 5). Loaded with the page only.
 */
import type { I18n } from "@lingui/core";
import { DateTime } from "luxon";
import { formatDisplayDate } from "../../lib/dates.ts";

/** The consumer's day of an ISO 8601 instant (`YYYY-MM-DD`), or null when it is no instant. */
export function localDayOf(instant: string, zone = "system"): string | null {
  const moment = DateTime.fromISO(instant, { zone });
  return moment.isValid ? moment.toISODate() : null;
}

/** The day a step was reached, in the consumer's zone and i18n's language; '' for no valid instant. */
export function reachedOnText(instant: string, i18n: I18n): string {
  return formatDisplayDate(localDayOf(instant), i18n);
}

/** True when the day `expectedBy` (`YYYY-MM-DD`) is already over where the consumer is. */
export function isPastDue(expectedBy: string, zone = "system"): boolean {
  const today = DateTime.local({ zone }).toISODate();
  return today !== null && expectedBy < today;
}

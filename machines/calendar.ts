/**
 * Calendar rules of the claim forms (SPEC.md sections 5 and 9), done by luxon: 'today' in the
 * consumer's zone, the date field's range, typed DD/MM/YYYY dates and a new claim's dates. Pure (no
 * I/O), so the machines may use it; it is loaded with the wizard steps that need it, never with the
 * app shell (src/api/claims.ts imports it lazily for that reason).
 */
import { DateTime } from "luxon";

/** The date field's first day (SPEC.md section 9). */
export const EARLIEST_NOTICE_DATE = "2000-01-01";

// Wire and field formats are digits, not words: a fixed locale keeps luxon from asking the
// platform for the consumer's (an Intl start-up the first date would pay for, about 90 ms on a
// throttled phone).
const FORMAT_LOCALE = "en-US";

/** A time zone: an IANA name ('America/Los_Angeles') or "system", the consumer's own. */
export type Zone = string;

/** Now, in `zone` (the consumer's unless given). */
function now(zone: Zone): DateTime {
  return DateTime.local({ zone, locale: FORMAT_LOCALE });
}

/** Today's date in `zone` (the consumer's unless given), `YYYY-MM-DD`. */
export function localToday(zone: Zone = "system"): string {
  return now(zone).toISODate()!;
}

/** A `YYYY-MM-DD` date as its first moment in `zone`; invalid when it is no real day. */
function isoDay(iso: string, zone: Zone = "system"): DateTime {
  return DateTime.fromFormat(iso, "yyyy-MM-dd", { zone, locale: FORMAT_LOCALE });
}

/** True when `iso` (`YYYY-MM-DD`) names a day that exists in the calendar (no 30th of February). */
export function isRealDay(iso: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isoDay(iso).isValid;
}

/**
 * True when `iso` (`YYYY-MM-DD`, a real day) lies between 2000-01-01 and today in `zone`, both
 * included: the date field's range (SPEC.md section 9).
 */
export function isWithinNoticeRange(iso: string, zone: Zone = "system"): boolean {
  // Text that is no YYYY-MM-DD is out of range without asking luxon: its answer for unparsable
  // text carries the platform's locale, the Intl start-up FORMAT_LOCALE otherwise spares.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const day = isoDay(iso, zone);
  return day.isValid && day >= isoDay(EARLIEST_NOTICE_DATE, zone) && day <= now(zone).startOf("day");
}

/**
 * Tidies a date as it is typed, key by key, toward DD/MM/YYYY (the date field's placeholder, SPEC.md
 * section 5). People write single-digit days and months and separate with '/', '.' or '-': those
 * are kept as typed (separators shown as '/'). Digits alone get their slashes after the day and
 * the month.
 */
export function maskDayMonthYear(typed: string): string {
  const widths = [2, 2, 4];
  const parts: string[] = [];
  // A day or month typed past two digits goes on into the next part, as the slashes put it.
  for (let part of typed
    .replace(/[^\d/.\- ]/g, "")
    .split(/[/.\- ]+/)
    .filter(Boolean)) {
    while (parts.length < 2 && part.length > 2) {
      parts.push(part.slice(0, 2));
      part = part.slice(2);
    }
    if (parts.length < 3) parts.push(part.slice(0, widths[parts.length]));
  }
  const trailing = /[/.\- ]$/.test(typed) && parts.length > 0 && parts.length < 3 ? "/" : "";
  return parts.join("/") + trailing;
}

/**
 * A typed date, D/M/YYYY or DD/MM/YYYY, as an ISO date; '' while incomplete; the text itself when
 * it names no real day (31/02/2024), so the form's rules can say what is wrong rather than move
 * to March.
 */
export function dayMonthYearToIso(text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) return "";
  const padded = `${match[1]!.padStart(2, "0")}/${match[2]!.padStart(2, "0")}/${match[3]}`;
  const day = DateTime.fromFormat(padded, "dd/MM/yyyy", { locale: FORMAT_LOCALE });
  return day.isValid ? day.toISODate()! : text;
}

/**
 * An ISO date (`YYYY-MM-DD`, a time part may follow and is ignored) as DD/MM/YYYY, or '' for an
 * empty or invalid one.
 */
export function isoToDayMonthYear(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]*(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(iso);
  const day = match ? isoDay(match[1]!) : null;
  return day?.isValid ? day.toFormat("dd/MM/yyyy") : "";
}

/**
 * A new claim's dates at the instant `at` (now unless given), in `zone` (the consumer's unless
 * given): the day (`YYYY-MM-DD`) and the moment (`YYYY-MM-DD HH:mm:ss`) (SPEC.md section 7, "FPP
 * claim calls").
 */
export function claimDates(at?: Date, zone: Zone = "system"): { day: string; moment: string } {
  // The locale goes in with the date: setLocale afterwards would keep the numbering system of a
  // platform locale such as ar-EG-u-nu-arab, and the moment would go out in Arabic-Indic digits.
  const local = at ? DateTime.fromMillis(at.getTime(), { zone, locale: FORMAT_LOCALE }) : now(zone);
  return { day: local.toISODate()!, moment: local.toFormat("yyyy-MM-dd HH:mm:ss") };
}

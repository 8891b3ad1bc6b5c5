/**
 * Dates (SPEC.md sections 5 and 9): ISO `YYYY-MM-DD` on the wire, 'MMMM Do, YYYY' on screen
 * (localised: 'January 5th, 2026', '5 de enero de 2026'), picker range 2000-01-01 to today.
 */
import { DateTime } from "luxon";

// The picker's range is the damage date rule's, held once in machines/claim-rules.ts.
export { EARLIEST_NOTICE_DATE as EARLIEST_DATE, localToday as todayIso } from "../../machines/claim-rules.ts";

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th"}`;
}

/** 'MMMM Do, YYYY' for an ISO date in the given language; '' for an empty or invalid date. */
export function formatDisplayDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return "";
  const date = DateTime.fromISO(iso.slice(0, 10)).setLocale(locale);
  if (!date.isValid) return "";
  if (locale.startsWith("es")) return date.toFormat("d 'de' MMMM 'de' yyyy");
  return `${date.toFormat("MMMM")} ${ordinal(date.day)}, ${date.year}`;
}

/** Masks typed digits as DD/MM/YYYY (the date field's placeholder, SPEC.md section 5). */
export function maskDayMonthYear(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join("/");
}

/** DD/MM/YYYY to an ISO date; '' while incomplete; the text itself when it is no real date. */
export function dayMonthYearToIso(text: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return "";
  const date = DateTime.fromObject({ day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) });
  return date.isValid ? date.toISODate()! : text;
}

/** An ISO date as DD/MM/YYYY, or '' for an empty or invalid one. */
export function isoToDayMonthYear(iso: string): string {
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toFormat("dd/MM/yyyy") : "";
}

/**
 * Dates on screen (SPEC.md sections 5 and 9): an ISO `YYYY-MM-DD` from the wire shown as 'MMMM Do,
 * YYYY' (localised: 'January 5th, 2026', '5 de enero de 2026'). Calendar dates only, no time or
 * zone. The catalog names the month: the screens that only show a date (select-plan first of all)
 * load no date library, and the first date shown costs no start-up of the platform's
 * Intl.DateTimeFormat, which was the longest piece of work in showing create-claim step 4 on a
 * throttled phone (about 90 ms). What a person types or picks, and 'today', are luxon's work in
 * machines/calendar.ts, loaded with the forms that ask for a date.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th"}`;
}

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The day as a UTC instant when it exists in the calendar (no 31st of April), else null. */
function calendarDay({ year, month, day }: CalendarDate): Date | null {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** An ISO `YYYY-MM-DD` as a calendar date; null when it is none. */
function parseIsoDate(iso: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return calendarDay(date) ? date : null;
}

/** The months' names, January first, as a date on screen shows them ('January', 'enero'). */
const MONTHS = [
  msg({ context: "month", message: "January" }),
  msg({ context: "month", message: "February" }),
  msg({ context: "month", message: "March" }),
  msg({ context: "month", message: "April" }),
  msg({ context: "month", message: "May" }),
  msg({ context: "month", message: "June" }),
  msg({ context: "month", message: "July" }),
  msg({ context: "month", message: "August" }),
  msg({ context: "month", message: "September" }),
  msg({ context: "month", message: "October" }),
  msg({ context: "month", message: "November" }),
  msg({ context: "month", message: "December" }),
];

const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** 'MMMM Do, YYYY' for an ISO date in i18n's language; '' for an empty or invalid date. */
export function formatDisplayDate(iso: string | null | undefined, i18n: I18n): string {
  if (!iso) return "";
  const parsed = parseIsoDate(iso.slice(0, 10));
  if (!parsed) return "";
  const month = i18n._(MONTHS[parsed.month - 1]!);
  if (i18n.locale.startsWith("es")) return `${parsed.day} de ${month} de ${pad(parsed.year, 4)}`;
  return `${month} ${ordinal(parsed.day)}, ${parsed.year}`;
}

/**
 * src/lib/dates.ts formats without luxon, its month names from the catalogs (issue 12): it must
 * say what luxon said, date for date, in both languages, and refuse what luxon refused.
 */
import { setupI18n } from "@lingui/core";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { dayMonthYearToIso, formatDisplayDate, isoToDayMonthYear } from "../../src/lib/dates.ts";

const languages = { en: setupI18n({ locale: "en", messages: { en } }), es: setupI18n({ locale: "es", messages: { es } }) };

/** What the luxon implementation returned (kept here as the reference). */
function luxonDisplay(iso: string, locale: string): string {
  const date = DateTime.fromISO(iso.slice(0, 10)).setLocale(locale);
  if (!date.isValid) return "";
  const tens = date.day % 100;
  const ordinal = tens >= 11 && tens <= 13 ? `${date.day}th` : `${date.day}${{ 1: "st", 2: "nd", 3: "rd" }[date.day % 10] ?? "th"}`;
  if (locale.startsWith("es")) return date.toFormat("d 'de' MMMM 'de' yyyy");
  return `${date.toFormat("MMMM")} ${ordinal}, ${date.year}`;
}

const days = Array.from({ length: 800 }, (_, index) => DateTime.fromISO("2023-11-20").plus({ days: index * 3 }).toISODate()!);

describe("dates", () => {
  it("shows every date as luxon did, in English and Spanish", () => {
    for (const iso of [...days, "2000-01-01", "2024-02-29", "1999-12-31T23:59:59Z"]) {
      for (const locale of ["en", "es"] as const) expect(formatDisplayDate(iso, languages[locale]), `${iso} ${locale}`).toBe(luxonDisplay(iso, locale));
    }
    expect(formatDisplayDate("2026-01-05", languages.en)).toBe("January 5th, 2026");
    expect(formatDisplayDate("2026-01-05", languages.es)).toBe("5 de enero de 2026");
  });

  it("shows nothing for no date or no real one", () => {
    for (const iso of [null, undefined, "", "2026-02-30", "2026-13-01", "garbage", "2026-1-5"]) {
      expect(formatDisplayDate(iso, languages.en)).toBe(iso ? luxonDisplay(iso, "en") : "");
      expect(formatDisplayDate(iso, languages.es)).toBe("");
    }
  });

  it("turns DD/MM/YYYY into ISO and back, as luxon did", () => {
    for (const iso of days) {
      const typed = DateTime.fromISO(iso).toFormat("dd/MM/yyyy");
      expect(isoToDayMonthYear(iso)).toBe(typed);
      expect(dayMonthYearToIso(typed)).toBe(iso);
    }
    expect(dayMonthYearToIso("31/04/2026")).toBe("31/04/2026");
    expect(dayMonthYearToIso("29/02/2024")).toBe("2024-02-29");
    expect(dayMonthYearToIso("29/02/2023")).toBe("29/02/2023");
    expect(dayMonthYearToIso("12/03/20")).toBe("");
    expect(isoToDayMonthYear("")).toBe("");
    expect(isoToDayMonthYear("2026-02-30")).toBe("");
  });
});

/**
 * Dates as a person meets them: src/lib/dates.ts shows a wire date with the catalogs' month names
 * and must say what luxon says, date for date, in both languages; machines/calendar.ts (luxon)
 * reads typed dates, refusing days the calendar lacks, and knows 'today' where the consumer is.
 */
import { setupI18n } from "@lingui/core";
import { DateTime, Settings } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import {
  claimDates,
  dayMonthYearToIso,
  isoToDayMonthYear,
  isWithinNoticeRange,
  localToday,
  maskDayMonthYear,
} from "../../machines/calendar.ts";
import { formatDisplayDate } from "../../src/lib/dates.ts";

const languages = {
  en: setupI18n({ locale: "en", messages: { en } }),
  es: setupI18n({ locale: "es", messages: { es } }),
};

/** What luxon's own formatting says (the reference the catalog month names must match). */
function luxonDisplay(iso: string, locale: string): string {
  const date = DateTime.fromISO(iso.slice(0, 10)).setLocale(locale);
  if (!date.isValid) return "";
  const tens = date.day % 100;
  const ordinal =
    tens >= 11 && tens <= 13 ? `${date.day}th` : `${date.day}${{ 1: "st", 2: "nd", 3: "rd" }[date.day % 10] ?? "th"}`;
  if (locale.startsWith("es")) return date.toFormat("d 'de' MMMM 'de' yyyy");
  return `${date.toFormat("MMMM")} ${ordinal}, ${date.year}`;
}

const days = Array.from({ length: 800 }, (_, index) =>
  DateTime.fromISO("2023-11-20")
    .plus({ days: index * 3 })
    .toISODate()!,
);

/** Runs `check` with luxon's clock stopped at `instant` (an ISO moment with its offset). */
function at(instant: string, check: () => void): void {
  const millis = DateTime.fromISO(instant).toMillis();
  Settings.now = () => millis;
  check();
}

afterEach(() => {
  Settings.now = () => Date.now();
});

describe("dates", () => {
  it("shows every date as luxon did, in English and Spanish", () => {
    for (const iso of [...days, "2000-01-01", "2024-02-29", "1999-12-31T23:59:59Z"]) {
      for (const locale of ["en", "es"] as const)
        expect(formatDisplayDate(iso, languages[locale]), `${iso} ${locale}`).toBe(luxonDisplay(iso, locale));
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

  it("turns DD/MM/YYYY into ISO and back", () => {
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
    expect(isoToDayMonthYear("2026-01-05T10:00:00Z")).toBe("05/01/2026");
  });

  it("keeps a day the calendar lacks as typed rather than rolling it into the next month", () => {
    expect(dayMonthYearToIso("31/02/2024")).toBe("31/02/2024");
    expect(dayMonthYearToIso("32/01/2024")).toBe("32/01/2024");
    expect(dayMonthYearToIso("15/13/2024")).toBe("15/13/2024");
  });

  it("keeps a date typed as people write it, key by key: single-digit days and months, with '/', '.' or '-'", () => {
    const typeKeyByKey = (keys: string) => [...keys].reduce((shown, key) => maskDayMonthYear(shown + key), "");
    for (const keys of ["3/11/2026", "3.11.2026", "3-11-2026", "03/11/2026", "3 11 2026"]) {
      const shown = typeKeyByKey(keys);
      expect(shown, keys).toMatch(/^0?3\/11\/2026$/);
      expect(dayMonthYearToIso(shown), keys).toBe("2026-11-03");
    }
    expect(typeKeyByKey("7/4/2025")).toBe("7/4/2025");
    expect(dayMonthYearToIso("7/4/2025")).toBe("2025-04-07");
    expect(typeKeyByKey("03112026")).toBe("03/11/2026");
  });

  it("masks typed digits as DD/MM/YYYY", () => {
    expect(maskDayMonthYear("31")).toBe("31");
    expect(maskDayMonthYear("3101")).toBe("31/01");
    expect(maskDayMonthYear("31-01-2024 and more 99")).toBe("31/01/2024");
    expect(maskDayMonthYear("310120245")).toBe("31/01/2024");
    expect(maskDayMonthYear("31/01/20245")).toBe("31/01/2024");
    expect(maskDayMonthYear("31a01")).toBe("31/01");
  });

  it("drops separators that start a date, repeat or follow the year", () => {
    expect(maskDayMonthYear("/")).toBe("");
    expect(maskDayMonthYear(" /31")).toBe("31");
    expect(maskDayMonthYear("31//01")).toBe("31/01");
    expect(maskDayMonthYear("31/01/2024/")).toBe("31/01/2024");
    expect(maskDayMonthYear("31/")).toBe("31/");
  });

  it("knows today where the consumer is: near midnight, Los Angeles is still on the day before UTC", () => {
    at("2026-03-01T06:30:00Z", () => {
      expect(localToday("America/Los_Angeles")).toBe("2026-02-28");
      expect(localToday("UTC")).toBe("2026-03-01");
      expect(isWithinNoticeRange("2026-03-01", "America/Los_Angeles")).toBe(false);
      expect(isWithinNoticeRange("2026-02-28", "America/Los_Angeles")).toBe(true);
      expect(isWithinNoticeRange("2026-03-01", "UTC")).toBe(true);
    });
  });

  it("takes dates from 2000-01-01 to today, both included", () => {
    at("2026-03-01T12:00:00Z", () => {
      expect(isWithinNoticeRange("2000-01-01", "UTC")).toBe(true);
      expect(isWithinNoticeRange("1999-12-31", "UTC")).toBe(false);
      expect(isWithinNoticeRange("2026-03-02", "UTC")).toBe(false);
      expect(isWithinNoticeRange("2026-02-30", "UTC")).toBe(false);
    });
  });

  it("dates a new claim in the consumer's zone, to the second", () => {
    const instant = new Date("2026-03-01T06:05:09Z");
    expect(claimDates(instant, "America/Los_Angeles")).toEqual({ day: "2026-02-28", moment: "2026-02-28 22:05:09" });
    expect(claimDates(instant, "UTC")).toEqual({ day: "2026-03-01", moment: "2026-03-01 06:05:09" });
  });
});

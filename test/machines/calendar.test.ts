/**
 * The date field's rules as the claim forms apply them (machines/calendar.ts; SPEC.md sections 5
 * and 9): which typed or stored days count as real, the field's range where the consumer is, and
 * how dates the server sends (with a time and an offset) show as DD/MM/YYYY. Dates the wire and the
 * field carry stay in Latin digits whatever locale the platform prefers.
 */
import { DateTime, Settings } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import {
  claimDates,
  dayMonthYearToIso,
  isoToDayMonthYear,
  isRealDay,
  isWithinNoticeRange,
} from "../../machines/calendar.ts";

/** Runs `check` with luxon's clock stopped at `instant` (an ISO moment with its offset). */
function at(instant: string, check: () => void): void {
  const millis = DateTime.fromISO(instant).toMillis();
  Settings.now = () => millis;
  check();
}

const platformLocale = Settings.defaultLocale;
afterEach(() => {
  Settings.now = () => Date.now();
  Settings.defaultLocale = platformLocale;
});

describe("the date field's rules", () => {
  it("counts as real only a YYYY-MM-DD day the calendar has", () => {
    expect(isRealDay("2024-02-29")).toBe(true);
    expect(isRealDay("2000-01-01")).toBe(true);
    for (const text of [
      "2023-02-29",
      "2026-02-30",
      "2026-04-31",
      "2026-13-01",
      "2026-00-10",
      "05/03/2024",
      "2024-3-5",
      "",
    ]) {
      expect(isRealDay(text), text).toBe(false);
    }
  });

  it("refuses text that is not a YYYY-MM-DD day as out of range", () => {
    at("2026-03-01T12:00:00Z", () => {
      for (const text of ["05/03/2024", "2024-3-5", "", "yesterday"])
        expect(isWithinNoticeRange(text, "UTC"), text).toBe(false);
    });
  });

  it("takes today where the consumer is ahead of UTC: on Kiritimati it is already tomorrow", () => {
    at("2026-03-01T12:00:00Z", () => {
      expect(isWithinNoticeRange("2026-03-02", "Pacific/Kiritimati")).toBe(true);
      expect(isWithinNoticeRange("2026-03-03", "Pacific/Kiritimati")).toBe(false);
      expect(isWithinNoticeRange("2000-01-01", "Pacific/Kiritimati")).toBe(true);
    });
  });

  it("reads a typed DD/MM/YYYY only when it is exactly that: more digits or other text is no date yet", () => {
    for (const text of ["105/03/2024", "05/03/20245", "05/03/2024 ", "x05/03/2024"])
      expect(dayMonthYearToIso(text), text).toBe("");
  });
});

describe("dates the server sends, shown as DD/MM/YYYY", () => {
  it("shows the day of a date with a time, with or without its offset", () => {
    for (const iso of [
      "2024-03-05T10:00:00",
      "2024-03-05T10:00:00Z",
      "2024-03-05T10:00:00+02:00",
      "2024-03-05T23:30:00.000-0500",
      "2024-03-05T10:00",
    ]) {
      expect(isoToDayMonthYear(iso), iso).toBe("05/03/2024");
    }
  });

  it("shows nothing for text around a date or a malformed offset", () => {
    for (const text of [
      "x2024-03-05",
      "2024-03-05x",
      "on 2024-03-05",
      "2024-03-05T10:00:00+2:00",
      "2024-03-05T10:00:00+02:0",
      "2024-03-05T10:00:00 +02:00",
    ]) {
      expect(isoToDayMonthYear(text), text).toBe("");
    }
  });
});

describe("a platform whose locale writes other digits", () => {
  // Arabic with Arabic-Indic digits: luxon formats and parses in them unless told the locale.
  const arabicDigits = "ar-EG-u-nu-arab";

  it("still reads typed Latin digits and shows dates in them", () => {
    Settings.defaultLocale = arabicDigits;
    expect(dayMonthYearToIso("05/03/2024")).toBe("2024-03-05");
    expect(isRealDay("2024-03-05")).toBe(true);
    expect(isoToDayMonthYear("2024-03-05")).toBe("05/03/2024");
    at("2026-03-01T12:00:00Z", () => expect(isWithinNoticeRange("2026-02-28", "UTC")).toBe(true));
  });

  it("still dates a new claim in Latin digits", () => {
    Settings.defaultLocale = arabicDigits;
    expect(claimDates(new Date("2026-03-01T06:05:09Z"), "UTC")).toEqual({
      day: "2026-03-01",
      moment: "2026-03-01 06:05:09",
    });
  });
});

/**
 * US dollars on screen and as typed (src/lib/dollars.ts): the screen writes en-US currency in both
 * languages, and what a consumer types back, in either language's way, reads as it looks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUsd, readPrice } from "../../src/lib/dollars.ts";

describe("formatUsd", () => {
  it("groups thousands and keeps two decimals; takes the wire's decimal strings", () => {
    expect(formatUsd(1299)).toBe("$1,299.00");
    expect(formatUsd("1234567.8")).toBe("$1,234,567.80");
    expect(formatUsd("0.5")).toBe("$0.50");
  });

  it("shows $0.00 for what is no number", () => {
    for (const value of [null, undefined, "", "abc", Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatUsd(value)).toBe("$0.00");
  });
});

describe("readPrice", () => {
  it("reads US and Spanish ways of writing a price as they look", () => {
    const cases: Array<[string, number]> = [
      ["1299", 1299],
      ["1299.50", 1299.5],
      ["1299,50", 1299.5],
      ["1,299.00", 1299],
      ["1.299,00", 1299],
      ["1,299", 1299],
      ["1.299.000", 1_299_000],
      ["1,299,000.5", 1_299_000.5],
      ["$1,849.00", 1849],
      [" 0 ", 0],
      ["249,9", 249.9],
    ];
    for (const [typed, dollars] of cases) expect(readPrice(typed), typed).toEqual({ dollars });
  });

  it("asks about a lone dot before three digits rather than guess", () => {
    expect(readPrice("1.299")).toEqual({ ambiguous: 1299 });
    expect(readPrice("12.500")).toEqual({ ambiguous: 12500 });
  });

  it("refuses what is no price of 0 or more with at most two decimals", () => {
    for (const typed of ["", "-5", "abc", "12.3456", "1,2,3", "1,29,000", "1.299,5,0", "1e3", "$"])
      expect(readPrice(typed), typed).toBeNull();
  });

  it("reads back every price the screen writes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        expect(readPrice(formatUsd(cents / 100))).toEqual({ dollars: cents / 100 });
      }),
      { numRuns: 500 },
    );
  });
});

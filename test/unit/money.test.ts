/**
 * Prices on screen (src/lib/money.ts): written out without Intl, they must read exactly as the
 * platform's en-US currency format writes them, cent for cent, rounding included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUsd } from "../../src/lib/money.ts";

const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

describe("formatUsd", () => {
  it("writes what Intl's en-US currency format writes, for amounts in thousandths of a dollar from minus to plus a billion", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (thousandths) => {
        const dollars = thousandths / 1000;
        expect(formatUsd(dollars)).toBe(intl.format(dollars));
      }),
      { numRuns: 2000 },
    );
  });

  it("rounds half a cent up on the decimal the price reads as, as a person does", () => {
    expect(formatUsd(1.005)).toBe("$1.01");
    expect(formatUsd(2.675)).toBe("$2.68");
    expect(formatUsd(999.995)).toBe("$1,000.00");
    expect(formatUsd(-1.005)).toBe("-$1.01");
  });

  it("groups thousands and keeps two decimals; takes the wire's decimal strings", () => {
    expect(formatUsd(1299)).toBe("$1,299.00");
    expect(formatUsd("1234567.8")).toBe("$1,234,567.80");
    expect(formatUsd("0.5")).toBe("$0.50");
    expect(formatUsd(100)).toBe("$100.00");
  });

  it("shows $0.00 for what is no number", () => {
    for (const value of [null, undefined, "", "abc", Number.NaN, Number.POSITIVE_INFINITY]) expect(formatUsd(value)).toBe("$0.00");
  });

  it("a price too small to write without an exponent is $0.00, as Intl says", () => {
    expect(formatUsd(1e-7)).toBe(intl.format(1e-7));
  });
});

/**
 * US dollars with two decimals, as en-US writes them ('$1,299.00', '-$5.25'); '$0.00' when the value
 * is not numeric (SPEC.md section 9). Written out rather than by Intl.NumberFormat, whose output it
 * matches: a page's first Intl formatter starts the platform's locale data, about 90 ms of main
 * thread on a throttled phone, which select-plan paid for its first price.
 */
export function formatUsd(value: number | string | null | undefined): string {
  const amount = typeof value === "string" ? Number(value) : value;
  const dollars = typeof amount === "number" && Number.isFinite(amount) ? amount : 0;
  const cents = centsOf(Math.abs(dollars));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const sign = dollars < 0 || Object.is(dollars, -0) ? "-" : "";
  return `${sign}$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * Whole cents of a non-negative amount of dollars, half a cent rounded up, on the decimal the number
 * reads as: 1.005 is 101 cents, as a person (and Intl) rounds it, where its binary value, which
 * toFixed rounds, is just under.
 */
function centsOf(dollars: number): number {
  const shifted = Number(`${dollars}e2`);
  // A number written with an exponent (1e-7, 1e21) cannot take another; those are no prices.
  return Math.round(Number.isNaN(shifted) ? dollars * 100 : shifted);
}

/**
 * Separators of a typed price per language: English writes 1,299.00, Spanish 1.299,00; both may
 * leave out the thousands separator (1299, 1299.5 or 1299,5).
 */
const PRICE_SEPARATORS: Record<string, { thousands: string; decimal: string }> = {
  en: { thousands: ",", decimal: "." },
  es: { thousands: ".", decimal: "," },
};

/**
 * A price the consumer typed, in US dollars: digits with the thousands separators of `locale`
 * ('en' or 'es', English for any other) in groups of three, and at most two decimals after its
 * decimal mark. Null when the text is not such a price (a negative, a letter, three decimals).
 */
export function parsePrice(text: string, locale: string): number | null {
  const { thousands, decimal } = PRICE_SEPARATORS[locale] ?? PRICE_SEPARATORS.en!;
  const t = `\\${thousands}`;
  const d = `\\${decimal}`;
  const shape = new RegExp(`^(\\d{1,3}(${t}\\d{3})+|\\d+)(${d}\\d{1,2})?$`);
  const trimmed = text.trim();
  if (!shape.test(trimmed)) return null;
  return Number(trimmed.split(thousands).join("").replace(decimal, "."));
}

/** US dollars with two decimals; '$0.00' when the value is not numeric (SPEC.md section 9). */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatUsd(value: number | string | null | undefined): string {
  const amount = typeof value === "string" ? Number(value) : value;
  return usd.format(typeof amount === "number" && Number.isFinite(amount) ? amount : 0);
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

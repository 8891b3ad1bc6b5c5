/**
 * US dollars on screen and as typed (SPEC.md section 9: 'Currency shown in US dollars with two
 * decimals, $0.00 when the value is not numeric'). Every screen writes them as en-US does
 * ($1,849.00), in Spanish too, so a typed price is read the way the screen shows one as well as
 * the way the consumer's locale writes it.
 */

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** '$1,299.00' for 1299 (or '1299'); '$0.00' for what is no number. */
export function formatUsd(value: number | string | null | undefined): string {
  const amount = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return USD.format(typeof amount === "number" && Number.isFinite(amount) ? amount : 0);
}

/**
 * A typed price: `{ dollars }`, or `{ ambiguous }` (the thousands it may mean) when only asking
 * can tell, or null when it is no price of 0 or more with at most two decimals.
 */
export type TypedPrice = { dollars: number } | { ambiguous: number } | null;

// One decimal mark (. or ,) with one or two digits after it ends a price; thousands come in groups
// of three, separated by the other mark.
const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/;
const COMMA_GROUPS = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;
const DOT_GROUPS = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/;

/**
 * Reads a price as people type it: 1299, 1299.50, 1299,50, 1,299.00 and 1.299,00 all mean what
 * they look like, in any language. A lone dot before three digits (1.299) is how Spanish groups
 * thousands but not how the screen writes them, so it is asked about rather than guessed.
 * A leading '$' and spaces around are allowed.
 */
export function readPrice(text: string): TypedPrice {
  const typed = text.trim().replace(/^\$\s*/, "");
  const dollars = (whole: string, cents: string | undefined) => Number(`${whole.replace(/[.,]/g, "")}.${cents ?? "0"}`);
  const plain = PLAIN.exec(typed);
  if (plain) return { dollars: dollars(plain[1]!, plain[2]) };
  const comma = COMMA_GROUPS.exec(typed);
  if (comma) return { dollars: dollars(comma[1]!, comma[2]) };
  const dot = DOT_GROUPS.exec(typed);
  if (!dot) return null;
  const single = dot[1]!.split(".").length === 2 && dot[2] === undefined;
  return single ? { ambiguous: dollars(dot[1]!, undefined) } : { dollars: dollars(dot[1]!, dot[2]) };
}

/** US dollars with two decimals; '$0.00' when the value is not numeric (SPEC.md section 9). */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatUsd(value: number | string | null | undefined): string {
  const amount = typeof value === "string" ? Number(value) : value;
  return usd.format(typeof amount === "number" && Number.isFinite(amount) ? amount : 0);
}

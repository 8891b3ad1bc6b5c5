/** US phone numbers (SPEC.md sections 5 and 9): mask (###) ###-####, validated as a NANP number. */
export { isValidUsPhone, phoneDigits } from "../../machines/contact-rules.ts";

/**
 * Formats what was typed so far as (###) ###-####, keeping at most 10 digits. A leading 1 is the
 * country code (no US area code starts with 1), so '+1 305 555 0188' keeps its number.
 */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, "").replace(/^1/, "").slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

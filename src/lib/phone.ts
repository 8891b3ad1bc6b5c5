/** US phone numbers (SPEC.md sections 5 and 9): mask (###) ###-####, validated as a NANP number. */
export { isValidUsPhone, phoneDigits } from "../../machines/contact-rules.ts";

/** Formats what was typed so far as (###) ###-####, keeping at most 10 digits. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** US phone numbers (SPEC.md sections 5 and 9): mask (###) ###-####, validated as a NANP number. */

/** The digits of a phone number, without a leading US country code 1. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** Formats what was typed so far as (###) ###-####, keeping at most 10 digits. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A valid US number: 10 digits, area code and exchange not starting with 0 or 1. */
export function isValidUsPhone(value: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(phoneDigits(value));
}

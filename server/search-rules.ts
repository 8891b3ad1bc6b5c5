/**
 * How personal-information search compares what a consumer typed with what is stored
 * (SPEC.md sections 3 and 5, "Personal search").
 */

/**
 * Digits of a US phone number as stored: formatting dropped, a leading country code 1 on an
 * 11-digit number dropped, so "(212) 555-0134", "212.555.0134" and "+1 212 555 0134" all give
 * "2125550134".
 */
export function phoneDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * The 5-digit ZIP a typed ZIP names ("10001", " 10001-1234 " give "10001"), or null when it
 * names none (then nothing can match).
 */
export function zip5(typed: string): string | null {
  const match = /^(\d{5})(?:-?\d{4})?$/.exec(typed.trim());
  return match ? match[1]! : null;
}

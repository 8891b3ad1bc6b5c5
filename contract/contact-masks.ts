/**
 * Masked contact details (SECURITY.md, "A warranty number alone shows no contact details"): what GET /ace/customer_info answers a
 * session that holds only a warranty number, and how a masked value sent back means "keep what is
 * on file". Shared by the reference server (masks, reads a kept value) and the portal (shows a kept
 * value, never sends it as a new one).
 */

/** The character that stands for hidden characters. No email, phone or street address has it. */
const MASK = "•";
const HIDDEN = MASK.repeat(3);

/** True when a value is a masked one (it holds MASK): the sender keeps what is on file. */
export function isMaskedValue(value: string): boolean {
  return value.includes(MASK);
}

/** `maria.lopez@example.com` -> `m•••@example.com`; "" stays "" (nothing on file); no `@`: `•••`. */
export function maskedEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed === "") return "";
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return HIDDEN;
  return `${trimmed.slice(0, 1)}${HIDDEN}${trimmed.slice(at)}`;
}

/** `7135550142` (any formatting) -> `•••-0142`, its last four digits; "" stays "". */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim() === "") return "";
  return digits.length >= 4 ? `${HIDDEN}-${digits.slice(-4)}` : HIDDEN;
}

/** A street address is hidden whole (city, state and ZIP stay shown): `•••`; "" stays "". */
export function maskedStreet(address: string): string {
  return address.trim() === "" ? "" : HIDDEN;
}

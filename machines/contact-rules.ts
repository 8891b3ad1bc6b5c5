/**
 * Contact information rules (ACE wizard step 2; phone rule of SPEC.md section 5): one source for
 * the machine's guard, the screens' messages and the personal search form. Messages are codes.
 */
import * as v from "valibot";

/** The digits of a phone number, without a leading US country code 1. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** A valid US number: 10 digits, area code and exchange not starting with 0 or 1. */
export function isValidUsPhone(value: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(phoneDigits(value));
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = v.pipe(v.string("required"), v.trim(), v.nonEmpty("required"));

/** The customer's contact information; phone as typed (any formatting), state a two-letter code. */
export const contactSchema = v.object({
  firstName: required,
  lastName: required,
  email: v.pipe(required, v.regex(EMAIL_PATTERN, "emailInvalid")),
  phone: v.pipe(required, v.check(isValidUsPhone, "phoneInvalid")),
  address: required,
  city: required,
  state: v.pipe(required, v.regex(/^[A-Za-z]{2}$/, "stateInvalid")),
  zipCode: v.pipe(required, v.regex(/^\d{5}$/, "zipInvalid")),
});

export type Contact = v.InferOutput<typeof contactSchema>;

export const BLANK_CONTACT: Contact = { firstName: "", lastName: "", email: "", phone: "", address: "", city: "", state: "", zipCode: "" };

export function isValidContact(contact: Partial<Contact>): boolean {
  return v.is(contactSchema, { ...BLANK_CONTACT, ...contact });
}

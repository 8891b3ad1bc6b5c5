/**
 * Contact information rules (ACE wizard step 2; phone rule of SPEC.md section 5): one source for
 * the machine's guard, the screens' messages and the personal search form. Messages are codes.
 */
import * as v from "valibot";
import { isMaskedValue } from "../contract/contact-masks.ts";

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

/** A required text: empty or whitespace only says 'Required'. */
export const requiredText = v.pipe(v.string("required"), v.trim(), v.nonEmpty("required"));
/** An email address as the personal search and the contact forms take it. */
export const emailAddress = v.pipe(requiredText, v.regex(EMAIL_PATTERN, "emailInvalid"));
/** A US phone number in any formatting ('Mobile Number is Not valid'). */
export const usPhone = v.pipe(requiredText, v.check(isValidUsPhone, "phoneInvalid"));
/** A two-letter US state code. */
export const usState = v.pipe(requiredText, v.regex(/^[A-Za-z]{2}$/, "stateInvalid"));
/** A 5-digit US ZIP code. */
export const usZip = v.pipe(requiredText, v.regex(/^\d{5}$/, "zipInvalid"));

/**
 * The customer's contact information; phone as typed (any formatting), state a two-letter code.
 * Email, phone and street address may be the masked text a session that found the plan by warranty
 * number is shown (contract/contact-masks.ts): left as is, they keep what is on file.
 */
export const contactSchema = v.object({
  firstName: requiredText,
  lastName: requiredText,
  email: v.pipe(
    requiredText,
    v.check((value) => isMaskedValue(value) || EMAIL_PATTERN.test(value), "emailInvalid"),
  ),
  phone: v.pipe(
    requiredText,
    v.check((value) => isMaskedValue(value) || isValidUsPhone(value), "phoneInvalid"),
  ),
  address: requiredText,
  city: requiredText,
  state: usState,
  zipCode: usZip,
});

export type Contact = v.InferOutput<typeof contactSchema>;

export const BLANK_CONTACT: Contact = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "",
  state: "",
  zipCode: "",
};

export function isValidContact(contact: Partial<Contact>): boolean {
  return v.is(contactSchema, { ...BLANK_CONTACT, ...contact });
}

/**
 * Field and toast messages as Lingui descriptors (SPEC.md sections 5 and 8). Schemas carry these
 * keys as their messages; screens translate them at display time.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export const FIELD_MESSAGES = {
  required: msg`Required`,
  selectOption: msg`Please select an option`,
  selectDate: msg`Please select a date`,
  dateOutOfRange: msg`Choose a date between January 1st, 2000 and today`,
  dateInvalid: msg`Enter a real date as DD/MM/YYYY`,
  needPhoto: msg`We need at least one photo from you`,
  phoneInvalid: msg`Mobile Number is Not valid`,
  emailInvalid: msg`Enter a valid email address`,
  zipNumeric: msg`ZIP code must contain numbers only`,
  zipInvalid: msg`Enter a 5-digit ZIP code`,
  stateInvalid: msg`Enter the two-letter state code, for example TX`,
  quantityMin: msg`Please enter at least 1 quantity.`,
  quantityMax: msg`You can only enter up to 10 quantities.`,
  priceInvalid: msg`Enter a price of 0 or more, for example 249.99`,
  oneOfInvoiceEmailPhone: msg`Enter the invoice number, or an email or phone number`,
} satisfies Record<string, MessageDescriptor>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function isFieldMessageKey(value: unknown): value is FieldMessageKey {
  return typeof value === "string" && value in FIELD_MESSAGES;
}

/**
 * Field and toast messages as Lingui descriptors (SPEC.md sections 5 and 8). Schemas carry these
 * keys as their messages; screens translate them at display time.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { MAX_MANUAL_ITEMS_PER_CLAIM } from "../../contract/schemas.ts";

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
  quantityWhole: msg`Enter a whole number of items, from 1 to 10.`,
  priceInvalid: msg`Enter a price of 0 or more, for example 249.99`,
  priceAmbiguous: msg`Is this a thousand dollars or more? Type it without the dot (1299) or with cents (1,299.00).`,
  oneOfInvoiceEmailPhone: msg`Enter the invoice number, or an email or phone number`,
} satisfies Record<string, MessageDescriptor>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function isFieldMessageKey(value: unknown): value is FieldMessageKey {
  return typeof value === "string" && value in FIELD_MESSAGES;
}

/**
 * What the portal says for an API answer (SPEC.md section 8: 'the error message, or Something went
 * wrong'), in the screen's language: the server writes English, so its answers are shown through
 * these, chosen by src/api/refusals.ts from the answer's code, never as the server's text.
 */
export const SERVER_MESSAGES = {
  claimNotFound: msg`We could not find this claim. Check the link, or find your warranty to start again.`,
  claimNotDraft: msg`This claim has already been submitted, so it can no longer be changed here.`,
  planNotFound: msg`We could not find this plan. Check the link, or find your warranty to start again.`,
  tooManyMissingItems: msg`This claim already has the most missing items it can hold (${MAX_MANUAL_ITEMS_PER_CLAIM}). Choose one of them, or contact us.`,
  invalidRequest: msg`Some of the details were not accepted. Check the form and try again.`,
  rateLimited: msg`Too many tries for now. Please wait a minute and try again.`,
  noConnection: msg`We could not reach our server. Check your connection, then try again.`,
  unknown: msg`Something went wrong`,
} satisfies Record<string, MessageDescriptor>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

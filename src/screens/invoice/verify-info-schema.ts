/**
 * The invoice verify form: first and last name required as in the personal-information
 * search (SPEC.md section 5); the invoice number, email or phone, at least one, each checked when
 * typed; ZIP optional and numeric.
 */
import * as v from "valibot";
import { EMAIL_PATTERN, isValidUsPhone } from "../../../machines/contact-rules.ts";
import type { FieldMessageKey } from "../../lib/messages.ts";
import { requiredText, searchZip } from "../shared/search-fields.ts";

const m = (key: FieldMessageKey) => key;
const blank = (text: string) => text.trim() === "";

export const verifyInfoSchema = v.pipe(
  v.object({
    firstName: requiredText,
    lastName: requiredText,
    invoiceNumber: v.string(),
    email: v.pipe(
      v.string(),
      v.check((email) => blank(email) || EMAIL_PATTERN.test(email.trim()), m("emailInvalid")),
    ),
    phone: v.pipe(
      v.string(),
      v.check((phone) => blank(phone) || isValidUsPhone(phone), m("phoneInvalid")),
    ),
    zip: searchZip,
  }),
  // One way to match the plan is needed; the invoice number is the one a receipt always has.
  v.forward(
    v.partialCheck(
      [["invoiceNumber"], ["email"], ["phone"]],
      (input) => !(blank(input.invoiceNumber) && blank(input.email) && blank(input.phone)),
      m("oneOfInvoiceEmailPhone"),
    ),
    ["invoiceNumber"],
  ),
);

/**
 * The invoice verify form (issue 15): first and last name required as in the personal-information
 * search (SPEC.md section 5); the invoice number, email or phone, at least one, each checked when
 * typed; ZIP optional and numeric.
 */
import * as v from "valibot";
import { EMAIL_PATTERN, isValidUsPhone } from "../../../machines/contact-rules.ts";
import type { FieldMessageKey } from "../../lib/messages.ts";

const m = (key: FieldMessageKey) => key;
const requiredText = v.pipe(v.string(), v.trim(), v.nonEmpty(m("required")));
const blank = (text: string) => text.trim() === "";

export const verifyInfoSchema = v.pipe(
  v.object({
    firstName: requiredText,
    lastName: requiredText,
    invoiceNumber: v.string(),
    email: v.pipe(v.string(), v.check((email) => blank(email) || EMAIL_PATTERN.test(email.trim()), m("emailInvalid"))),
    phone: v.pipe(v.string(), v.check((phone) => blank(phone) || isValidUsPhone(phone), m("phoneInvalid"))),
    zip: v.pipe(v.string(), v.trim(), v.regex(/^\d*$/, m("zipNumeric")), v.maxLength(10, m("zipNumeric"))),
  }),
  // One way to match the plan is needed; the invoice number is the one a receipt always has.
  v.forward(
    v.partialCheck([["invoiceNumber"], ["email"], ["phone"]], (input) => !(blank(input.invoiceNumber) && blank(input.email) && blank(input.phone)), m("oneOfInvoiceEmailPhone")),
    ["invoiceNumber"],
  ),
);

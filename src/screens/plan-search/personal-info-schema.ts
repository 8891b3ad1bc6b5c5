/**
 * Personal information search form (SPEC.md section 5): first and last name required, ZIP optional
 * and numeric, and exactly one of email, phone or invoice number required by the switch.
 */
import * as v from "valibot";
import { EMAIL_PATTERN, isValidUsPhone } from "../../../machines/contact-rules.ts";
import type { FieldMessageKey } from "../../lib/messages.ts";
import { requiredText, searchZip } from "../shared/search-fields.ts";

const m = (key: FieldMessageKey) => key;

export const SEARCH_BY = ["email", "phone", "invoice"] as const;
export type SearchBy = (typeof SEARCH_BY)[number];

export type PersonalInfoValues = {
  firstName: string;
  lastName: string;
  zip: string;
  by: SearchBy;
  email: string;
  phone: string;
  invoice: string;
};

export const personalInfoSchema = v.pipe(
  v.object({
    firstName: requiredText,
    lastName: requiredText,
    zip: searchZip,
    by: v.picklist(SEARCH_BY),
    email: v.string(),
    phone: v.string(),
    invoice: v.string(),
  }),
  // Each rule applies only to the field the switch selects, and is reported on that field.
  v.forward(
    v.partialCheck([["by"], ["email"]], (input) => input.by !== "email" || input.email.trim() !== "", m("required")),
    ["email"],
  ),
  v.forward(
    v.partialCheck(
      [["by"], ["email"]],
      (input) => input.by !== "email" || input.email.trim() === "" || EMAIL_PATTERN.test(input.email.trim()),
      m("emailInvalid"),
    ),
    ["email"],
  ),
  v.forward(
    v.partialCheck([["by"], ["phone"]], (input) => input.by !== "phone" || input.phone.trim() !== "", m("required")),
    ["phone"],
  ),
  v.forward(
    v.partialCheck(
      [["by"], ["phone"]],
      (input) => input.by !== "phone" || input.phone.trim() === "" || isValidUsPhone(input.phone),
      m("phoneInvalid"),
    ),
    ["phone"],
  ),
  v.forward(
    v.partialCheck(
      [["by"], ["invoice"]],
      (input) => input.by !== "invoice" || input.invoice.trim() !== "",
      m("required"),
    ),
    ["invoice"],
  ),
);

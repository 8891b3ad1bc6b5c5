/**
 * Fields the plan search's personal-information form (SPEC.md section 5) and the invoice verify form
 * check the same way, so the two forms cannot drift apart. Messages are catalog keys (lib/messages.ts).
 */
import * as v from "valibot";
import type { FieldMessageKey } from "../../lib/messages.ts";

const m = (key: FieldMessageKey) => key;
/** A name: required, trimmed. */
export const requiredText = v.pipe(v.string(), v.trim(), v.nonEmpty(m("required")));
/** The optional home ZIP of a search: digits only, at most 10. */
export const searchZip = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d*$/, m("zipNumeric")),
  v.maxLength(10, m("zipNumeric")),
);

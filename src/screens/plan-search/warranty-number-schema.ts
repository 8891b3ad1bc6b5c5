/** Warranty number form (SPEC.md section 5): the number is required; whitespace alone fails. */
import * as v from "valibot";
import type { FieldMessageKey } from "../../lib/messages.ts";

const required: FieldMessageKey = "required";

export const warrantyNumberSchema = v.object({
  number: v.pipe(v.string(), v.trim(), v.nonEmpty(required)),
});

/** Valibot pieces for typed search params (DESIGN.md "The flow of data", step 1). */
import * as v from "valibot";

/**
 * A positive integer id, from a number or a numeric string; anything else becomes undefined. Claim
 * and customer ids are random up to 2^53 - 1 (contract/schemas.ts MAX_ID): any exact JS integer is
 * taken, one too big to be exact is not.
 */
export const optionalId = v.pipe(
  v.optional(v.unknown()),
  v.transform((value) => {
    const id = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
  }),
);

/**
 * A wizard step as written in the URL, parsed once: an integer, or null when missing or not one.
 * The machine judges whether it may be shown.
 */
export const optionalStep = v.pipe(
  v.optional(v.unknown()),
  v.transform((value): number | null => {
    const step = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof step === "number" && Number.isInteger(step) ? step : null;
  }),
);

/**
 * Shared rules the machine tests reached only through their callers (docs/qa/mutation.md listed
 * them with no test running them): the message a form step shows per field, and which plan types
 * file through the ACE calls.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "../../machines/claim-rules.ts";
import { isAcePlanType } from "../../machines/domain.ts";

const schema = v.object({
  name: v.pipe(v.string(), v.nonEmpty("required")),
  zip: v.pipe(v.string(), v.regex(/^\d{5}$/, "zip")),
});
const blank = { name: "", zip: "" };

describe("fieldErrors: the message each field of a step shows", () => {
  it("shows nothing once every field is valid", () => {
    expect(fieldErrors(schema, { name: "Jane", zip: "77002" }, blank)).toEqual({});
  });

  it("names each wrong or missing field with its first message, a missing one read as blank", () => {
    expect(fieldErrors(schema, { zip: "7700" }, blank)).toEqual({ name: "required", zip: "zip" });
    expect(fieldErrors(schema, undefined, blank)).toEqual({ name: "required", zip: "zip" });
  });

  it("reads a field left undefined or null as blank, not as a wrong value", () => {
    expect(fieldErrors(schema, { name: null, zip: undefined }, { name: "Jane", zip: "77002" })).toEqual({});
    expect(fieldErrors(schema, { name: "Jane", zip: null }, blank)).toEqual({ zip: "zip" });
  });
});

describe("isAcePlanType: which plans file through the ACE calls (SPEC.md section 7)", () => {
  it("is true for Ace and Mace plans only", () => {
    expect(["FPP", "Ace", "Mace", "LEGACY", "UNKNOWN"].filter((type) => isAcePlanType(type as "FPP"))).toEqual([
      "Ace",
      "Mace",
    ]);
  });
});

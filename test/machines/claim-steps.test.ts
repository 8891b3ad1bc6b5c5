/**
 * The step rule as a caller may give it facts: resolveStep with only what it knows (claim-steps.ts;
 * SPEC.md section 2 "Claim wizard (ACE)"). The full step tables are in fpp-claim.test.ts and
 * ace-claim.test.ts; here, what an ACE caller that leaves the contact facts out is told.
 */
import { describe, expect, it } from "vitest";
import { resolveStep } from "../../machines/claim-steps.ts";
import { aceReadyClaim, validContact } from "./support/ace-claim-fixtures.ts";

describe("resolveStep for ACE with the contact facts left out", () => {
  it("keeps the consumer on step 2 while nobody says the contact details are saved", () => {
    expect(resolveStep("ace", 5, { claim: aceReadyClaim, selection: [1], contact: validContact })).toBe(2);
    expect(
      resolveStep("ace", 5, { claim: aceReadyClaim, selection: [1], contact: validContact, contactSaved: true }),
    ).toBe(5);
  });

  it("keeps the consumer on step 2 when no contact details are given, saved or not", () => {
    expect(resolveStep("ace", 4, { claim: aceReadyClaim, selection: [1], contactSaved: true })).toBe(2);
  });
});

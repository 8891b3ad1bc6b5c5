/**
 * What a failed call says to the consumer (src/api/refusals.ts): a known answer code is its own
 * catalog message; anything else is 'Something went wrong', never the server's text (SPEC.md
 * section 8), and the server's English never picks the message. The codes are spelled as on the
 * wire, as a client reads them.
 */
import { describe, expect, it } from "vitest";
import type { CallFailure } from "../../machines/outcomes.ts";
import { refusalKey } from "../../src/api/refusals.ts";

const refused = (status: number, code: string | null, message: string): CallFailure => ({
  kind: "refused",
  status,
  code,
  message,
});

describe("the message of a failed call", () => {
  it.each([
    [refused(404, "CLAIM_NOT_FOUND", "Claim not found"), "claimNotFound"],
    [refused(404, "CLAIM_NOT_FOUND", "Claim not found for this customer"), "claimNotFound"],
    [refused(409, "CLAIM_NOT_DRAFT", "Claim is Submitted; only a draft claim can be changed"), "claimNotDraft"],
    [refused(404, "PLAN_NOT_FOUND", "Plan not found"), "planNotFound"],
    [
      refused(409, "TOO_MANY_MISSING_ITEMS", "This claim already has 10 missing items, the most allowed"),
      "tooManyMissingItems",
    ],
    [refused(400, "INVALID_REQUEST", "Invalid request"), "invalidRequest"],
    [refused(400, "INVALID_REQUEST", "Solicitud no válida"), "invalidRequest"],
    [{ kind: "rateLimited", retryAfterSeconds: 30 }, "rateLimited"],
    [{ kind: "network" }, "noConnection"],
  ] as Array<[CallFailure, string]>)("%j is %s", (failure, key) => {
    expect(refusalKey(failure)).toBe(key);
  });

  it.each([
    refused(409, "SOMETHING_NEW", "Warehouse sync pending"),
    refused(500, null, "Internal Server Error"),
    refused(400, null, "Bad Request"),
    refused(400, null, "Invalid request"),
    refused(404, null, ""),
  ])("an answer the portal does not know (%j) is 'unknown'", (failure) => {
    expect(refusalKey(failure)).toBe("unknown");
  });
});

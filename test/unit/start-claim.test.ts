/**
 * startClaim (src/api/claims.ts) dates a new claim by the consumer's own clock: the day they are
 * in, and that day's time, as insert_claim's contract asks (contract/schemas.ts).
 */
import * as v from "valibot";
import { afterEach, expect, it, vi } from "vitest";
import { insertClaimRequestSchema } from "../../contract/schemas.ts";
import { startClaim } from "../../src/api/claims.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

it("sends today's date and time where the consumer is, in the contract's shape", async () => {
  vi.stubEnv("TZ", "America/Los_Angeles");
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      sent.push(await request.json());
      return Response.json({ code: "CREATED", message: "Created", result: { claim_id: 42 } });
    }),
  );
  // 02:30 UTC on March 1st is still February 28th, 18:30:05, in Los Angeles.
  const result = await startClaim({ planId: 7, customerId: 3 }, new Date("2026-03-01T02:30:05Z"));
  expect(result).toEqual({ kind: "created", claimId: 42 });
  expect(sent).toEqual([
    { warrentyId: 7, customerId: 3, damagedate: "2026-02-28", claimdate: "2026-02-28 18:30:05", allowSMS: true },
  ]);
  expect(v.is(insertClaimRequestSchema, sent[0])).toBe(true);
});

/**
 * readClaimStatus (src/api/claim-status.ts): GET /claim_status as the claim-status page reads it.
 * Each answer of contract/claim-status.ts becomes the outcome the machine branches on (found, not
 * found, link expired, failed), the steps in the portal's names; it never rejects.
 */
import { HttpResponse, http } from "msw/http";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ClaimStatus } from "../../contract/claim-status.ts";
import { readClaimStatus } from "../../src/api/claim-status.ts";

const API = "http://portal.test/api/v1";

const IN_REVIEW: ClaimStatus = {
  claimNumber: "CL-55",
  status: "Pending review",
  family: "ace",
  plan: { id: 4, number: "A-300-100200", programName: "ACE Furniture Care" },
  items: [{ id: 7, name: "Sectional" }],
  documents: [{ id: 3, fileName: "receipt.pdf" }],
  timeline: [
    { step: "submitted", at: "2026-11-26T12:00:00.000Z" },
    { step: "in_review", at: "2026-11-27T12:00:00.000Z" },
    { step: "decision", at: null },
    { step: "service", at: null },
    { step: "closed", at: null },
  ],
  current: "in_review",
  next: { step: "decision", expectedBy: "2026-12-04" },
  decision: null,
};

const asked: URL[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

function answering(answer: () => Response): void {
  server.use(
    http.get(`${API}/claim_status`, ({ request }) => {
      asked.push(new URL(request.url));
      return answer();
    }),
  );
}

const link = { code: "CL-55", expires: null, sig: null };

describe("readClaimStatus", () => {
  it("a status is found, in the portal's names, with the link's code only", async () => {
    answering(() => HttpResponse.json({ result: IN_REVIEW }));
    expect(await readClaimStatus(link)).toEqual({
      kind: "found",
      progress: {
        claimNumber: "CL-55",
        plan: { number: "A-300-100200", programName: "ACE Furniture Care" },
        items: [{ id: 7, name: "Sectional" }],
        documents: [{ id: 3, fileName: "receipt.pdf" }],
        timeline: [
          { step: "submitted", reachedAt: "2026-11-26T12:00:00.000Z" },
          { step: "inReview", reachedAt: "2026-11-27T12:00:00.000Z" },
          { step: "decision", reachedAt: null },
          { step: "service", reachedAt: null },
          { step: "closed", reachedAt: null },
        ],
        current: "inReview",
        next: { step: "decision", expectedBy: "2026-12-04" },
        decision: null,
      },
    });
    expect(asked.map((url) => url.search)).toEqual(["?code=CL-55"]);
  });

  it("an emailed link's expiry and signature go with the code", async () => {
    answering(() => HttpResponse.json({ result: { ...IN_REVIEW, next: null, current: "closed" } }));
    const outcome = await readClaimStatus({ code: "CL-55", expires: "1900000000", sig: "c2lnbmF0dXJl" });
    expect(outcome.kind === "found" && outcome.progress.next).toBeNull();
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      code: "CL-55",
      expires: "1900000000",
      sig: "c2lnbmF0dXJl",
    });
  });

  it.each([
    ["404 CLAIM_NOT_FOUND", 404, { code: "CLAIM_NOT_FOUND", message: "Claim not found" }, { kind: "notFound" }],
    ["400 for a malformed code", 400, { code: "INVALID_REQUEST", message: "Invalid query" }, { kind: "notFound" }],
    ["403 LINK_EXPIRED", 403, { code: "LINK_EXPIRED", message: "This link has expired" }, { kind: "linkExpired" }],
    [
      "a 404 of no claim (no such route)",
      404,
      { message: "Not Found" },
      { kind: "failed", failure: { kind: "refused", status: 404, code: null, message: "Not Found" } },
    ],
    [
      "another 403",
      403,
      { code: "FORBIDDEN", message: "No" },
      { kind: "failed", failure: { kind: "refused", status: 403, code: "FORBIDDEN", message: "No" } },
    ],
    [
      "429",
      429,
      { code: "TOO_MANY_REQUESTS", retryAfter: 30 },
      { kind: "failed", failure: { kind: "rateLimited", retryAfterSeconds: 30 } },
    ],
  ] as const)("%s", async (_, status, body, outcome) => {
    answering(() => HttpResponse.json(body, { status }));
    expect(await readClaimStatus(link)).toEqual(outcome);
    expect(asked).toHaveLength(1);
  });

  it("a server failure is tried again by the client, then fails", async () => {
    answering(() => HttpResponse.json({ message: "Down" }, { status: 500 }));
    expect(await readClaimStatus(link)).toEqual({
      kind: "failed",
      failure: { kind: "refused", status: 500, code: null, message: "Down" },
    });
    expect(asked.length).toBeGreaterThan(1);
  });

  it("no connection, or an answer not in the contract's shape, fails as no usable answer", async () => {
    answering(() => HttpResponse.error());
    expect(await readClaimStatus(link)).toEqual({ kind: "failed", failure: { kind: "network" } });
    server.resetHandlers();
    answering(() => HttpResponse.json({ result: { ...IN_REVIEW, current: "archived" } }));
    expect(await readClaimStatus(link)).toEqual({ kind: "failed", failure: { kind: "network" } });
  });
});

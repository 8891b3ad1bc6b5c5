/**
 * The API layer turns wire answers and HTTP failures into the machines' outcomes
 * (machines/outcomes.ts): what each answer of submit, add-missing-item, delete-document and
 * plan-search means, so the machines never read a server's message, a status or ky's error shape.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { CallFailed, type CallFailure } from "../../machines/outcomes.ts";
import { submitAceClaim } from "../../src/api/ace-claims.ts";
import { addManualItem, submitClaim } from "../../src/api/claims.ts";
import { deleteDocument } from "../../src/api/documents.ts";
import { searchPlans } from "../../src/api/plans.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every call is answered with `answer` (a network failure when it throws). */
function answerWith(answer: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answer()),
  );
}

/** What a call rejected with, as the machines read it. */
async function failureOf(call: Promise<unknown>): Promise<CallFailure> {
  const error = await call.then(
    () => null,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(CallFailed);
  return (error as CallFailed).failure;
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    Response.json(body, { status, headers });
const offline = () => {
  throw new TypeError("Failed to fetch");
};

describe("submit (SPEC.md section 4)", () => {
  const fpp = () => submitClaim({ claimId: 55, customerId: 700 });
  const ace = () => submitAceClaim(55);

  it.each([
    ["'Succeed'", "submitted", "submitted", json({ message: "Succeed" })],
    ["'Claim is incomplete'", "incomplete", "incomplete", json({ message: "Claim is incomplete" })],
    ["another message", "notTaken", "submitted", json({ message: "Claim received" })],
    ["an HTTP 504", "gatewayTimeout", "gatewayTimeout", json({ message: "Gateway Timeout" }, 504)],
    [
      "a 409 CLAIM_ALREADY_SUBMITTED",
      "alreadySubmitted",
      "alreadySubmitted",
      json({ message: "Claim already submitted", code: "CLAIM_ALREADY_SUBMITTED" }, 409),
    ],
  ])("answered %s: FPP %s, ACE %s", async (_answer, fppKind, aceKind, answer) => {
    answerWith(answer);
    expect(await fpp()).toEqual({ kind: fppKind });
    expect(await ace()).toEqual({ kind: aceKind });
  });

  it("any other refusal rejects with why: refused with its status, code and message", async () => {
    answerWith(json({ message: "Claim is incomplete", code: "CLAIM_INCOMPLETE" }, 422));
    const refused = { kind: "refused", status: 422, code: "CLAIM_INCOMPLETE", message: "Claim is incomplete" };
    expect(await failureOf(fpp())).toEqual(refused);
    expect(await failureOf(ace())).toEqual(refused);
  });

  it("no answer rejects as a network failure", async () => {
    answerWith(offline);
    expect(await failureOf(fpp())).toEqual({ kind: "network" });
    expect(await failureOf(ace())).toEqual({ kind: "network" });
  });
});

describe("adding a missing item", () => {
  const item = {
    itemTypeId: 1,
    manufacturerId: 2,
    materialId: 3,
    colorId: 4,
    vendor: "",
    sku: "",
    modelNumber: "M1",
    price: 10,
    quantity: 1,
    description: "Chair",
  };

  it.each([
    ["'Succeed'", "added", "Succeed"],
    ["another message", "notAdded", "Plan item not added"],
    ["'succeed' in another case", "notAdded", "succeed"],
  ])("answered %s is %s", async (_answer, kind, message) => {
    answerWith(json({ message }));
    expect(await addManualItem({ claimId: 55, planId: 1 }, item)).toEqual({ kind });
  });
});

describe("a failed call the machines read (deleting a document)", () => {
  it("an HTTP refusal is refused, with the answer's status, code and message", async () => {
    answerWith(json({ message: "Document not found", code: "DOCUMENT_NOT_FOUND" }, 404));
    expect(await failureOf(deleteDocument(501))).toEqual({
      kind: "refused",
      status: 404,
      code: "DOCUMENT_NOT_FOUND",
      message: "Document not found",
    });
  });

  it("a refusal without a JSON body is refused with an empty code and message", async () => {
    answerWith(() => new Response("Conflict", { status: 409 }));
    expect(await failureOf(deleteDocument(501))).toEqual({ kind: "refused", status: 409, code: null, message: "" });
  });

  it("no answer, or an answer the portal cannot read, is a network failure", async () => {
    answerWith(offline);
    expect(await failureOf(deleteDocument(501))).toEqual({ kind: "network" });
    answerWith(json({ unexpected: true }));
    expect(await failureOf(deleteDocument(501))).toEqual({ kind: "network" });
  });
});

describe("a rate-limited search (HTTP 429)", () => {
  const search = () => searchPlans({ by: "warrantyNumber", number: "W-1" });

  it.each([
    ["Retry-After in seconds", json({ code: "TOO_MANY_REQUESTS" }, 429, { "Retry-After": "90" }), 90],
    ["only the body's retryAfter, rounded up", json({ code: "TOO_MANY_REQUESTS", retryAfter: 12.5 }, 429), 13],
    ["a Retry-After that is not a number", json({ code: "TOO_MANY_REQUESTS" }, 429, { "Retry-After": "soon" }), 60],
    ["neither", json({ code: "TOO_MANY_REQUESTS" }, 429), 60],
  ])("with %s asks to wait that long", async (_how, answer, seconds) => {
    answerWith(answer);
    expect(await failureOf(search())).toEqual({ kind: "rateLimited", retryAfterSeconds: seconds });
  });

  it("another failure is not rate-limited", async () => {
    answerWith(json({ message: "Unavailable" }, 503));
    expect(await failureOf(search())).toEqual({ kind: "refused", status: 503, code: null, message: "Unavailable" });
  });
});

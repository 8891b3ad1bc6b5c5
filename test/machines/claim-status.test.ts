/**
 * Claim statuses (SPEC.md section 4): the grouping both wizards decide with, the mapping of a
 * server's text, and what each group means for the step a claim opens at; and the submit rule of
 * each family (FPP needs a submitted claim; ACE also takes a gateway timeout).
 */
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { aceClaimMachine } from "../../machines/ace-claim.machine.ts";
import { resolveStep } from "../../machines/claim-steps.ts";
import { stepOf, type LoadedClaim } from "../../machines/claim-wizard.ts";
import {
  CLAIM_STATUSES,
  claimStatusGroup,
  toClaimStatus,
  type Claim,
  type ClaimStatus,
} from "../../machines/domain.ts";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import { CallFailed, type SubmitOutcome } from "../../machines/outcomes.ts";
import { claim, loaded, readyClaim } from "./support/domain-fixtures.ts";

describe("claim status grouping", () => {
  it("groups every status as SPEC.md section 4 says", () => {
    expect(Object.fromEntries(CLAIM_STATUSES.map((status) => [status, claimStatusGroup(status)]))).toEqual({
      Open: "open",
      Closed: "close",
      Denied: "close",
      Cancelled: "close",
      "In process": "review",
      "Pending review": "review",
      Draft: "draft",
      "Not submitted": "draft",
      UNKNOWN: "draft",
    });
  });

  it("a server text the portal does not know is UNKNOWN, not a blind cast", () => {
    expect(toClaimStatus("Not submitted")).toBe("Not submitted");
    expect(toClaimStatus("Archived")).toBe("UNKNOWN");
    expect(toClaimStatus("draft")).toBe("UNKNOWN");
    expect(toClaimStatus("")).toBe("UNKNOWN");
  });

  it.each(["Not submitted", "UNKNOWN"] as ClaimStatus[])(
    "a '%s' claim opens where a Draft would, so it can be finished",
    (status) => {
      for (const family of ["fpp", "ace"] as const) {
        const facts = { claim: { ...readyClaim, status }, selection: [1], contact: undefined, contactSaved: false };
        expect(resolveStep(family, 2, facts), family).toBe(2);
      }
      expect(resolveStep("fpp", 5, { claim: { ...readyClaim, status }, selection: [1] })).toBe(5);
    },
  );

  it.each(["Open", "Closed", "In process", "Pending review", "Denied", "Cancelled"] as ClaimStatus[])(
    "a '%s' claim shows its submitted state",
    (status) => {
      expect(resolveStep("fpp", 2, { claim: { ...readyClaim, status }, selection: [1] })).toBe(6);
    },
  );
});

describe("submit rules per family", () => {
  /** A wizard on a claim ready for review, its submit answered by `submit`. */
  async function submitWith(machine: typeof fppClaimMachine, first: LoadedClaim, submit: () => Promise<SubmitOutcome>) {
    const actor = createActor(
      machine.provide({
        actors: {
          loadClaim: fromPromise(async () => first),
          submitClaim: fromPromise(submit),
        },
      }),
      {
        input: { claimId: first.claim.id, planId: first.plan.id, customerId: first.claim.customerId, requestedStep: 5 },
      },
    ).start();
    await waitFor(actor, (snapshot) => stepOf(snapshot) === 5);
    actor.send({ type: "claim.submit" });
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    return stepOf(actor.getSnapshot());
  }
  const answer = (kind: SubmitOutcome["kind"]) => async () => ({ kind }) as SubmitOutcome;
  const ready: Claim = claim({ ...readyClaim });

  it("FPP: a submitted or already submitted claim confirms; not taken, incomplete or a gateway timeout stays on the review", async () => {
    expect(await submitWith(fppClaimMachine, loaded(ready), answer("submitted"))).toBe(6);
    expect(await submitWith(fppClaimMachine, loaded(ready), answer("alreadySubmitted"))).toBe(6);
    expect(await submitWith(fppClaimMachine, loaded(ready), answer("notTaken"))).toBe(5);
    expect(await submitWith(fppClaimMachine, loaded(ready), answer("incomplete"))).toBe(5);
    expect(await submitWith(fppClaimMachine, loaded(ready), answer("gatewayTimeout"))).toBe(5);
  });

  it("ACE: a submitted or already submitted claim confirms, and so does a gateway timeout; an incomplete claim or a failure stays on the review", async () => {
    const ace = aceClaimMachine as unknown as typeof fppClaimMachine;
    const first = {
      ...loaded(ready),
      contact: {
        firstName: "Maria",
        lastName: "Lopez",
        email: "maria.lopez@example.com",
        phone: "7135550142",
        address: "1200 Main St",
        city: "Houston",
        state: "TX",
        zipCode: "77002",
      },
      modelOptions: {},
    };
    expect(await submitWith(ace, first, answer("submitted"))).toBe(6);
    expect(await submitWith(ace, first, answer("alreadySubmitted"))).toBe(6);
    expect(await submitWith(ace, first, answer("incomplete"))).toBe(5);
    expect(await submitWith(ace, first, answer("gatewayTimeout"))).toBe(6);
    expect(
      await submitWith(ace, first, () =>
        Promise.reject(new CallFailed({ kind: "refused", status: 502, code: null, message: "" })),
      ),
    ).toBe(5);
  });
});

describe("a document delete that fails (SPEC.md section 8)", () => {
  it.each([
    [
      "fpp",
      "the server refuses",
      new CallFailed({ kind: "refused", status: 409, code: null, message: "" }),
      "documentDeleteFailed",
    ],
    [
      "fpp",
      "the server asks to wait",
      new CallFailed({ kind: "rateLimited", retryAfterSeconds: 60 }),
      "documentDeleteFailed",
    ],
    ["fpp", "no answer comes", new CallFailed({ kind: "network" }), "documentDeleteError"],
    ["fpp", "an unexpected error", new TypeError("Failed to fetch"), "documentDeleteError"],
    [
      "ace",
      "the server refuses",
      new CallFailed({ kind: "refused", status: 404, code: null, message: "" }),
      "documentDeleteFailed",
    ],
    ["ace", "no answer comes", new TypeError("Failed to fetch"), "documentDeleteError"],
  ] as const)("%s: when %s the document stays and the matching message shows", async (family, _when, error, code) => {
    const machine = (family === "fpp" ? fppClaimMachine : aceClaimMachine) as unknown as typeof fppClaimMachine;
    const first: LoadedClaim = {
      ...loaded(readyClaim),
      contact: {
        firstName: "Maria",
        lastName: "Lopez",
        email: "maria.lopez@example.com",
        phone: "7135550142",
        address: "1200 Main St",
        city: "Houston",
        state: "TX",
        zipCode: "77002",
      },
    };
    const actor = createActor(
      machine.provide({
        actors: { loadClaim: fromPromise(async () => first), deleteDocument: fromPromise(() => Promise.reject(error)) },
      }),
      { input: { claimId: readyClaim.id, planId: first.plan.id, customerId: readyClaim.customerId, requestedStep: 4 } },
    );
    const notices: Array<{ code: string }> = [];
    actor.on("notify", (event) => notices.push({ code: event.code }));
    actor.start();
    await waitFor(actor, (snapshot) => stepOf(snapshot) === 4);
    const document = readyClaim.items[0]!.documents[0]!;
    actor.send({ type: "document.delete", documentId: document.id });
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    expect(notices).toEqual([{ code }]);
    expect(actor.getSnapshot().context.claim!.items[0]!.documents).toContainEqual(document);
  });
});

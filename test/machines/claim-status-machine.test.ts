/**
 * claimStatusMachine (the claim-status page): its guards, then behaviour on a real actor with a
 * stubbed `readStatus`: each answer leads to what the consumer sees, Retry after a failed read,
 * and Check for updates keeping the status shown while it is read again.
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  claimStatusMachine,
  type ClaimStatusLink,
  type ClaimStatusOutcome,
} from "../../machines/claim-status.machine.ts";
import { CallFailed } from "../../machines/outcomes.ts";
import { guardOf } from "./support/actors.ts";
import {
  FOUND,
  LINK_EXPIRED,
  MOVED,
  NOT_FOUND,
  NO_CONNECTION,
  SERVER_FAILED,
  inReview,
  justSubmitted,
  statusLink,
} from "./support/claim-status-fixtures.ts";

const context = { link: statusLink, progress: null, failure: null };

describe("claimStatus guards", () => {
  it.each([
    ["isFound", FOUND],
    ["isNotFound", NOT_FOUND],
    ["isLinkExpired", LINK_EXPIRED],
  ] as const)("%s holds for its outcome only", (name, own) => {
    const guard = guardOf(claimStatusMachine, name);
    for (const outcome of [FOUND, NOT_FOUND, LINK_EXPIRED, NO_CONNECTION])
      expect(guard(context, { outcome }), outcome.kind).toBe(outcome === own);
  });
});

/** The machine with `readStatus` answering `answers` in turn (each call takes the next). */
function start(...answers: Array<ClaimStatusOutcome | Error>) {
  const readStatus = vi.fn(async (_link: ClaimStatusLink) => {
    const answer = answers.shift();
    if (!answer) throw new Error("No more answers");
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const machine = claimStatusMachine.provide({
    actors: { readStatus: fromPromise<ClaimStatusOutcome, ClaimStatusLink>(({ input }) => readStatus(input)) },
  });
  const actor = createActor(machine, { input: statusLink }).start();
  return { actor, readStatus };
}

type Actor = ReturnType<typeof start>["actor"];
// No timeout of their own: the test's (vite.config.ts testTimeout) bounds these waits.
const settle = (actor: Actor, state: "shown" | "notFound" | "linkExpired" | "failed") =>
  waitFor(actor, (snapshot) => snapshot.matches(state));

describe("claimStatus behaviour", () => {
  it("reads the status of the link's claim and shows it", async () => {
    const { actor, readStatus } = start(FOUND);
    expect(actor.getSnapshot().value).toBe("loading");
    await settle(actor, "shown");
    expect(readStatus).toHaveBeenCalledWith(statusLink);
    expect(actor.getSnapshot().context.progress).toEqual(justSubmitted);
  });

  it("a claim the browser or link may not see is not found; an expired link says so", async () => {
    const notFound = start(NOT_FOUND);
    await settle(notFound.actor, "notFound");
    const expired = start(LINK_EXPIRED);
    await settle(expired.actor, "linkExpired");
    expect(expired.actor.getSnapshot().context.progress).toBeNull();
  });

  it.each([
    ["no connection", NO_CONNECTION, { kind: "network" }],
    ["a server failure", SERVER_FAILED, { kind: "refused", status: 503, code: null, message: "" }],
    ["a rejected read", new CallFailed({ kind: "network" }), { kind: "network" }],
    ["a read that throws anything", new Error("bug"), { kind: "network" }],
  ] as const)("%s fails with Retry, which reads again", async (_, answer, failure) => {
    const { actor, readStatus } = start(answer, FOUND);
    await settle(actor, "failed");
    expect(actor.getSnapshot().context.failure).toEqual(failure);
    actor.send({ type: "status.retry" });
    await settle(actor, "shown");
    expect(readStatus).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it("Check for updates reads again, keeping the status shown meanwhile, and shows the new step", async () => {
    const { actor, readStatus } = start(FOUND, MOVED);
    await settle(actor, "shown");
    actor.send({ type: "status.reload" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.progress).toEqual(justSubmitted);
    await settle(actor, "shown");
    expect(readStatus).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.progress).toEqual(inReview);
  });

  it("Retry is offered only after a failure, and Check for updates only on a shown status", async () => {
    const { actor, readStatus } = start(NOT_FOUND);
    await settle(actor, "notFound");
    actor.send({ type: "status.retry" });
    actor.send({ type: "status.reload" });
    expect(actor.getSnapshot().value).toBe("notFound");
    expect(readStatus).toHaveBeenCalledTimes(1);
  });
});

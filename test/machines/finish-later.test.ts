/**
 * finishLaterMachine on a real actor ('Email me a link to finish later', docs/api.md "Finish
 * later"): what the dialog names, what the send call receives, and the reason it shows when no link
 * went out; `loadTarget`, `keepStep` and `sendLink` stubbed.
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { finishLaterMachine, NoEmailOnFile } from "../../machines/finish-later.machine.ts";
import { notProvided } from "../../machines/not-provided.ts";
import { CallFailed } from "../../machines/outcomes.ts";

const MASKED = "d•••@example.com";

interface Calls {
  target?: () => Promise<string | null>;
  keep?: () => Promise<void>;
  send?: () => Promise<string>;
}

function dialog(calls: Calls = {}) {
  const loadTarget = vi.fn((_input: { claimId: number }) => (calls.target ?? (async () => MASKED))());
  const keepStep = vi.fn(calls.keep ?? (async () => undefined));
  const sendLink = vi.fn((_input: { claimId: number; step: number }) => (calls.send ?? (async () => MASKED))());
  const machine = finishLaterMachine.provide({
    actors: {
      loadTarget: fromPromise(({ input }: { input: { claimId: number } }) => loadTarget(input)),
      keepStep: fromPromise(() => keepStep()),
      sendLink: fromPromise(({ input }: { input: { claimId: number; step: number } }) => sendLink(input)),
    },
  });
  const actor = createActor(machine, { input: { claimId: 55 } }).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.matches("loadingTarget") && !snapshot.hasTag("busy"));
  return { actor, loadTarget, keepStep, sendLink, settled };
}

describe("finishLater: the dialog", () => {
  it("names the address on the plan, saves the step, then sends a link to the step it was opened on", async () => {
    const { actor, loadTarget, keepStep, sendLink, settled } = dialog();
    actor.send({ type: "dialog.open", step: 4 });
    await settled();
    expect(loadTarget).toHaveBeenCalledWith({ claimId: 55 });
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.sendTo).toBe(MASKED);
    actor.send({ type: "link.send" });
    await settled();
    expect(keepStep).toHaveBeenCalledOnce();
    expect(sendLink).toHaveBeenCalledExactlyOnceWith({ claimId: 55, step: 4 });
    expect(actor.getSnapshot().value).toBe("sent");
    expect(actor.getSnapshot().context).toMatchObject({ sentTo: MASKED, failure: null });
  });

  it("with no email on the plan, says so and offers no Send", async () => {
    const { actor, sendLink, settled } = dialog({ target: async () => null });
    actor.send({ type: "dialog.open", step: 3 });
    await settled();
    expect(actor.getSnapshot().value).toBe("noEmailOnFile");
    actor.send({ type: "link.send" });
    expect(sendLink).not.toHaveBeenCalled();
  });

  it("when the address cannot be read, Try Again asks again", async () => {
    let answers = 0;
    const { actor, settled } = dialog({
      target: async () => (answers++ === 0 ? Promise.reject(new TypeError("Failed to fetch")) : MASKED),
    });
    actor.send({ type: "dialog.open", step: 3 });
    await settled();
    expect(actor.getSnapshot().value).toBe("targetFailed");
    actor.send({ type: "target.retry" });
    await settled();
    expect(actor.getSnapshot().value).toBe("ready");
  });
});

describe("finishLater: why no link went out", () => {
  const sendFailing = async (calls: Calls) => {
    const harness = dialog(calls);
    harness.actor.send({ type: "dialog.open", step: 3 });
    await harness.settled();
    harness.actor.send({ type: "link.send" });
    await harness.settled();
    return harness;
  };

  it("too many links for now: the wait the API asked for", async () => {
    const { actor } = await sendFailing({
      send: () => Promise.reject(new CallFailed({ kind: "rateLimited", retryAfterSeconds: 1800 })),
    });
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.failure).toEqual({ kind: "rateLimited", retryAfterSeconds: 1800 });
  });

  it("the email was removed from the plan meanwhile: says there is none on file", async () => {
    const { actor } = await sendFailing({ send: () => Promise.reject(new NoEmailOnFile()) });
    expect(actor.getSnapshot().value).toBe("noEmailOnFile");
  });

  it("a refusal or no answer: a plain failure with Try Again, which saves and sends again", async () => {
    let sends = 0;
    const { actor, keepStep, sendLink, settled } = await sendFailing({
      send: () =>
        sends++ === 0
          ? Promise.reject(new CallFailed({ kind: "refused", status: 500, code: null, message: "Server error" }))
          : Promise.resolve(MASKED),
    });
    expect(actor.getSnapshot().context.failure).toEqual({ kind: "failed" });
    actor.send({ type: "link.send" });
    await settled();
    expect(keepStep).toHaveBeenCalledTimes(2);
    expect(sendLink).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context).toMatchObject({ sentTo: MASKED, failure: null });
  });

  it("the step could not be saved: no link is asked for, and the dialog says the step was not saved", async () => {
    const { actor, sendLink } = await sendFailing({ keep: () => Promise.reject(new Error("The step was not saved")) });
    expect(sendLink).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.failure).toEqual({ kind: "notSaved" });
  });

  it("opened again, the dialog starts clean on its new step", async () => {
    const { actor, sendLink, settled } = await sendFailing({
      send: () => Promise.reject(new TypeError("Failed to fetch")),
    });
    expect(actor.getSnapshot().context.failure).toEqual({ kind: "failed" });
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.open", step: 5 });
    expect(actor.getSnapshot().context).toMatchObject({ step: 5, failure: null, sentTo: null });
    await settled();
    sendLink.mockImplementation(async () => MASKED);
    actor.send({ type: "link.send" });
    await settled();
    expect(sendLink).toHaveBeenLastCalledWith({ claimId: 55, step: 5 });
  });
});

describe("an actor a machine was given no implementation for", () => {
  it("fails loudly, naming the actor, rather than succeeding silently", async () => {
    const actor = createActor(notProvided<string, { claimId: number }>("loadTarget"), { input: { claimId: 55 } });
    const failure = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await failure).toEqual(new Error("Actor 'loadTarget' was not provided"));
  });

  it("as shipped, the dialog takes an unprovided call as one that failed", async () => {
    const actor = createActor(finishLaterMachine, { input: { claimId: 55 } }).start();
    actor.send({ type: "dialog.open", step: 3 });
    await waitFor(actor, (snapshot) => snapshot.matches("targetFailed"));
    expect(actor.getSnapshot().status).toBe("active");
  });
});

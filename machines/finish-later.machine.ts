/**
 * finishLaterMachine: 'Email me a link to finish later' on a claim wizard step (docs/api.md "Finish
 * later"). The dialog opens on the step it was asked from, shows the email on the plan masked,
 * and on Send first has the wizard save what the step holds (so the link finds it on the server,
 * on any device), then asks the API to email the link. It answers 'Link sent to …', or why not:
 * too many links for now (with the wait), no email on file, or no answer (with a retry).
 *
 * Injected actors: `loadTarget` ({claimId} -> the masked address, null when none is on file),
 * `keepStep` (the wizard saves the step; rejects when it could not), `sendLink` ({claimId, step}
 * -> the masked address it went to). A failed call rejects with a CallFailed (outcomes.ts), read
 * only through `failureOf`; `isNoEmailOnFile` is the one refusal told apart (its code is the
 * API's, read in src/api/finish-later.ts, which rejects with `NoEmailOnFile`).
 */
import { assign, setup } from "xstate";
import { notProvided } from "./not-provided.ts";
import { failureOf } from "./outcomes.ts";

export interface FinishLaterInput {
  claimId: number;
}

/**
 * Why the link was not sent: too many for now, the step not saved, or no usable answer. (No email
 * on file is a state of its own, `noEmailOnFile`, since it offers no Try Again.)
 */
export type FinishLaterFailure =
  { kind: "rateLimited"; retryAfterSeconds: number } | { kind: "notSaved" } | { kind: "failed" };

export interface FinishLaterContext {
  claimId: number;
  /** The wizard step the dialog was opened on: the step the link reopens. */
  step: number;
  /** The masked address on the plan; null when none is on file. */
  sendTo: string | null;
  /** The masked address the link went to. */
  sentTo: string | null;
  failure: FinishLaterFailure | null;
}

export type FinishLaterEvent =
  { type: "dialog.open"; step: number } | { type: "dialog.close" } | { type: "link.send" } | { type: "target.retry" };

/** The refusal `sendLink` rejects with when the plan's customer has no email on file. */
export class NoEmailOnFile extends Error {
  constructor() {
    super("No email on file");
    this.name = "NoEmailOnFile";
  }
}

/** The failure a send's error stands for (NoEmailOnFile never gets here: isNoEmailOnFile takes it first). */
function sendFailure(error: unknown): FinishLaterFailure {
  const failure = failureOf(error);
  return failure.kind === "rateLimited"
    ? { kind: "rateLimited", retryAfterSeconds: failure.retryAfterSeconds }
    : { kind: "failed" };
}

export const finishLaterMachine = setup({
  types: {
    context: {} as FinishLaterContext,
    events: {} as FinishLaterEvent,
    input: {} as FinishLaterInput,
  },
  actors: {
    loadTarget: notProvided<string | null, { claimId: number }>("loadTarget"),
    keepStep: notProvided<void, void>("keepStep"),
    sendLink: notProvided<string, { claimId: number; step: number }>("sendLink"),
  },
  actions: {
    openOn: assign((_, params: { step: number }) => ({ step: params.step, sentTo: null, failure: null })),
    setTarget: assign((_, params: { sendTo: string | null }) => ({ sendTo: params.sendTo })),
    setSent: assign((_, params: { sentTo: string }) => ({ sentTo: params.sentTo, failure: null })),
    setFailure: assign((_, params: { failure: FinishLaterFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    hasEmailOnFile: (_, params: { sendTo: string | null }) => params.sendTo !== null,
    isNoEmailOnFile: (_, params: { error: unknown }) => params.error instanceof NoEmailOnFile,
  },
}).createMachine({
  id: "finishLater",
  context: ({ input }) => ({ claimId: input.claimId, step: 2, sendTo: null, sentTo: null, failure: null }),
  initial: "closed",
  states: {
    // Only the button on the step.
    closed: {
      on: {
        "dialog.open": {
          target: "loadingTarget",
          actions: { type: "openOn", params: ({ event }) => ({ step: event.step }) },
        },
      },
    },
    // The address on the plan, masked, for the dialog to name.
    loadingTarget: {
      invoke: {
        id: "loadTarget",
        src: "loadTarget",
        input: ({ context }) => ({ claimId: context.claimId }),
        onDone: [
          {
            guard: { type: "hasEmailOnFile", params: ({ event }) => ({ sendTo: event.output }) },
            target: "ready",
            actions: { type: "setTarget", params: ({ event }) => ({ sendTo: event.output }) },
          },
          { target: "noEmailOnFile" },
        ],
        onError: "targetFailed",
      },
      on: { "dialog.close": "closed" },
    },
    targetFailed: {
      on: { "target.retry": "loadingTarget", "dialog.close": "closed" },
    },
    // 'We will email a link to j•••@example.com', with Send.
    ready: {
      on: { "link.send": "keepingStep", "dialog.close": "closed" },
    },
    // The wizard saves the step's input first: the link must find it on the server.
    keepingStep: {
      tags: ["busy"],
      entry: "clearFailure",
      invoke: {
        id: "keepStep",
        src: "keepStep",
        onDone: "sending",
        onError: { target: "failed", actions: { type: "setFailure", params: { failure: { kind: "notSaved" } } } },
      },
    },
    sending: {
      tags: ["busy"],
      invoke: {
        id: "sendLink",
        src: "sendLink",
        input: ({ context }) => ({ claimId: context.claimId, step: context.step }),
        onDone: { target: "sent", actions: { type: "setSent", params: ({ event }) => ({ sentTo: event.output }) } },
        onError: [
          {
            guard: { type: "isNoEmailOnFile", params: ({ event }) => ({ error: event.error }) },
            target: "noEmailOnFile",
          },
          {
            target: "failed",
            actions: { type: "setFailure", params: ({ event }) => ({ failure: sendFailure(event.error) }) },
          },
        ],
      },
    },
    // 'Link sent to j•••@example.com'.
    sent: {
      on: { "dialog.close": "closed" },
    },
    // Why it was not sent, with Try Again.
    failed: {
      on: { "link.send": "keepingStep", "dialog.close": "closed" },
    },
    // Nothing to send to: says so, and where to add an email.
    noEmailOnFile: {
      on: { "dialog.close": "closed" },
    },
  },
});

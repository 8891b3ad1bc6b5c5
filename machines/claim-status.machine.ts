/**
 * claimStatusMachine: the claim-status page (`/claim-status?code=CL-…`): read the claim's status
 * once, then show it, say that no such claim can be shown, or that the emailed link has expired; a
 * read that got no usable answer offers Retry, and a shown status can be read again (staff may
 * have moved the claim since).
 *
 * Injected actor: `readStatus` (ClaimStatusLink -> ClaimStatusOutcome). It resolves with every
 * answer the page tells apart, `failed` included; a rejection (a bug, not an answer) is a failure
 * too, so the consumer always has Retry.
 */
import { assign, setup } from "xstate";
import type { DecisionOutcome } from "../contract/claim-status.ts";
import type { ClaimDocument, Lookup } from "./domain.ts";
import { failureOf, type CallFailure } from "./outcomes.ts";
import { notProvided } from "./not-provided.ts";

/** The steps of a claim after Submit, in order (SPEC.md's statuses map onto them). */
export const CLAIM_PROGRESS_STEPS = ["submitted", "inReview", "decision", "service", "closed"] as const;
export type ClaimProgressStep = (typeof CLAIM_PROGRESS_STEPS)[number];

/** A submitted claim's status as the page shows it. */
export interface ClaimProgress {
  /** CL- and the claim id. */
  claimNumber: string;
  plan: { number: string; programName: string };
  /** The claimed items, by their plan item's name. */
  items: Lookup[];
  documents: ClaimDocument[];
  /** All five steps in order; `reachedAt` is when the claim reached it (ISO 8601 instant), null when not yet. */
  timeline: Array<{ step: ClaimProgressStep; reachedAt: string | null }>;
  current: ClaimProgressStep;
  /** The next step and the day (YYYY-MM-DD) it is expected by; null once closed. */
  next: { step: ClaimProgressStep; expectedBy: string } | null;
  /** How the decision came out (a denial with the reason staff gave); null when none is recorded. */
  decision: { outcome: DecisionOutcome; reason: string | null } | null;
}

/** The page's link: the claim number (or in-progress status code), and an emailed link's expiry and signature. */
export interface ClaimStatusLink {
  code: string;
  expires: string | null;
  sig: string | null;
}

/**
 * What reading a claim's status told: the status; no claim this browser or link may see; an
 * emailed link past its time; or no usable answer (no connection, a server failure).
 */
export type ClaimStatusOutcome =
  | { kind: "found"; progress: ClaimProgress }
  | { kind: "notFound" }
  | { kind: "linkExpired" }
  | { kind: "failed"; failure: CallFailure };

export interface ClaimStatusContext {
  link: ClaimStatusLink;
  /** The status last read, kept while it is read again. */
  progress: ClaimProgress | null;
  /** Why the last read failed, null otherwise. */
  failure: CallFailure | null;
}

export type ClaimStatusEvent = { type: "status.retry" } | { type: "status.reload" };

export const claimStatusMachine = setup({
  types: {
    context: {} as ClaimStatusContext,
    events: {} as ClaimStatusEvent,
    input: {} as ClaimStatusLink,
  },
  actors: {
    readStatus: notProvided<ClaimStatusOutcome, ClaimStatusLink>("readStatus"),
  },
  actions: {
    keepProgress: assign((_, params: { progress: ClaimProgress }) => ({ progress: params.progress, failure: null })),
    forgetProgress: assign({ progress: null, failure: null }),
    keepFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
  },
  guards: {
    isFound: (_, params: { outcome: ClaimStatusOutcome }) => params.outcome.kind === "found",
    isNotFound: (_, params: { outcome: ClaimStatusOutcome }) => params.outcome.kind === "notFound",
    isLinkExpired: (_, params: { outcome: ClaimStatusOutcome }) => params.outcome.kind === "linkExpired",
  },
}).createMachine({
  id: "claimStatus",
  context: ({ input }) => ({ link: input, progress: null, failure: null }),
  initial: "loading",
  states: {
    // Reading the status; a status already shown stays on screen while it is read again.
    loading: {
      invoke: {
        id: "readStatus",
        src: "readStatus",
        input: ({ context }) => context.link,
        onDone: [
          {
            guard: { type: "isFound", params: ({ event }) => ({ outcome: event.output }) },
            target: "shown",
            actions: {
              type: "keepProgress",
              params: ({ event }) => ({
                progress: (event.output as Extract<ClaimStatusOutcome, { kind: "found" }>).progress,
              }),
            },
          },
          {
            guard: { type: "isNotFound", params: ({ event }) => ({ outcome: event.output }) },
            target: "notFound",
            actions: "forgetProgress",
          },
          {
            guard: { type: "isLinkExpired", params: ({ event }) => ({ outcome: event.output }) },
            target: "linkExpired",
            actions: "forgetProgress",
          },
          {
            target: "failed",
            actions: {
              type: "keepFailure",
              params: ({ event }) => ({
                failure: (event.output as Extract<ClaimStatusOutcome, { kind: "failed" }>).failure,
              }),
            },
          },
        ],
        onError: {
          target: "failed",
          actions: { type: "keepFailure", params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    // The claim number, plan, items, timeline, what happens next, documents and support.
    shown: {
      on: { "status.reload": "loading" },
    },
    // No claim by that code for this browser or link: say so and offer the plan search.
    notFound: {},
    // An emailed link past its time: say so and offer the plan search, which grants the claim again.
    linkExpired: {},
    // No usable answer (no connection, a server failure): Retry reads again.
    failed: {
      on: { "status.retry": "loading" },
    },
  },
});

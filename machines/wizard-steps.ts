/**
 * The wizard-step toolkit: what every wizard of the portal (the FPP and ACE claim wizards through
 * claim-wizard.ts, and the contact-service request) builds its steps from, written once so the way a
 * step meets the URL and the way a document is deleted cannot differ between them (DESIGN.md "URL
 * and machine"; SPEC.md section 8 for the delete messages).
 *
 * The contract, for a machine that uses it:
 * - its context holds `stepRequest`: a step the URL asked for that no step state has answered yet;
 * - its setup() names `requestStep` and `settleStepRequest` (`assign` of `stepRequestUpdates`),
 *   spreads `wizardStepGuards`, and names the injected
 *   `showStep({ step, replace, ... })`, a `notify` action emitting `{ type: "notify", code }` and a
 *   `deleteDocument` actor;
 * - a state with id `routing` picks the step for `context.stepRequest`.
 *
 * A URL change meets the machine in one of three places: at rest it routes at once; while a call
 * runs (`waitingForServer`) it is kept; and the state a call settles in (`atRest`) routes a kept
 * request straight away, so the screen and the URL never show different steps. A machine that
 * uses `waitingForServer` names WAIT_DELAYS in its setup() and takes the event `call.cancel`.
 */
import { failureOf } from "./outcomes.ts";

/** The part of a wizard's context the toolkit reads and writes. */
export interface StepRequestContext {
  stepRequest: { step: number | null } | null;
}

/**
 * The context updates behind the actions `requestStep` (keep the URL's request) and
 * `settleStepRequest` (the step on screen now answers it); each wizard's setup() wraps them in
 * `assign`, so XState types them with that wizard's context and events.
 */
export const stepRequestUpdates = {
  requestStep: (_: unknown, params: { step: number | null }): StepRequestContext => ({
    stepRequest: { step: params.step },
  }),
  settleStepRequest: (): StepRequestContext => ({ stepRequest: null }),
};

/** Guards every wizard's setup() spreads in. */
export const wizardStepGuards = {
  // Back at rest after a call, with a URL request made while it ran (back, forward): route it now
  // rather than leave the URL out of step with the screen.
  hasKeptStepRequest: ({ context }: { context: StepRequestContext }) => context.stepRequest !== null,
  // A delete the server answered and refused (or asked to wait on), as opposed to one that got no
  // usable answer (SPEC.md section 8).
  isRefusedByServer: (_: unknown, params: { error: unknown }) => failureOf(params.error).kind !== "network",
};

/**
 * What makes a state a wizard step: its id `step<n>` (so shared regions and other steps can name
 * it), its URL step in `meta.step` (read by `stepOf`), and its entry announcing the step to the URL
 * through `showStep`, replacing the history entry when it answers a URL request and pushing one when
 * the person moved. `announce` adds what else the URL carries (the contact service's ticket).
 */
export function stepState<
  const Step extends number,
  Context extends StepRequestContext = StepRequestContext,
  Extra extends object = object,
>(step: Step, announce?: (context: Context) => Extra) {
  return {
    id: `step${step}` as const,
    meta: { step },
    entry: [
      {
        type: "showStep",
        params: ({ context }: { context: Context }) => ({
          ...(announce ? announce(context) : ({} as Extra)),
          step,
          replace: context.stepRequest !== null,
        }),
      },
      "settleStepRequest",
    ],
  } as const;
}

/** The URL step of a snapshot, from `meta.step` of the active states; null while no step shows. */
export function stepOf(snapshot: { getMeta(): Record<string, unknown> }): number | null {
  for (const meta of Object.values(snapshot.getMeta())) {
    const step = (meta as { step?: number } | undefined)?.step;
    if (typeof step === "number") return step;
  }
  return null;
}

/**
 * When a wait for the server speaks (the wizards' named delays, in milliseconds): 'Still working…'
 * with a Cancel a few seconds after the call began, past the automatic retries of one call on a bad
 * network (src/api/http.ts: 4 tries, up to 2.1 s of backoff between them, about 3.3 s in all when
 * each try takes 300 ms), so those pass quietly; then, 15 s later (20 s into the wait), that it
 * takes longer than usual. SPEC.md sets no client timeout: nothing is cut off but by the person.
 */
export const WAIT_DELAYS = { stillWorkingAfter: 5_000, longerThanUsualAfter: 15_000 } as const;

/**
 * A state whose call to the server runs (tag `busy`): a URL request meanwhile is kept for `atRest`.
 * The wait is quiet at first, then offers Cancel (`stillWorking`, tag `stillWorking`), then says it
 * is taking longer than usual (`longerThanUsual`, tags `stillWorking` and `longerThanUsual`).
 * `call.cancel` takes `cancelled`, the transition the call's failure takes: leaving the state
 * stops the call's actor, whose signal ends the request and its retries.
 */
export function waitingForServer<const Cancelled>(cancelled: Cancelled) {
  return {
    tags: ["busy"],
    initial: "quiet",
    states: {
      quiet: { after: { stillWorkingAfter: "stillWorking" } },
      stillWorking: { tags: ["stillWorking"], after: { longerThanUsualAfter: "longerThanUsual" } },
      longerThanUsual: { tags: ["stillWorking", "longerThanUsual"] },
    },
    on: {
      "step.requested": {
        actions: {
          type: "requestStep",
          params: ({ event }: { event: { step: number | null } }) => ({ step: event.step }),
        },
      },
      "call.cancel": cancelled,
    },
  } as const;
}

/** How long the call that runs has been waited on, as the screen says it: none runs, or one of waitingForServer's substates. */
export type Wait = "none" | "quiet" | "stillWorking" | "longerThanUsual";

/** The Wait of a snapshot, from waitingForServer's tags. */
export function waitOf(snapshot: { hasTag(tag: string): boolean }): Wait {
  if (!snapshot.hasTag("busy")) return "none";
  if (snapshot.hasTag("longerThanUsual")) return "longerThanUsual";
  return snapshot.hasTag("stillWorking") ? "stillWorking" : "quiet";
}

/** The state of a step that calls return to: a URL request kept while one ran is routed now. */
export const atRest = { always: { guard: "hasKeptStepRequest", target: "#routing" } } as const;

/**
 * The substate deleting one document on the server, a sibling of the step's `editing` (which must
 * be `atRest`): `input` names the document for the `deleteDocument` actor, `onDeleted` the actions
 * that drop it from what the wizard holds. Notifies `documentDeleted`, or when the call fails
 * `documentDeleteFailed` (the server answered and refused) or `documentDeleteError` (no usable
 * answer), SPEC.md section 8; a failed delete keeps the document.
 */
export function deletingDocumentState<Context, Input, const Deleted extends readonly unknown[]>(call: {
  input: (args: { context: Context }) => Input;
  onDeleted: Deleted;
}) {
  // Cancelled, the delete got no usable answer.
  const unanswered = {
    target: "editing",
    actions: { type: "notify", params: { code: "documentDeleteError" } },
  } as const;
  return {
    ...waitingForServer(unanswered),
    invoke: {
      id: "deleteDocument",
      src: "deleteDocument",
      input: call.input,
      onDone: {
        target: "editing",
        actions: [...call.onDeleted, { type: "notify", params: { code: "documentDeleted" } }],
      },
      onError: [
        {
          guard: {
            type: "isRefusedByServer",
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
          target: "editing",
          actions: { type: "notify", params: { code: "documentDeleteFailed" } },
        },
        unanswered,
      ],
    },
  } as const;
}

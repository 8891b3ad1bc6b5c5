/**
 * missingItemMachine: adding a missing line item to a plan from a claim (SPEC.md section 2 "Missing
 * line item", section 8): check that this browser can reach the claim, load the option lists,
 * submit, then the success dialog with Back to Claim. A claim the browser cannot reach (unknown, or
 * another session's: SECURITY.md "Every record is checked") shows the claim-not-found view before
 * anything is typed. Only an `added` outcome counts; anything else keeps why (the call's failure,
 * which the screen says as a catalog message), or that the API answered without adding it.
 *
 * Injected actors: `checkClaim` ({claimId, planId} -> ClaimReach), `loadOptions` (->
 * MissingItemOptions), `addItem` (ManualItem -> AddItemOutcome; rejects with a CallFailed saying
 * why). Injected action: `backToClaim` (create-claim step 2).
 */
import { assign, setup } from "xstate";
import type { Lookup } from "./domain.ts";
import { failureOf, type AddItemOutcome, type CallFailure } from "./outcomes.ts";
import { notProvided } from "./not-provided.ts";

export interface MissingItemOptions {
  itemTypes: Lookup[];
  manufacturers: Lookup[];
  materials: Lookup[];
  colors: Lookup[];
}

/** The item as the consumer described it; price in US dollars. */
export interface ManualItem {
  itemTypeId: number;
  manufacturerId: number;
  materialId: number;
  colorId: number;
  vendor: string;
  sku: string;
  modelNumber: string;
  price: number;
  quantity: number;
  description: string;
}

/**
 * Whether the claim can take a missing item from this browser: `open`, or `unreachable` when the
 * API knows no such claim for this session, or it is not the plan's the link names.
 */
export type ClaimReach = { kind: "open" } | { kind: "unreachable" };

export interface MissingItemInput {
  claimId: number;
  planId: number;
}

export interface MissingItemContext extends MissingItemInput {
  options: MissingItemOptions | null;
  /**
   * Null, or why the last submit added nothing: the call's failure, or null when the API answered
   * without adding the item ('Something went wrong').
   */
  failure: { call: CallFailure | null } | null;
}

export type MissingItemEvent =
  { type: "item.submit"; item: ManualItem } | { type: "claim.back" } | { type: "options.retry" };

export const missingItemMachine = setup({
  types: {
    context: {} as MissingItemContext,
    events: {} as MissingItemEvent,
    input: {} as MissingItemInput,
  },
  actors: {
    checkClaim: notProvided<ClaimReach, MissingItemInput>("checkClaim"),
    loadOptions: notProvided<MissingItemOptions, void>("loadOptions"),
    addItem: notProvided<AddItemOutcome, { claimId: number; planId: number; item: ManualItem }>("addItem"),
  },
  actions: {
    backToClaim: (_, _params: { claimId: number; planId: number }) => {},
    keepOptions: assign((_, params: { options: MissingItemOptions }) => ({ options: params.options })),
    fail: assign((_, params: { call: CallFailure | null }) => ({ failure: { call: params.call } })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isAdded: (_, params: { outcome: AddItemOutcome }) => params.outcome.kind === "added",
    isUnreachable: (_, params: { reach: ClaimReach }) => params.reach.kind === "unreachable",
  },
}).createMachine({
  id: "missingItem",
  context: ({ input }) => ({ ...input, options: null, failure: null }),
  initial: "checking",
  states: {
    // Before any form: can this browser add to the claim at all?
    checking: {
      invoke: {
        id: "checkClaim",
        src: "checkClaim",
        input: ({ context }) => ({ claimId: context.claimId, planId: context.planId }),
        onDone: [
          {
            guard: { type: "isUnreachable", params: ({ event }) => ({ reach: event.output }) },
            target: "claimUnreachable",
          },
          { target: "loading" },
        ],
        onError: "optionsFailed",
      },
    },
    loading: {
      invoke: {
        id: "loadOptions",
        src: "loadOptions",
        onDone: {
          target: "editing",
          actions: { type: "keepOptions", params: ({ event }) => ({ options: event.output }) },
        },
        onError: "optionsFailed",
      },
    },
    // The claim-not-found view, with its ways to the search and home: no form to fill in vain.
    claimUnreachable: {},
    // The lists or the claim's check got no answer: the consumer can try again or go back to the claim.
    optionsFailed: {
      on: {
        "options.retry": "checking",
        "claim.back": {
          actions: {
            type: "backToClaim",
            params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }),
          },
        },
      },
    },
    editing: {
      on: {
        "item.submit": "submitting",
        "claim.back": {
          actions: {
            type: "backToClaim",
            params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }),
          },
        },
      },
    },
    submitting: {
      entry: "clearFailure",
      invoke: {
        id: "addItem",
        src: "addItem",
        input: ({ context, event }) => ({
          claimId: context.claimId,
          planId: context.planId,
          item: (event as { item: ManualItem }).item,
        }),
        onDone: [
          { guard: { type: "isAdded", params: ({ event }) => ({ outcome: event.output }) }, target: "added" },
          { target: "editing", actions: { type: "fail", params: { call: null } } },
        ],
        onError: {
          target: "editing",
          actions: { type: "fail", params: ({ event }) => ({ call: failureOf(event.error) }) },
        },
      },
    },
    // 'Plan item added successfully' dialog with Back to Claim.
    added: {
      on: {
        "claim.back": {
          actions: {
            type: "backToClaim",
            params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }),
          },
        },
      },
    },
  },
});

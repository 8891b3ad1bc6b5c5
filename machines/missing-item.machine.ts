/**
 * missingItemMachine: adding a missing line item to a plan from a claim (SPEC.md section 2 "Missing
 * line item", section 8): load the option lists, submit, then the success dialog with Back to Claim.
 * Only an `added` outcome counts; any other answer says 'Something went wrong', and an error says
 * its own message when it has one.
 *
 * Injected actors: `loadOptions` (-> MissingItemOptions), `addItem` (ManualItem -> AddItemOutcome;
 * rejects with an Error whose message is the server's, when it gave one). Injected action:
 * `backToClaim` (create-claim step 2).
 */
import { assign, setup } from "xstate";
import type { Lookup } from "./domain.ts";
import type { AddItemOutcome } from "./outcomes.ts";
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

export interface MissingItemInput {
  claimId: number;
  planId: number;
}

export interface MissingItemContext extends MissingItemInput {
  options: MissingItemOptions | null;
  /** Null, or the server's message; the screen says 'Something went wrong' when it is empty. */
  failure: { message: string | null } | null;
}

export type MissingItemEvent = { type: "item.submit"; item: ManualItem } | { type: "claim.back" } | { type: "options.retry" };

export const missingItemMachine = setup({
  types: {
    context: {} as MissingItemContext,
    events: {} as MissingItemEvent,
    input: {} as MissingItemInput,
  },
  actors: {
    loadOptions: notProvided<MissingItemOptions, void>("loadOptions"),
    addItem: notProvided<AddItemOutcome, { claimId: number; planId: number; item: ManualItem }>("addItem"),
  },
  actions: {
    backToClaim: (_, _params: { claimId: number; planId: number }) => {},
    keepOptions: assign((_, params: { options: MissingItemOptions }) => ({ options: params.options })),
    fail: assign((_, params: { message: string | null }) => ({ failure: { message: params.message } })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isAdded: (_, params: { outcome: AddItemOutcome }) => params.outcome.kind === "added",
  },
}).createMachine({
  id: "missingItem",
  context: ({ input }) => ({ ...input, options: null, failure: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadOptions",
        src: "loadOptions",
        onDone: { target: "editing", actions: { type: "keepOptions", params: ({ event }) => ({ options: event.output }) } },
        onError: "optionsFailed",
      },
    },
    // The lists could not be loaded: the consumer can try again or go back to the claim.
    optionsFailed: {
      on: { "options.retry": "loading", "claim.back": { actions: { type: "backToClaim", params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }) } } },
    },
    editing: {
      on: {
        "item.submit": "submitting",
        "claim.back": { actions: { type: "backToClaim", params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }) } },
      },
    },
    submitting: {
      entry: "clearFailure",
      invoke: {
        id: "addItem",
        src: "addItem",
        input: ({ context, event }) => ({ claimId: context.claimId, planId: context.planId, item: (event as { item: ManualItem }).item }),
        onDone: [
          { guard: { type: "isAdded", params: ({ event }) => ({ outcome: event.output }) }, target: "added" },
          { target: "editing", actions: { type: "fail", params: { message: null } } },
        ],
        onError: { target: "editing", actions: { type: "fail", params: ({ event }) => ({ message: (event.error as Error | null)?.message || null }) } },
      },
    },
    // 'Plan item added successfully' dialog with Back to Claim.
    added: {
      on: { "claim.back": { actions: { type: "backToClaim", params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }) } } },
    },
  },
});

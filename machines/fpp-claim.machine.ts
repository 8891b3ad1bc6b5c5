/**
 * fppClaimMachine: the FPP claim wizard, steps 2 to 6 (SPEC.md section 2 "Claim wizard (FPP)",
 * section 4 "Claim flow", section 5 steps 2-4). The claim lives on the server; the step lives in the
 * URL, mirrored from `meta.step` of the active state. A reload re-enters `loading` and resumes.
 *
 * Injected actors: `loadClaim` ({claimId, planId} -> {claim, plan, options}), `saveItems`,
 * `removeItem`, `saveDamages`, `deleteDamage`, `deleteDocument` (each resolving to the refreshed
 * claim), `submitClaim` (-> the answer's message). Injected actions: `leaveToSelectPlan`,
 * `goHome` (navigation). Emits `{ type: "notify", code }` for toasts; it holds no text.
 */
import { and, assign, emit, setup } from "xstate";
import type { Claim, ClaimOptions, DamageEntry, ItemDetails, Plan } from "./domain.ts";
import { notProvided } from "./not-provided.ts";
import { resolveStep, type WizardStep } from "./fpp-claim-steps.ts";
import { hasCompleteDetails } from "./fpp-claim-rules.ts";
import {
  claimItemOf,
  hasCompleteDamages,
  hasDocumentsForEveryItem,
  hydrateDraft,
  isSelectablePlanItem,
  mergeDamages,
  savedDamageBlocks,
  toggleSelection,
  unsavedDamages,
  withoutItem,
  type ClaimDraftContext,
  type ClaimDraftEvent,
  type DamageToSave,
} from "./claim-drafts.ts";

export interface FppClaimInput {
  claimId: number;
  planId: number;
  /** `step` of the URL, null when missing or not a number. */
  requestedStep: number | null;
}

/** Feedback codes the screens turn into toasts or inline messages. */
export type ClaimNotice =
  | "saveFailed"
  | "removeFailed"
  | "submitFailed"
  | "damageDeleteFailed"
  | "documentDeleted"
  | "documentDeleteFailed";

/** The draft fields of claim-drafts.ts, with FPP's option lists. */
export interface FppClaimContext extends ClaimDraftContext {
  requestedStep: number | null;
  options: ClaimOptions | null;
  error: ClaimNotice | null;
}

export type FppClaimEvent = ClaimDraftEvent | { type: "step.requested"; step: number | null };

export interface LoadedClaim {
  claim: Claim;
  plan: Plan;
  options: ClaimOptions;
}

export type SaveItemsInput = { claimId: number; planId: number; items: Array<{ planItemId: number; claimItemId?: number; itemTypeId: number | null } & ItemDetails> };
export type SaveDamagesInput = { claimId: number; customerId: number; damages: DamageToSave[] };

/** True when the claim offers specific damages, which a damage block must then name. */
export function needsSpecificDamage(context: Pick<FppClaimContext, "options">): boolean {
  return (context.options?.specificDamages.length ?? 0) > 0;
}

const stepTarget = (step: WizardStep) => ({ guard: { type: "isResolvedStep" as const, params: { step } }, target: `#fppClaim.${STATE_OF_STEP[step]}` });
const STATE_OF_STEP = { 2: "selectingItems", 3: "confirmingDetails", 4: "reportingDamage", 5: "reviewing", 6: "submitted" } as const;

export const fppClaimMachine = setup({
  types: {
    context: {} as FppClaimContext,
    events: {} as FppClaimEvent,
    input: {} as FppClaimInput,
    emitted: {} as { type: "notify"; code: ClaimNotice },
  },
  actors: {
    loadClaim: notProvided<LoadedClaim, { claimId: number; planId: number }>("loadClaim"),
    saveItems: notProvided<Claim, SaveItemsInput>("saveItems"),
    removeItem: notProvided<Claim, { claimId: number; claimItemId: number }>("removeItem"),
    saveDamages: notProvided<Claim, SaveDamagesInput>("saveDamages"),
    deleteDamage: notProvided<Claim, { claimId: number; damageId: number }>("deleteDamage"),
    deleteDocument: notProvided<Claim, { claimId: number; documentId: number }>("deleteDocument"),
    submitClaim: notProvided<string, { claimId: number; customerId: number }>("submitClaim"),
  },
  actions: {
    leaveToSelectPlan: (_, _params: { claimId: number; planId: number }) => {},
    goHome: () => {},
    hydrate: assign(({ context }, params: LoadedClaim) => ({
      claim: params.claim,
      plan: params.plan,
      options: params.options,
      ...hydrateDraft(params.claim, context.damages),
    })),
    refreshClaim: assign(({ context }, params: { claim: Claim }) => ({ claim: params.claim, damages: mergeDamages(params.claim, context.damages), error: null })),
    // Every unsaved block was complete and sent, so the server's blocks are now all there is.
    adoptSavedDamages: assign((_, params: { claim: Claim }) => ({ claim: params.claim, damages: savedDamageBlocks(params.claim), error: null })),
    // The claim in memory is no longer a draft: Back cannot reopen its review.
    markSubmitted: assign(({ context }) => ({ claim: context.claim && { ...context.claim, status: "Open" as const } })),
    requestStep: assign((_, params: { step: number | null }) => ({ requestedStep: params.step })),
    markRemoval: assign((_, params: { planItemId: number }) => ({ removingPlanItemId: params.planItemId })),
    // A newly ticked item starts from the plan's own manufacturer, material and color: step 3 confirms them.
    toggleItem: assign(({ context }, params: { planItemId: number }) => toggleSelection(context, params.planItemId)),
    // Unchecking a saved item drops its details, damages and files with it (SPEC.md section 4).
    dropItem: assign(({ context }, params: { claim: Claim }) => ({
      claim: params.claim,
      ...withoutItem(context, context.removingPlanItemId),
      removingPlanItemId: null,
      error: null,
    })),
    setDetails: assign(({ context }, params: { details: Record<number, Partial<ItemDetails>> }) => ({ details: { ...context.details, ...params.details } })),
    setDamages: assign(({ context }, params: { damages: Record<number, Partial<DamageEntry>[]> }) => ({ damages: { ...context.damages, ...params.damages } })),
    removeDamageBlock: assign(({ context }, params: { planItemId: number; index: number }) => ({
      damages: { ...context.damages, [params.planItemId]: (context.damages[params.planItemId] ?? []).filter((_, i) => i !== params.index) },
    })),
    addDocument: assign(({ context }, params: { claimItemId: number; document: { id: number; fileName: string } }) => ({
      claim: context.claim && {
        ...context.claim,
        items: context.claim.items.map((item) => (item.id === params.claimItemId ? { ...item, documents: [...item.documents, params.document] } : item)),
      },
    })),
    showValidation: assign({ showValidation: true }),
    setError: assign((_, params: { error: ClaimNotice }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    notify: emit((_, params: { code: ClaimNotice }) => ({ type: "notify" as const, code: params.code })),
  },
  guards: {
    isResolvedStep: ({ context }, params: { step: WizardStep | "selectPlan" }) =>
      context.claim !== null && resolveStep(context.requestedStep, { claim: context.claim, selection: context.selection }) === params.step,
    isSelectableItem: ({ context }, params: { planItemId: number }) => isSelectablePlanItem(context.plan, params.planItemId),
    isSavedItemSelected: ({ context }, params: { planItemId: number }) =>
      context.selection.includes(params.planItemId) && claimItemOf(context, params.planItemId) !== undefined,
    isLoaded: ({ context }) => context.claim !== null,
    hasSelection: ({ context }) => context.selection.length > 0,
    hasCompleteDetails: ({ context }) => hasCompleteDetails(context.selection, context.details),
    // Block 0 stays: every item needs at least one damage (SPEC.md section 4).
    isFirstDamageBlock: (_, params: { index: number }) => params.index === 0,
    isSavedDamageBlock: ({ context }, params: { planItemId: number; index: number }) => Boolean(context.damages[params.planItemId]?.[params.index]?.savedId),
    hasCompleteDamages: ({ context }) => hasCompleteDamages(context, needsSpecificDamage(context)),
    hasDocumentsForEveryItem: ({ context }) => hasDocumentsForEveryItem(context),
    hasUnsavedDamages: ({ context }) => unsavedDamages(context, needsSpecificDamage(context)).length > 0,
    // FPP submit succeeds only when the answer's message is 'Succeed' (SPEC.md section 4).
    isSucceed: (_, params: { message: string }) => params.message === "Succeed",
  },
}).createMachine({
  id: "fppClaim",
  context: ({ input }) => ({
    claimId: input.claimId,
    planId: input.planId,
    requestedStep: input.requestedStep,
    claim: null,
    plan: null,
    options: null,
    selection: [],
    details: {},
    damages: {},
    showValidation: false,
    removingPlanItemId: null,
    error: null,
  }),
  initial: "loading",
  states: {
    // Claim, plan and option lists from the server: a reload resumes from here.
    loading: {
      on: { "step.requested": { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } } },
      invoke: {
        id: "loadClaim",
        src: "loadClaim",
        input: ({ context }) => ({ claimId: context.claimId, planId: context.planId }),
        onDone: { target: "routing", actions: { type: "hydrate", params: ({ event }) => event.output } },
        onError: "claimNotFound",
      },
    },
    // Decides which step the requested URL step may show.
    routing: {
      always: [
        { guard: { type: "isResolvedStep", params: { step: "selectPlan" } }, actions: { type: "leaveToSelectPlan", params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }) }, target: "selectingItems" },
        stepTarget(6),
        stepTarget(5),
        stepTarget(4),
        stepTarget(3),
        { target: "selectingItems" },
      ],
    },
    // Step 2: tick the damaged items; returned and fully replaced items cannot be ticked.
    selectingItems: {
      meta: { step: 2 },
      on: {
        "item.toggle": [
          {
            guard: { type: "isSavedItemSelected", params: ({ event }) => ({ planItemId: event.planItemId }) },
            target: "removingItem",
            actions: { type: "markRemoval", params: ({ event }) => ({ planItemId: event.planItemId }) },
          },
          {
            guard: { type: "isSelectableItem", params: ({ event }) => ({ planItemId: event.planItemId }) },
            actions: { type: "toggleItem", params: ({ event }) => ({ planItemId: event.planItemId }) },
          },
        ],
        "step.next": { guard: "hasSelection", target: "confirmingDetails" },
        "step.back": { actions: { type: "leaveToSelectPlan", params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }) } },
      },
    },
    // Unchecking a saved item removes its claim item on the server first.
    removingItem: {
      tags: ["busy"],
      on: { "step.requested": { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } } },
      meta: { step: 2 },
      invoke: {
        id: "removeItem",
        src: "removeItem",
        input: ({ context }) => ({ claimId: context.claimId, claimItemId: claimItemOf(context, context.removingPlanItemId!)!.id }),
        onDone: { target: "selectingItems", actions: { type: "dropItem", params: ({ event }) => ({ claim: event.output }) } },
        onError: { target: "selectingItems", actions: { type: "notify", params: { code: "removeFailed" } } },
      },
    },
    // Step 3: manufacturer, material and color per chosen item.
    confirmingDetails: {
      meta: { step: 3 },
      on: {
        "details.change": { actions: { type: "setDetails", params: ({ event }) => ({ details: event.details }) } },
        "step.next": { guard: "hasCompleteDetails", target: "savingItems" },
        "step.back": "selectingItems",
      },
    },
    savingItems: {
      tags: ["busy"],
      on: { "step.requested": { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } } },
      meta: { step: 3 },
      invoke: {
        id: "saveItems",
        src: "saveItems",
        input: ({ context }) => ({
          claimId: context.claimId,
          planId: context.planId,
          items: context.selection.map((planItemId) => ({
            planItemId,
            claimItemId: claimItemOf(context, planItemId)?.id,
            itemTypeId: context.plan?.items.find((item) => item.id === planItemId)?.type?.id ?? null,
            ...(context.details[planItemId] as ItemDetails),
          })),
        }),
        onDone: { target: "reportingDamage", actions: { type: "refreshClaim", params: ({ event }) => ({ claim: event.output }) } },
        onError: { target: "confirmingDetails", actions: [{ type: "setError", params: { error: "saveFailed" } }, { type: "notify", params: { code: "saveFailed" } }] },
      },
    },
    // Step 4: documents and damage blocks per item; Next is always enabled and validates here.
    reportingDamage: {
      meta: { step: 4 },
      on: {
        "damages.change": { actions: { type: "setDamages", params: ({ event }) => ({ damages: event.damages }) } },
        "damage.remove": [
          { guard: { type: "isFirstDamageBlock", params: ({ event }) => ({ index: event.index }) } },
          { guard: { type: "isSavedDamageBlock", params: ({ event }) => ({ planItemId: event.planItemId, index: event.index }) }, target: "deletingDamage" },
          { actions: { type: "removeDamageBlock", params: ({ event }) => ({ planItemId: event.planItemId, index: event.index }) } },
        ],
        "document.added": { actions: { type: "addDocument", params: ({ event }) => ({ claimItemId: event.claimItemId, document: event.document }) } },
        "document.delete": "deletingDocument",
        "step.next": [
          { guard: and(["hasDocumentsForEveryItem", "hasCompleteDamages"]), target: "checkingDamages" },
          { actions: "showValidation" },
        ],
        "step.back": "confirmingDetails",
      },
    },
    // Only new damages are sent; with none, the review follows directly.
    checkingDamages: {
      meta: { step: 4 },
      always: [{ guard: "hasUnsavedDamages", target: "savingDamages" }, { target: "reviewing" }],
    },
    savingDamages: {
      tags: ["busy"],
      on: { "step.requested": { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } } },
      meta: { step: 4 },
      invoke: {
        id: "saveDamages",
        src: "saveDamages",
        input: ({ context }) => ({ claimId: context.claimId, customerId: context.claim!.customerId, damages: unsavedDamages(context, needsSpecificDamage(context)) }),
        onDone: { target: "reviewing", actions: { type: "adoptSavedDamages", params: ({ event }) => ({ claim: event.output }) } },
        onError: { target: "reportingDamage", actions: [{ type: "setError", params: { error: "saveFailed" } }, { type: "notify", params: { code: "saveFailed" } }] },
      },
    },
    deletingDamage: {
      tags: ["busy"],
      on: { "step.requested": { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } } },
      meta: { step: 4 },
      invoke: {
        id: "deleteDamage",
        src: "deleteDamage",
        input: ({ context, event }) => {
          const { planItemId, index } = event as { planItemId: number; index: number };
          return { claimId: context.claimId, damageId: context.damages[planItemId]![index]!.savedId! };
        },
        onDone: { target: "reportingDamage", actions: { type: "refreshClaim", params: ({ event }) => ({ claim: event.output }) } },
        onError: { target: "reportingDamage", actions: { type: "notify", params: { code: "damageDeleteFailed" } } },
      },
    },
    deletingDocument: {
      tags: ["busy"],
      on: { "step.requested": { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } } },
      meta: { step: 4 },
      invoke: {
        id: "deleteDocument",
        src: "deleteDocument",
        input: ({ context, event }) => ({ claimId: context.claimId, documentId: (event as { documentId: number }).documentId }),
        onDone: {
          target: "reportingDamage",
          actions: [{ type: "refreshClaim", params: ({ event }) => ({ claim: event.output }) }, { type: "notify", params: { code: "documentDeleted" } }],
        },
        onError: { target: "reportingDamage", actions: { type: "notify", params: { code: "documentDeleteFailed" } } },
      },
    },
    // Step 5: read-only review with Submit.
    reviewing: {
      meta: { step: 5 },
      on: {
        "claim.submit": "submitting",
        "step.back": "reportingDamage",
      },
    },
    submitting: {
      tags: ["busy"],
      on: { "step.requested": { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } } },
      meta: { step: 5 },
      entry: "clearError",
      invoke: {
        id: "submitClaim",
        src: "submitClaim",
        input: ({ context }) => ({ claimId: context.claimId, customerId: context.claim!.customerId }),
        onDone: [
          { guard: { type: "isSucceed", params: ({ event }) => ({ message: event.output }) }, target: "submitted", actions: "markSubmitted" },
          { target: "reviewing", actions: [{ type: "setError", params: { error: "submitFailed" } }, { type: "notify", params: { code: "submitFailed" } }] },
        ],
        onError: { target: "reviewing", actions: [{ type: "setError", params: { error: "submitFailed" } }, { type: "notify", params: { code: "submitFailed" } }] },
      },
    },
    // Step 6: the claim submitted screen; Back to Home clears the claim state.
    submitted: {
      meta: { step: 6 },
      on: { "claim.close": { actions: "goHome" } },
    },
    // The claim cannot be loaded or does not exist: the claim-not-found view.
    claimNotFound: {},
  },
  on: {
    "step.requested": { guard: "isLoaded", target: ".routing", actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } },
  },
});

/** The URL step of a snapshot, from the active state's `meta.step`; null while loading or not found. */
export function stepOf(snapshot: { getMeta(): Record<string, unknown> }): number | null {
  for (const meta of Object.values(snapshot.getMeta())) {
    const step = (meta as { step?: number } | undefined)?.step;
    if (typeof step === "number") return step;
  }
  return null;
}

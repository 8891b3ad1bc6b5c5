/**
 * aceClaimMachine: the ACE claim wizard (SPEC.md section 2 "Claim wizard (ACE)", section 4 "Claim
 * flow"): step 2 the customer's contact information, step 3 the damaged items with their details,
 * step 4 documents and damages with options per model number (no specific damage), step 5 review,
 * 6 the confirmation. An HTTP 504 on submit counts as success. The URL mirrors `meta.step`.
 *
 * Injected actors: `loadClaim` ({claimId, planId, customerId} -> LoadedAceClaim), `saveContact`,
 * `saveItems`, `removeItem`, `saveDamages`, `deleteDamage`, `deleteDocument` (each resolving to the
 * refreshed claim, saveContact to nothing), `submitClaim` (-> the answer's message). Injected
 * actions: `leaveToSelectPlan`, `goHome`. Emits `{ type: "notify", code }` for toasts.
 */
import { and, assign, emit, setup } from "xstate";
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
import { isValidContact, type Contact } from "./contact-rules.ts";
import type { Claim, ItemDetails, Lookup, Plan } from "./domain.ts";
import { hasCompleteDetails } from "./fpp-claim-rules.ts";
import { isReadyForReview } from "./fpp-claim-steps.ts";
import type { ClaimNotice } from "./fpp-claim.machine.ts";
import { notProvided } from "./not-provided.ts";

/** Option lists shared by every ACE item. */
export interface AceOptions {
  manufacturers: Lookup[];
  materials: Lookup[];
  colors: Lookup[];
  remedies: Lookup[];
}

/** Options of one model number (SPEC.md: damage-area options are fetched per model number). */
export interface ModelOptions {
  damageTypes: Lookup[];
  howItHappened: Lookup[];
  damageAreas: Lookup[];
}

export interface AceClaimInput {
  claimId: number;
  planId: number;
  customerId: number;
  requestedStep: number | null;
}

export interface LoadedAceClaim {
  claim: Claim;
  plan: Plan;
  options: AceOptions;
  /** Per plan item id, the options of its model number. */
  modelOptions: Record<number, ModelOptions>;
  contact: Contact;
}

export interface AceClaimContext extends ClaimDraftContext {
  customerId: number;
  requestedStep: number | null;
  options: AceOptions | null;
  modelOptions: Record<number, ModelOptions>;
  contact: Partial<Contact>;
  /** False from the first edit of the contact details until the server has them. */
  contactSaved: boolean;
  error: ClaimNotice | null;
}

export type AceClaimEvent = ClaimDraftEvent | { type: "step.requested"; step: number | null } | { type: "contact.change"; contact: Partial<Contact> };

export type AceStep = 2 | 3 | 4 | 5 | 6;
export const ACE_STEPS = [1, 2, 3, 4, 5] as const;

export type SaveAceItemsInput = { claimId: number; planId: number; items: Array<{ planItemId: number; claimItemId?: number; itemTypeId: number | null } & ItemDetails> };

/**
 * The step a URL may show: a submitted claim shows its confirmation; 1 is the plan choice; a
 * missing, non-numeric or too high step resets to 2; otherwise the furthest reachable step not
 * beyond the one asked for (3 needs valid contact details the server holds, 4 saved items, 5 a claim
 * ready for review). Edited contact details must be saved with Next before moving on.
 */
export function resolveAceStep(
  requested: number | null,
  facts: { claim: Claim; contact: Partial<Contact>; contactSaved: boolean; selection: number[] },
): AceStep | "selectPlan" {
  if (facts.claim.status !== "Draft") return 6;
  if (requested === 1) return "selectPlan";
  if (requested === null || !Number.isInteger(requested) || requested < 1 || requested > 5) return 2;
  const contactReady = facts.contactSaved && isValidContact(facts.contact);
  const reachable: Record<3 | 4 | 5, boolean> = {
    3: contactReady,
    4: contactReady && facts.claim.items.length > 0,
    5: contactReady && isReadyForReview(facts.claim),
  };
  for (let step = requested; step > 2; step--) if (reachable[step as 3 | 4 | 5]) return step as AceStep;
  return 2;
}

/** True when a failed call was an HTTP 504, which ACE submit counts as success (SPEC.md section 4). */
export function isGatewayTimeoutError(error: unknown): boolean {
  return (error as { response?: { status?: number } } | null)?.response?.status === 504;
}

const STATE_OF_STEP = { 2: "confirmingContact", 3: "choosingItems", 4: "reportingDamage", 5: "reviewing", 6: "submitted" } as const;
const stepTarget = (step: AceStep) => ({ guard: { type: "isResolvedStep" as const, params: { step } }, target: `#aceClaim.${STATE_OF_STEP[step]}` });
const recordStep = { actions: { type: "requestStep" as const, params: ({ event }: { event: { step: number | null } }) => ({ step: event.step }) } };

export const aceClaimMachine = setup({
  types: {
    context: {} as AceClaimContext,
    events: {} as AceClaimEvent,
    input: {} as AceClaimInput,
    emitted: {} as { type: "notify"; code: ClaimNotice },
  },
  actors: {
    loadClaim: notProvided<LoadedAceClaim, { claimId: number; planId: number; customerId: number }>("loadClaim"),
    saveContact: notProvided<void, { customerId: number; contact: Contact }>("saveContact"),
    saveItems: notProvided<Claim, SaveAceItemsInput>("saveItems"),
    removeItem: notProvided<Claim, { claimId: number; claimItemId: number }>("removeItem"),
    saveDamages: notProvided<Claim, { claimId: number; customerId: number; damages: DamageToSave[] }>("saveDamages"),
    deleteDamage: notProvided<Claim, { claimId: number; damageId: number }>("deleteDamage"),
    deleteDocument: notProvided<Claim, { claimId: number; documentId: number }>("deleteDocument"),
    submitClaim: notProvided<string, { claimId: number }>("submitClaim"),
  },
  actions: {
    leaveToSelectPlan: (_, _params: { claimId: number; planId: number; customerId: number }) => {},
    goHome: () => {},
    hydrate: assign(({ context }, params: LoadedAceClaim) => ({
      claim: params.claim,
      plan: params.plan,
      options: params.options,
      modelOptions: params.modelOptions,
      contact: params.contact,
      contactSaved: true,
      ...hydrateDraft(params.claim, context.damages),
    })),
    requestStep: assign((_, params: { step: number | null }) => ({ requestedStep: params.step })),
    setContact: assign(({ context }, params: { contact: Partial<Contact> }) => ({ contact: { ...context.contact, ...params.contact }, contactSaved: false })),
    markContactSaved: assign({ contactSaved: true, error: null }),
    toggleItem: assign(({ context }, params: { planItemId: number }) => toggleSelection(context, params.planItemId)),
    markRemoval: assign((_, params: { planItemId: number }) => ({ removingPlanItemId: params.planItemId })),
    dropItem: assign(({ context }, params: { claim: Claim }) => ({ claim: params.claim, ...withoutItem(context, context.removingPlanItemId), removingPlanItemId: null, error: null })),
    setDetails: assign(({ context }, params: { details: ClaimDraftContext["details"] }) => ({ details: { ...context.details, ...params.details } })),
    setDamages: assign(({ context }, params: { damages: ClaimDraftContext["damages"] }) => ({ damages: { ...context.damages, ...params.damages } })),
    removeDamageBlock: assign(({ context }, params: { planItemId: number; index: number }) => ({
      damages: { ...context.damages, [params.planItemId]: (context.damages[params.planItemId] ?? []).filter((_, i) => i !== params.index) },
    })),
    addDocument: assign(({ context }, params: { claimItemId: number; document: { id: number; fileName: string } }) => ({
      claim: context.claim && {
        ...context.claim,
        items: context.claim.items.map((item) => (item.id === params.claimItemId ? { ...item, documents: [...item.documents, params.document] } : item)),
      },
    })),
    refreshClaim: assign(({ context }, params: { claim: Claim }) => ({ claim: params.claim, damages: mergeDamages(params.claim, context.damages), error: null })),
    // Every unsaved block was complete and sent, so the server's blocks are now all there is.
    adoptSavedDamages: assign((_, params: { claim: Claim }) => ({ claim: params.claim, damages: savedDamageBlocks(params.claim), error: null })),
    markSubmitted: assign(({ context }) => ({ claim: context.claim && { ...context.claim, status: "Open" as const } })),
    showValidation: assign({ showValidation: true }),
    setError: assign((_, params: { error: ClaimNotice }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    notify: emit((_, params: { code: ClaimNotice }) => ({ type: "notify" as const, code: params.code })),
  },
  guards: {
    isLoaded: ({ context }) => context.claim !== null,
    isResolvedStep: ({ context }, params: { step: AceStep | "selectPlan" }) =>
      context.claim !== null &&
      resolveAceStep(context.requestedStep, { claim: context.claim, contact: context.contact, contactSaved: context.contactSaved, selection: context.selection }) === params.step,
    hasValidContact: ({ context }) => isValidContact(context.contact),
    isSelectableItem: ({ context }, params: { planItemId: number }) => isSelectablePlanItem(context.plan, params.planItemId),
    isSavedItemSelected: ({ context }, params: { planItemId: number }) =>
      context.selection.includes(params.planItemId) && claimItemOf(context, params.planItemId) !== undefined,
    hasCompleteDetails: ({ context }) => hasCompleteDetails(context.selection, context.details),
    isFirstDamageBlock: (_, params: { index: number }) => params.index === 0,
    isSavedDamageBlock: ({ context }, params: { planItemId: number; index: number }) => Boolean(context.damages[params.planItemId]?.[params.index]?.savedId),
    // ACE damages have no specific damage (SPEC.md section 3, "absent in the ACE variant").
    hasCompleteDamages: ({ context }) => hasCompleteDamages(context, false),
    hasDocumentsForEveryItem: ({ context }) => hasDocumentsForEveryItem(context),
    hasUnsavedDamages: ({ context }) => unsavedDamages(context, false).length > 0,
    isSucceed: (_, params: { message: string }) => params.message === "Succeed",
    isGatewayTimeout: (_, params: { error: unknown }) => isGatewayTimeoutError(params.error),
  },
}).createMachine({
  id: "aceClaim",
  context: ({ input }) => ({
    claimId: input.claimId,
    planId: input.planId,
    customerId: input.customerId,
    requestedStep: input.requestedStep,
    claim: null,
    plan: null,
    options: null,
    modelOptions: {},
    contact: {},
    contactSaved: false,
    selection: [],
    details: {},
    damages: {},
    showValidation: false,
    removingPlanItemId: null,
    error: null,
  }),
  initial: "loading",
  states: {
    // Claim, plan, options per model and contact details: a reload resumes from here.
    loading: {
      on: { "step.requested": recordStep },
      invoke: {
        id: "loadClaim",
        src: "loadClaim",
        input: ({ context }) => ({ claimId: context.claimId, planId: context.planId, customerId: context.customerId }),
        onDone: { target: "routing", actions: { type: "hydrate", params: ({ event }) => event.output } },
        onError: "claimNotFound",
      },
    },
    // Decides which step the requested URL step may show.
    routing: {
      always: [
        {
          guard: { type: "isResolvedStep", params: { step: "selectPlan" } },
          target: "confirmingContact",
          actions: { type: "leaveToSelectPlan", params: ({ context }) => ({ claimId: context.claimId, planId: context.planId, customerId: context.customerId }) },
        },
        stepTarget(6),
        stepTarget(5),
        stepTarget(4),
        stepTarget(3),
        { target: "confirmingContact" },
      ],
    },
    // Step 2: the customer checks and updates their contact information.
    confirmingContact: {
      meta: { step: 2 },
      on: {
        "contact.change": { actions: { type: "setContact", params: ({ event }) => ({ contact: event.contact }) } },
        "step.next": { guard: "hasValidContact", target: "savingContact" },
        "step.back": {
          actions: { type: "leaveToSelectPlan", params: ({ context }) => ({ claimId: context.claimId, planId: context.planId, customerId: context.customerId }) },
        },
      },
    },
    savingContact: {
      meta: { step: 2 },
      tags: ["busy"],
      on: { "step.requested": recordStep },
      invoke: {
        id: "saveContact",
        src: "saveContact",
        input: ({ context }) => ({ customerId: context.customerId, contact: context.contact as Contact }),
        onDone: { target: "choosingItems", actions: "markContactSaved" },
        onError: { target: "confirmingContact", actions: [{ type: "setError", params: { error: "saveFailed" } }, { type: "notify", params: { code: "saveFailed" } }] },
      },
    },
    // Step 3: tick the damaged items and confirm manufacturer, material and color of each.
    choosingItems: {
      meta: { step: 3 },
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
        "details.change": { actions: { type: "setDetails", params: ({ event }) => ({ details: event.details }) } },
        "step.next": { guard: "hasCompleteDetails", target: "savingItems" },
        "step.back": "confirmingContact",
      },
    },
    // Unticking a saved item removes its claim item on the server first.
    removingItem: {
      meta: { step: 3 },
      tags: ["busy"],
      on: { "step.requested": recordStep },
      invoke: {
        id: "removeItem",
        src: "removeItem",
        input: ({ context }) => ({ claimId: context.claimId, claimItemId: claimItemOf(context, context.removingPlanItemId!)!.id }),
        onDone: { target: "choosingItems", actions: { type: "dropItem", params: ({ event }) => ({ claim: event.output }) } },
        onError: { target: "choosingItems", actions: { type: "notify", params: { code: "removeFailed" } } },
      },
    },
    savingItems: {
      meta: { step: 3 },
      tags: ["busy"],
      on: { "step.requested": recordStep },
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
        onError: { target: "choosingItems", actions: [{ type: "setError", params: { error: "saveFailed" } }, { type: "notify", params: { code: "saveFailed" } }] },
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
        "step.next": [{ guard: and(["hasDocumentsForEveryItem", "hasCompleteDamages"]), target: "checkingDamages" }, { actions: "showValidation" }],
        "step.back": "choosingItems",
      },
    },
    // Only new damages are sent; with none, the review follows directly.
    checkingDamages: {
      meta: { step: 4 },
      always: [{ guard: "hasUnsavedDamages", target: "savingDamages" }, { target: "reviewing" }],
    },
    savingDamages: {
      meta: { step: 4 },
      tags: ["busy"],
      on: { "step.requested": recordStep },
      invoke: {
        id: "saveDamages",
        src: "saveDamages",
        input: ({ context }) => ({ claimId: context.claimId, customerId: context.customerId, damages: unsavedDamages(context, false) }),
        onDone: { target: "reviewing", actions: { type: "adoptSavedDamages", params: ({ event }) => ({ claim: event.output }) } },
        onError: { target: "reportingDamage", actions: [{ type: "setError", params: { error: "saveFailed" } }, { type: "notify", params: { code: "saveFailed" } }] },
      },
    },
    deletingDamage: {
      meta: { step: 4 },
      tags: ["busy"],
      on: { "step.requested": recordStep },
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
      meta: { step: 4 },
      tags: ["busy"],
      on: { "step.requested": recordStep },
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
      on: { "claim.submit": "submitting", "step.back": "reportingDamage" },
    },
    submitting: {
      meta: { step: 5 },
      tags: ["busy"],
      entry: "clearError",
      on: { "step.requested": recordStep },
      invoke: {
        id: "submitClaim",
        src: "submitClaim",
        input: ({ context }) => ({ claimId: context.claimId }),
        onDone: [
          { guard: { type: "isSucceed", params: ({ event }) => ({ message: event.output }) }, target: "submitted", actions: "markSubmitted" },
          { target: "reviewing", actions: [{ type: "setError", params: { error: "submitFailed" } }, { type: "notify", params: { code: "submitFailed" } }] },
        ],
        onError: [
          // The gateway gave up waiting, but the claim was received: treated as success (SPEC.md section 4).
          { guard: { type: "isGatewayTimeout", params: ({ event }) => ({ error: event.error }) }, target: "submitted", actions: "markSubmitted" },
          { target: "reviewing", actions: [{ type: "setError", params: { error: "submitFailed" } }, { type: "notify", params: { code: "submitFailed" } }] },
        ],
      },
    },
    // Step 6: 'Thank you for submitting your claim.', the claim number; Back to Home clears it.
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

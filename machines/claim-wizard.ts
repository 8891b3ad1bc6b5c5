/**
 * claimWizard: the core both claim wizards are built on (SPEC.md section 2 "Claim wizard (FPP)" and
 * "Claim wizard (ACE)", section 4 "Claim flow", section 5 steps 2-4). It holds, once, everything the
 * FPP and ACE wizards share: the context, events, injected actors and actions, the guards of the
 * business rules, and the regions of the chart that read the same in both (loading and routing, item
 * removal and saving, the damage report, review and submit). Each family extends it with its own
 * steps 2 and 3 (fpp-claim.machine.ts, ace-claim.machine.ts).
 *
 * Step states are compound states with ids `step2` to `step6`, so a shared region names "the step
 * before" or "the damage report" the same way whatever the family calls that state. How a step meets
 * the URL (`showStep({ step, replace })`, `step.requested`, a request kept while a call runs) and how
 * a document is deleted come from the wizard-step toolkit (wizard-steps.ts), shared with the
 * contact-service request.
 *
 * Injected actors: `loadClaim` ({claimId, planId, customerId} -> LoadedClaim), `saveContact` (ACE),
 * `saveItems`, `removeItem`, `saveDamages`, `deleteDamage`, `deleteDocument` (each resolving to the
 * refreshed claim), `submitClaim` (-> its SubmitOutcome). Injected actions: `showStep`,
 * `leaveToSelectPlan`, `goHome` (navigation). Emits `{ type: "notify", code }` for toasts; it holds
 * no text.
 *
 * `step.keep` ('Email me a link to finish later', machines/finish-later.machine.ts): on any step the
 * step's input that can be saved is saved first, the step staying on screen, so a link opened on
 * another device finds it on the server; then `{ type: "stepKept" }` is emitted, or
 * `{ type: "stepKeepFailed" }` when the save failed. Only what the step's own Next would send is
 * saved: items with complete details, unsaved complete damage blocks, valid edited contact details.
 */
import { assign, emit, setup } from "xstate";
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
  type KeptDraft,
} from "./claim-drafts.ts";
import { hasCompleteDetails, isCompleteDamage } from "./claim-rules.ts";
import { resolveStep, type ClaimFamily, type WizardStep } from "./claim-steps.ts";
import { isValidContact, type Contact } from "./contact-rules.ts";
import type { AceOptions, Claim, ClaimOptions, DamageEntry, ItemDetails, ModelOptions, Plan } from "./domain.ts";
import type { SubmitOutcome } from "./outcomes.ts";
import { notProvided } from "./not-provided.ts";
import {
  atRest,
  deletingDocumentState,
  stepState as wizardStepState,
  stepRequestUpdates,
  WAIT_DELAYS,
  waitingForServer,
  wizardStepGuards,
  type StepRequestContext,
} from "./wizard-steps.ts";

export { stepOf, waitingForServer } from "./wizard-steps.ts";

export interface ClaimWizardInput {
  claimId: number;
  planId: number;
  /** ACE: `cust_id` of the URL; FPP: null (the claim names its customer). */
  customerId: number | null;
  /** `step` of the URL, null when missing or not a number. */
  requestedStep: number | null;
  /** Unsaved input kept on this device from before a reload, laid over the loaded claim. */
  keptDraft?: KeptDraft | null;
  /**
   * The claim already loaded, when the page came with it (the server rendered the step with it):
   * the wizard then starts at the step it routes to, without loading.
   */
  loaded?: LoadedClaim | null;
}

/** Feedback codes the screens turn into toasts or inline messages. */
export type ClaimNotice =
  | "saveFailed"
  | "removeFailed"
  | "submitFailed"
  | "damageDeleteFailed"
  | "documentDeleted"
  /** The server answered and refused: 'file not deleted.' */
  | "documentDeleteFailed"
  /** No answer from the server (a network failure): "something went wrong, can't delete file." */
  | "documentDeleteError";

/** What `loadClaim` resolves to: the claim, its plan and the option lists its steps choose from. */
export interface LoadedClaim {
  claim: Claim;
  plan: Plan;
  options: ClaimOptions | AceOptions;
  /** ACE: per plan item id, the damage lists of its model number. */
  modelOptions?: Record<number, ModelOptions>;
  /** ACE: the customer's contact details, confirmed on step 2. */
  contact?: Contact;
  /**
   * ACE: details typed for this claim by a session that held only the warranty number, kept apart
   * from what is on file (shown marked as unverified, never as the owner's own).
   */
  contactTypedForClaim?: Partial<Contact>;
}

export interface ClaimWizardContext extends ClaimDraftContext, StepRequestContext {
  family: ClaimFamily;
  customerId: number | null;
  options: ClaimOptions | AceOptions | null;
  /** ACE: damage lists per plan item id (of its model number); empty for FPP. */
  modelOptions: Record<number, ModelOptions>;
  /** ACE: the contact details on screen; empty for FPP. */
  contact: Partial<Contact>;
  /** ACE: what was typed for this claim without proof of identity (LoadedClaim); empty for FPP. */
  contactTypedForClaim: Partial<Contact>;
  /** False from the first edit of the contact details until the server has them. */
  contactSaved: boolean;
  /** The saved damage block, or the document, being deleted on the server. */
  deletingDamageId: number | null;
  deletingDocumentId: number | null;
  error: ClaimNotice | null;
}

export type ClaimWizardEvent =
  | ClaimDraftEvent
  /** The URL's step changed from outside (back, forward, a pasted link): the machine decides. */
  | { type: "step.requested"; step: number | null }
  | { type: "contact.change"; contact: Partial<Contact> }
  /** 'Email me a link to finish later': save what this step holds, then say so (`stepKept`). */
  | { type: "step.keep" }
  /** Cancel under 'Still working…': give up on the call that runs (waitingForServer). */
  | { type: "call.cancel" };

/** What a wizard emits: toasts, and the answer to `step.keep`. */
export type ClaimWizardEmitted =
  { type: "notify"; code: ClaimNotice } | { type: "stepKept" } | { type: "stepKeepFailed" };

export type SaveItemsInput = {
  claimId: number;
  planId: number;
  items: Array<{ planItemId: number; claimItemId?: number; itemTypeId: number | null } & ItemDetails>;
};
export type SaveDamagesInput = { claimId: number; customerId: number; damages: DamageToSave[] };
/** ACE step 2's save: the details for the claim they were confirmed on. */
export type SaveContactInput = { customerId: number; claimId: number; contact: Contact };
export type LoadClaimInput = { claimId: number; planId: number; customerId: number | null };

/** The context a wizard starts from: before its claim is loaded, or with the claim the input gives. */
export function initialContext(family: ClaimFamily, input: ClaimWizardInput): ClaimWizardContext {
  const context = emptyContext(family, input);
  return input.loaded ? { ...context, ...hydrated(context, input.loaded) } : context;
}

/** What a loaded claim sets in a wizard's context: the claim and its lists, the kept draft laid over them. */
function hydrated(context: ClaimWizardContext, loaded: LoadedClaim) {
  return {
    claim: loaded.claim,
    plan: loaded.plan,
    options: loaded.options,
    modelOptions: loaded.modelOptions ?? {},
    contact: loaded.contact ?? {},
    contactTypedForClaim: loaded.contactTypedForClaim ?? {},
    contactSaved: true,
    ...hydrateDraft(loaded.claim, loaded.plan, context),
  };
}

function emptyContext(family: ClaimFamily, input: ClaimWizardInput): ClaimWizardContext {
  return {
    family,
    claimId: input.claimId,
    planId: input.planId,
    customerId: input.customerId,
    stepRequest: { step: input.requestedStep },
    claim: null,
    plan: null,
    options: null,
    modelOptions: {},
    contact: {},
    contactTypedForClaim: {},
    contactSaved: true,
    // Kept input waits here until the claim loads; hydrate lays it over what the server holds.
    selection: input.keptDraft?.selection ?? [],
    details: input.keptDraft?.details ?? {},
    damages: input.keptDraft?.damages ?? {},
    showValidation: false,
    removingPlanItemId: null,
    deletingDamageId: null,
    deletingDocumentId: null,
    error: null,
  };
}

/** The chosen items with their details, as `saveItems` takes them. */
function itemsToSave(context: ClaimWizardContext): SaveItemsInput {
  return {
    claimId: context.claimId,
    planId: context.planId,
    items: context.selection.map((planItemId) => ({
      planItemId,
      claimItemId: claimItemOf(context, planItemId)?.id,
      itemTypeId: context.plan?.items.find((item) => item.id === planItemId)?.type?.id ?? null,
      ...(context.details[planItemId] as ItemDetails),
    })),
  };
}

/** True when the claim offers specific damages, which a damage block must then name (never ACE). */
export function needsSpecificDamage(context: Pick<ClaimWizardContext, "options">): boolean {
  const options = context.options;
  return Boolean(options && "specificDamages" in options && options.specificDamages.length > 0);
}

/** The step the URL's request leads to for what the wizard holds; null before the claim loads. */
export function stepToShow(context: ClaimWizardContext): WizardStep | "selectPlan" | null {
  if (!context.claim) return null;
  return resolveStep(context.family, context.stepRequest?.step ?? null, {
    claim: context.claim,
    selection: context.selection,
    contact: context.contact,
    contactSaved: context.contactSaved,
  });
}

export const claimWizard = setup({
  types: {
    context: {} as ClaimWizardContext,
    events: {} as ClaimWizardEvent,
    input: {} as ClaimWizardInput,
    emitted: {} as ClaimWizardEmitted,
  },
  actors: {
    loadClaim: notProvided<LoadedClaim, LoadClaimInput>("loadClaim"),
    saveContact: notProvided<void, SaveContactInput>("saveContact"),
    saveItems: notProvided<Claim, SaveItemsInput>("saveItems"),
    removeItem: notProvided<Claim, { claimId: number; claimItemId: number }>("removeItem"),
    saveDamages: notProvided<Claim, SaveDamagesInput>("saveDamages"),
    deleteDamage: notProvided<Claim, { claimId: number; damageId: number }>("deleteDamage"),
    deleteDocument: notProvided<Claim, { claimId: number; documentId: number }>("deleteDocument"),
    submitClaim: notProvided<SubmitOutcome, { claimId: number; customerId: number }>("submitClaim"),
  },
  delays: WAIT_DELAYS,
  actions: {
    // Navigation, injected by the screen.
    showStep: (_, _params: { step: number; replace: boolean }) => {},
    leaveToSelectPlan: (_, _params: { claimId: number; planId: number }) => {},
    goHome: () => {},
    requestStep: assign(stepRequestUpdates.requestStep),
    settleStepRequest: assign(stepRequestUpdates.settleStepRequest),

    hydrate: assign(({ context }, params: LoadedClaim) => hydrated(context, params)),
    refreshClaim: assign(({ context }, params: { claim: Claim }) => ({
      claim: params.claim,
      damages: mergeDamages(params.claim, context.damages),
      error: null,
    })),
    // Every unsaved block was complete and sent, so the server's blocks are now all there is.
    adoptSavedDamages: assign((_, params: { claim: Claim }) => ({
      claim: params.claim,
      damages: savedDamageBlocks(params.claim),
      error: null,
    })),
    // The claim in memory is no longer a draft: Back cannot reopen its review.
    markSubmitted: assign(({ context }) => ({ claim: context.claim && { ...context.claim, status: "Open" as const } })),
    setContact: assign(({ context }, params: { contact: Partial<Contact> }) => ({
      contact: { ...context.contact, ...params.contact },
      contactSaved: false,
    })),
    markContactSaved: assign({ contactSaved: true, error: null }),
    markDamageDeletion: assign(({ context }, params: { planItemId: number; index: number }) => ({
      deletingDamageId: context.damages[params.planItemId]?.[params.index]?.savedId ?? null,
    })),
    markDocumentDeletion: assign((_, params: { documentId: number }) => ({ deletingDocumentId: params.documentId })),
    markRemoval: assign((_, params: { planItemId: number }) => ({ removingPlanItemId: params.planItemId })),
    // A newly ticked item starts from the plan's own manufacturer, material and color: the details step confirms them.
    toggleItem: assign(({ context }, params: { planItemId: number }) => toggleSelection(context, params.planItemId)),
    // Unchecking a saved item drops its details, damages and files with it (SPEC.md section 4).
    dropItem: assign(({ context }, params: { claim: Claim }) => ({
      claim: params.claim,
      ...withoutItem(context, context.removingPlanItemId),
      removingPlanItemId: null,
      error: null,
    })),
    setDetails: assign(({ context }, params: { details: Record<number, Partial<ItemDetails>> }) => ({
      details: { ...context.details, ...params.details },
    })),
    setDamages: assign(({ context }, params: { damages: Record<number, Partial<DamageEntry>[]> }) => ({
      damages: { ...context.damages, ...params.damages },
    })),
    removeDamageBlock: assign(({ context }, params: { planItemId: number; index: number }) => ({
      damages: {
        ...context.damages,
        [params.planItemId]: (context.damages[params.planItemId] ?? []).filter((_, i) => i !== params.index),
      },
    })),
    addDocument: assign(({ context }, params: { claimItemId: number; document: { id: number; fileName: string } }) => ({
      claim: context.claim && {
        ...context.claim,
        items: context.claim.items.map((item) =>
          item.id === params.claimItemId ? { ...item, documents: [...item.documents, params.document] } : item,
        ),
      },
    })),
    showValidation: assign({ showValidation: true }),
    setError: assign((_, params: { error: ClaimNotice }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    notify: emit((_, params: { code: ClaimNotice }) => ({ type: "notify" as const, code: params.code })),
    reportKept: emit({ type: "stepKept" as const }),
    reportKeepFailed: emit({ type: "stepKeepFailed" as const }),
    // The complete blocks were just saved: the server's blocks, then the incomplete ones still being typed.
    keepIncompleteDamages: assign(({ context }, params: { claim: Claim }) => ({
      claim: params.claim,
      damages: mergeDamages(
        params.claim,
        Object.fromEntries(
          Object.entries(context.damages).map(([id, blocks]) => [
            id,
            blocks.filter((block) => !block.savedId && !isCompleteDamage(block, needsSpecificDamage(context))),
          ]),
        ),
      ),
      error: null,
    })),
  },
  guards: {
    ...wizardStepGuards,
    isLoaded: ({ context }) => context.claim !== null,
    // Routing: where the URL's request leads (claim-steps.ts resolveStep), one guard per outcome.
    isSubmittedClaim: ({ context }) => stepToShow(context) === 6,
    asksForPlanChoice: ({ context }) => stepToShow(context) === "selectPlan",
    canResumeAtReview: ({ context }) => stepToShow(context) === 5,
    canResumeAtDamageReport: ({ context }) => stepToShow(context) === 4,
    canResumeAtItems: ({ context }) => stepToShow(context) === 3,
    isSelectableItem: ({ context }, params: { planItemId: number }) =>
      isSelectablePlanItem(context.plan, params.planItemId),
    isSavedItemSelected: ({ context }, params: { planItemId: number }) =>
      context.selection.includes(params.planItemId) && claimItemOf(context, params.planItemId) !== undefined,
    hasSelection: ({ context }) => context.selection.length > 0,
    hasCompleteDetails: ({ context }) => hasCompleteDetails(context.selection, context.details),
    // Block 0 stays: every item needs at least one damage (SPEC.md section 4).
    isFirstDamageBlock: (_, params: { index: number }) => params.index === 0,
    isSavedDamageBlock: ({ context }, params: { planItemId: number; index: number }) =>
      Boolean(context.damages[params.planItemId]?.[params.index]?.savedId),
    // Every chosen item has a document and complete damage blocks ('We need at least one photo from you').
    isDamageReportComplete: ({ context }) =>
      hasDocumentsForEveryItem(context) && hasCompleteDamages(context, needsSpecificDamage(context)),
    hasUnsavedDamages: ({ context }) => unsavedDamages(context, needsSpecificDamage(context)).length > 0,
    // What `step.keep` saves: what the step's Next would send, when it may be sent.
    hasItemsToKeep: ({ context }) => hasCompleteDetails(context.selection, context.details),
    hasContactToKeep: ({ context }) => !context.contactSaved && isValidContact(context.contact),
    // Submit outcomes: each family says which count as a submitted claim (SPEC.md section 4). A
    // claim taken now, or refused because it already was (a lost answer, a second tab), counts; ACE
    // also counts a gateway timeout (it overrides this guard). A failed submit never counts.
    isClaimAccepted: (_, params: { outcome: SubmitOutcome }) =>
      params.outcome.kind === "submitted" || params.outcome.kind === "alreadySubmitted",
  },
});

/** A claim wizard step (2 to 6): the toolkit's step state (wizard-steps.ts), typed to the wizard's steps. */
export function stepState<const Step extends WizardStep>(step: Step) {
  return wizardStepState<Step, ClaimWizardContext>(step);
}

/** A save that failed or was cancelled: the step stays, with what was typed, and says so. */
export const saveFailed = {
  target: "editing",
  actions: [
    { type: "setError", params: { error: "saveFailed" } },
    { type: "notify", params: { code: "saveFailed" } },
  ],
} as const;
/** A save for 'Email me a link to finish later' that failed or was cancelled. */
const keepFailed = { target: "editing", actions: "reportKeepFailed" } as const;
const removeFailed = { target: "editing", actions: { type: "notify", params: { code: "removeFailed" } } } as const;
const damageDeleteFailed = {
  target: "editing",
  actions: { type: "notify", params: { code: "damageDeleteFailed" } },
} as const;
const submitFailed = {
  target: "ready",
  actions: [
    { type: "setError", params: { error: "submitFailed" } },
    { type: "notify", params: { code: "submitFailed" } },
  ],
} as const;

/** The states both wizards share, written once. */
const coreStates = {
  // Claim, plan and option lists from the server: a reload resumes from here. A wizard given its
  // claim (input `loaded`) goes straight on to routing.
  loading: claimWizard.createStateConfig({
    always: { guard: "isLoaded", target: "routing" },
    invoke: {
      id: "loadClaim",
      src: "loadClaim",
      input: ({ context }) => ({ claimId: context.claimId, planId: context.planId, customerId: context.customerId }),
      onDone: { target: "routing", actions: { type: "hydrate", params: ({ event }) => event.output } },
      onError: "claimNotFound",
    },
  }),
  // Decides which step the URL's request may show (claim-steps.ts resolveStep).
  routing: claimWizard.createStateConfig({
    id: "routing",
    always: [
      { guard: "isSubmittedClaim", target: "#step6" },
      { guard: "asksForPlanChoice", target: "planChoice" },
      { guard: "canResumeAtReview", target: "#step5" },
      { guard: "canResumeAtDamageReport", target: "#step4" },
      { guard: "canResumeAtItems", target: "#step3" },
      { target: "#step2" },
    ],
  }),
  // Step 1 is the plan choice, another screen: the wizard hands over to it.
  planChoice: claimWizard.createStateConfig({
    id: "planChoice",
    meta: { step: 1 },
    entry: {
      type: "leaveToSelectPlan",
      params: ({ context }) => ({ claimId: context.claimId, planId: context.planId }),
    },
  }),
  // Unticking a saved item removes its claim item on the server first.
  removingItem: claimWizard.createStateConfig({
    ...waitingForServer(removeFailed),
    invoke: {
      id: "removeItem",
      src: "removeItem",
      input: ({ context }) => ({
        claimId: context.claimId,
        claimItemId: claimItemOf(context, context.removingPlanItemId!)!.id,
      }),
      onDone: { target: "editing", actions: { type: "dropItem", params: ({ event }) => ({ claim: event.output }) } },
      onError: removeFailed,
    },
  }),
  // The chosen items with their confirmed details; the damage report follows.
  savingItems: claimWizard.createStateConfig({
    ...waitingForServer(saveFailed),
    invoke: {
      id: "saveItems",
      src: "saveItems",
      input: ({ context }) => itemsToSave(context),
      onDone: { target: "#step4", actions: { type: "refreshClaim", params: ({ event }) => ({ claim: event.output }) } },
      onError: saveFailed,
    },
  }),
  // Step 4: documents and damage blocks per item; Next is always enabled and validates here.
  reportingDamage: claimWizard.createStateConfig({
    ...stepState(4),
    initial: "editing",
    states: {
      editing: {
        ...atRest,
        on: {
          "damages.change": { actions: { type: "setDamages", params: ({ event }) => ({ damages: event.damages }) } },
          "damage.remove": [
            { guard: { type: "isFirstDamageBlock", params: ({ event }) => ({ index: event.index }) } },
            {
              guard: {
                type: "isSavedDamageBlock",
                params: ({ event }) => ({ planItemId: event.planItemId, index: event.index }),
              },
              target: "deletingDamage",
              actions: {
                type: "markDamageDeletion",
                params: ({ event }) => ({ planItemId: event.planItemId, index: event.index }),
              },
            },
            {
              actions: {
                type: "removeDamageBlock",
                params: ({ event }) => ({ planItemId: event.planItemId, index: event.index }),
              },
            },
          ],
          "document.added": {
            actions: {
              type: "addDocument",
              params: ({ event }) => ({ claimItemId: event.claimItemId, document: event.document }),
            },
          },
          "document.delete": {
            target: "deletingDocument",
            actions: { type: "markDocumentDeletion", params: ({ event }) => ({ documentId: event.documentId }) },
          },
          "step.next": [{ guard: "isDamageReportComplete", target: "checkingDamages" }, { actions: "showValidation" }],
          "step.back": "#step3",
          "step.keep": [{ guard: "hasUnsavedDamages", target: "keepingDamages" }, { actions: "reportKept" }],
        },
      },
      // 'Email me a link to finish later': the complete new blocks are saved, the step stays.
      keepingDamages: {
        ...waitingForServer(keepFailed),
        invoke: {
          id: "saveDamages",
          src: "saveDamages",
          input: ({ context }) => ({
            claimId: context.claimId,
            customerId: context.claim!.customerId,
            damages: unsavedDamages(context, needsSpecificDamage(context)),
          }),
          onDone: {
            target: "editing",
            actions: [
              { type: "keepIncompleteDamages", params: ({ event }) => ({ claim: event.output }) },
              "reportKept",
            ],
          },
          onError: keepFailed,
        },
      },
      // Only new damages are sent; with none, the review follows directly.
      checkingDamages: {
        always: [{ guard: "hasUnsavedDamages", target: "savingDamages" }, { target: "#step5" }],
      },
      savingDamages: {
        ...waitingForServer(saveFailed),
        invoke: {
          id: "saveDamages",
          src: "saveDamages",
          input: ({ context }) => ({
            claimId: context.claimId,
            customerId: context.claim!.customerId,
            damages: unsavedDamages(context, needsSpecificDamage(context)),
          }),
          onDone: {
            target: "#step5",
            actions: { type: "adoptSavedDamages", params: ({ event }) => ({ claim: event.output }) },
          },
          onError: saveFailed,
        },
      },
      deletingDamage: {
        ...waitingForServer(damageDeleteFailed),
        invoke: {
          id: "deleteDamage",
          src: "deleteDamage",
          input: ({ context }) => ({ claimId: context.claimId, damageId: context.deletingDamageId! }),
          onDone: {
            target: "editing",
            actions: { type: "refreshClaim", params: ({ event }) => ({ claim: event.output }) },
          },
          onError: damageDeleteFailed,
        },
      },
      deletingDocument: deletingDocumentState({
        input: ({ context }: { context: ClaimWizardContext }) => ({
          claimId: context.claimId,
          documentId: context.deletingDocumentId!,
        }),
        onDeleted: [
          { type: "refreshClaim", params: ({ event }: { event: { output: Claim } }) => ({ claim: event.output }) },
        ],
      }),
    },
  }),
  // Step 5: read-only review with Submit.
  reviewing: claimWizard.createStateConfig({
    ...stepState(5),
    initial: "ready",
    states: {
      ready: {
        ...atRest,
        // Nothing to save on the review: everything is on the server already.
        on: { "claim.submit": "submitting", "step.back": "#step4", "step.keep": { actions: "reportKept" } },
      },
      submitting: {
        ...waitingForServer(submitFailed),
        entry: "clearError",
        invoke: {
          id: "submitClaim",
          src: "submitClaim",
          input: ({ context }) => ({ claimId: context.claimId, customerId: context.claim!.customerId }),
          onDone: [
            {
              guard: { type: "isClaimAccepted", params: ({ event }) => ({ outcome: event.output }) },
              target: "#step6",
              actions: "markSubmitted",
            },
            submitFailed,
          ],
          onError: submitFailed,
        },
      },
    },
  }),
  // Step 6: the claim submitted screen; Back to Home clears the claim state.
  submitted: claimWizard.createStateConfig({
    ...stepState(6),
    on: { "claim.close": { actions: "goHome" } },
  }),
  // The claim cannot be loaded or does not exist: the claim-not-found view.
  claimNotFound: claimWizard.createStateConfig({}),
};

/** 'Email me a link to finish later' on an items step: the items are saved as Next would, the step stays. */
const keepingItems = claimWizard.createStateConfig({
  ...waitingForServer(keepFailed),
  invoke: {
    id: "saveItems",
    src: "saveItems",
    input: ({ context }) => itemsToSave(context),
    onDone: {
      target: "editing",
      actions: [{ type: "refreshClaim", params: ({ event }) => ({ claim: event.output }) }, "reportKept"],
    },
    onError: keepFailed,
  },
});

/** 'Email me a link to finish later' on ACE's contact step: the edited details are saved, the step stays. */
const keepingContact = claimWizard.createStateConfig({
  ...waitingForServer(keepFailed),
  invoke: {
    id: "saveContact",
    src: "saveContact",
    input: ({ context }): SaveContactInput => ({
      customerId: context.customerId!,
      claimId: context.claimId,
      contact: context.contact as Contact,
    }),
    onDone: { target: "editing", actions: ["markContactSaved", "reportKept"] },
    onError: keepFailed,
  },
});

const { removingItem, savingItems, ...shared } = coreStates;
/**
 * `shared`: the top-level states of both wizards; `removingItem`, `savingItems`, `keepingItems`:
 * substates of their item steps; `keepingContact`: of ACE's contact step.
 */
export const wizardStates = { shared, removingItem, savingItems, keepingItems, keepingContact };

/** `step.keep` on an items step (the substate `keepingItems` beside its `editing`). */
export const onItemsKeep = claimWizard.createStateConfig({
  on: { "step.keep": [{ guard: "hasItemsToKeep", target: "keepingItems" }, { actions: "reportKept" }] },
}).on;

/**
 * Step 3's editing of each chosen item's manufacturer, material and color, in both families: Next
 * saves them once complete (the substate `savingItems`), Back goes to step 2.
 */
export const detailsEditing = claimWizard.createStateConfig({
  ...atRest,
  on: {
    "details.change": { actions: { type: "setDetails", params: ({ event }) => ({ details: event.details }) } },
    ...onItemsKeep,
    "step.next": { guard: "hasCompleteDetails", target: "savingItems" },
    "step.back": "#step2",
  },
});

/** `step.keep` on ACE's contact step (the substate `keepingContact` beside its `editing`). */
export const onContactKeep = claimWizard.createStateConfig({
  on: { "step.keep": [{ guard: "hasContactToKeep", target: "keepingContact" }, { actions: "reportKept" }] },
}).on;

/** Ticking an item on the item step; unticking a saved one removes its claim item first (removingItem). */
export const onItemToggle = claimWizard.createStateConfig({
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
  },
}).on;

/** The wizard-wide answer to a URL change: route once loaded, else keep it for when the claim is. */
export const onStepRequested = claimWizard.createStateConfig({
  on: {
    "step.requested": [
      {
        guard: "isLoaded",
        target: ".routing",
        actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) },
      },
      { actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } },
    ],
  },
}).on;

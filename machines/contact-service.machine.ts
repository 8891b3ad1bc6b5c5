/**
 * contactServiceMachine: the contact-service request (SPEC.md section 2 "Contact service wizard",
 * section 3 "Contact service data", section 5, section 9): step 1 Customer Details, 2 Purchase
 * Details, 3 Upload Documents, 4 Review Details, then 5, the thank-you page with the Request Number.
 * The URL mirrors the step as in the claim wizards, through the same wizard-step toolkit
 * (wizard-steps.ts): each step state announces itself on entry through the injected `showStep({
 * step, replace, ticket })` (replace when it answers a URL request), a URL change from outside
 * arrives as `step.requested`, and one made while the server is busy is answered when it is done.
 *
 * Every step may be opened from the URL (the draft is on this device); Next checks its own step and
 * Submit checks them all, taking the person to the first step with something missing.
 *
 * Injected actors: `deleteDocument` ({requestId, documentId} -> void), `createTicket` (the request
 * -> the Request Number). Injected actions: `showStep`, `goHome` (navigation), `saveDraft` (the
 * draft kept on this device: fields and documents by reference), `clearDraft`. Emits
 * `{ type: "notify", code }` for toasts.
 */
import { assign, emit, setup } from "xstate";
import {
  isCompleteCustomer,
  isCompletePurchase,
  type CustomerDetails,
  type PurchaseDetails,
} from "./contact-service-rules.ts";
import type { ClaimDocument } from "./domain.ts";
import { notProvided } from "./not-provided.ts";
import { atRest, deletingDocumentState, stepRequestUpdates, stepState, waitingForServer, wizardStepGuards, type StepRequestContext } from "./wizard-steps.ts";

/** What the device keeps of a request until it is submitted. */
export interface ContactDraft {
  requestId: string;
  customer: Partial<CustomerDetails>;
  purchase: Partial<PurchaseDetails>;
  documents: ClaimDocument[];
}

export interface ContactServiceInput {
  /** `id` of the URL: the request being written. */
  requestId: string;
  /** `step` of the URL, null when missing or not a number. */
  requestedStep: number | null;
  /** `ticket` of the URL: the Request Number of a request already sent (step 5). */
  ticket: string | null;
  /** The draft this device kept for this request, if any. */
  draft: ContactDraft | null;
  /** What the failed searches already know (name, email, phone, invoice, ZIP). */
  prefill: Partial<CustomerDetails> & { invoice?: string };
}

export type ContactNotice = "incomplete" | "submitFailed" | "documentDeleted" | "documentDeleteFailed" | "documentDeleteError";

export interface ContactServiceContext extends ContactDraft, StepRequestContext {
  ticket: string | null;
  /** Steps whose Next (or the final Submit) was tried: their missing fields say so. */
  checkedSteps: number[];
  deletingDocumentId: number | null;
}

export type ContactServiceEvent =
  | { type: "step.requested"; step: number | null }
  | { type: "customer.change"; customer: Partial<CustomerDetails> }
  | { type: "purchase.change"; purchase: Partial<PurchaseDetails> }
  | { type: "document.added"; document: ClaimDocument }
  | { type: "document.delete"; documentId: number }
  | { type: "step.next" }
  | { type: "step.back" }
  /** Edit links of the review: back to one section. */
  | { type: "customer.edit" }
  | { type: "purchase.edit" }
  | { type: "documents.edit" }
  | { type: "request.submit" }
  | { type: "request.close" };

export interface TicketRequest {
  requestId: string;
  customer: CustomerDetails;
  purchase: PurchaseDetails;
  documentIds: number[];
}

/** The context a request starts from: the kept draft, or the search's details. */
export function initialContactContext(input: ContactServiceInput): ContactServiceContext {
  const { invoice, ...customer } = input.prefill;
  const draft = input.draft?.requestId === input.requestId ? input.draft : null;
  return {
    requestId: input.requestId,
    customer: draft?.customer ?? customer,
    purchase: draft?.purchase ?? (invoice ? { invoice } : {}),
    documents: draft?.documents ?? [],
    stepRequest: { step: input.requestedStep },
    ticket: input.ticket,
    checkedSteps: [],
    deletingDocumentId: null,
  };
}

const requested = (context: ContactServiceContext) => context.stepRequest?.step ?? null;

export const contactServiceMachine = setup({
  types: {
    context: {} as ContactServiceContext,
    events: {} as ContactServiceEvent,
    input: {} as ContactServiceInput,
    emitted: {} as { type: "notify"; code: ContactNotice },
  },
  actors: {
    deleteDocument: notProvided<void, { requestId: string; documentId: number }>("deleteDocument"),
    createTicket: notProvided<string, TicketRequest>("createTicket"),
  },
  actions: {
    showStep: (_, _params: { step: number; replace: boolean; ticket: string | null }) => {},
    goHome: () => {},
    saveDraft: (_, _params: ContactDraft) => {},
    clearDraft: () => {},
    requestStep: assign(stepRequestUpdates.requestStep),
    settleStepRequest: assign(stepRequestUpdates.settleStepRequest),
    setCustomer: assign(({ context }, params: { customer: Partial<CustomerDetails> }) => ({ customer: { ...context.customer, ...params.customer } })),
    setPurchase: assign(({ context }, params: { purchase: Partial<PurchaseDetails> }) => ({ purchase: { ...context.purchase, ...params.purchase } })),
    addDocument: assign(({ context }, params: { document: ClaimDocument }) => ({ documents: [...context.documents, params.document] })),
    markDocumentDeletion: assign((_, params: { documentId: number }) => ({ deletingDocumentId: params.documentId })),
    dropDocument: assign(({ context }) => ({ documents: context.documents.filter((document) => document.id !== context.deletingDocumentId), deletingDocumentId: null })),
    // The step's missing fields now say what they need.
    checkStep: assign(({ context }, params: { step: number }) => ({ checkedSteps: [...new Set([...context.checkedSteps, params.step])].sort() })),
    storeTicket: assign((_, params: { ticket: string }) => ({ ticket: params.ticket })),
    notify: emit((_, params: { code: ContactNotice }) => ({ type: "notify" as const, code: params.code })),
  },
  guards: {
    ...wizardStepGuards,
    // Routing: which step the URL's request may show.
    isSubmittedRequest: ({ context }) => context.ticket !== null,
    asksForReview: ({ context }) => requested(context) === 4,
    asksForDocuments: ({ context }) => requested(context) === 3,
    asksForPurchaseDetails: ({ context }) => requested(context) === 2,
    hasCompleteCustomer: ({ context }) => isCompleteCustomer(context.customer),
    hasCompletePurchase: ({ context }) => isCompletePurchase(context.purchase),
    // 'Please upload atleast 1 files'.
    hasDocuments: ({ context }) => context.documents.length > 0,
    isRequestComplete: ({ context }) => isCompleteCustomer(context.customer) && isCompletePurchase(context.purchase) && context.documents.length > 0,
    isCustomerIncomplete: ({ context }) => !isCompleteCustomer(context.customer),
    isPurchaseIncomplete: ({ context }) => !isCompletePurchase(context.purchase),
  },
}).createMachine({
  id: "contactService",
  context: ({ input }) => initialContactContext(input),
  initial: "routing",
  states: {
    // Decides which step the URL's request may show: an invalid step or a step 5 without a
    // Request Number opens step 1.
    routing: {
      id: "routing",
      always: [
        { guard: "isSubmittedRequest", target: "submitted" },
        { guard: "asksForReview", target: "reviewing" },
        { guard: "asksForDocuments", target: "uploadingDocuments" },
        { guard: "asksForPurchaseDetails", target: "purchaseDetails" },
        { target: "customerDetails" },
      ],
    },
    // Step 1: name on invoice, email, phone and address, prefilled from the failed searches.
    customerDetails: {
      ...stepState(1, withTicket),
      on: {
        "customer.change": {
          actions: [{ type: "setCustomer", params: ({ event }) => ({ customer: event.customer }) }, { type: "saveDraft", params: ({ context }) => draftOf(context) }],
        },
        "step.next": [{ guard: "hasCompleteCustomer", target: "purchaseDetails" }, { actions: { type: "checkStep", params: { step: 1 } } }],
        "step.back": { actions: "goHome" },
      },
    },
    // Step 2: the invoice, the date of purchase and the store.
    purchaseDetails: {
      ...stepState(2, withTicket),
      on: {
        "purchase.change": {
          actions: [{ type: "setPurchase", params: ({ event }) => ({ purchase: event.purchase }) }, { type: "saveDraft", params: ({ context }) => draftOf(context) }],
        },
        "step.next": [{ guard: "hasCompletePurchase", target: "uploadingDocuments" }, { actions: { type: "checkStep", params: { step: 2 } } }],
        "step.back": "customerDetails",
      },
    },
    // Step 3: the invoice and any other document, uploaded as they are chosen.
    uploadingDocuments: {
      ...stepState(3, withTicket),
      initial: "editing",
      states: {
        editing: {
          ...atRest,
          on: {
            "document.added": {
              actions: [{ type: "addDocument", params: ({ event }) => ({ document: event.document }) }, { type: "saveDraft", params: ({ context }) => draftOf(context) }],
            },
            "document.delete": { target: "deletingDocument", actions: { type: "markDocumentDeletion", params: ({ event }) => ({ documentId: event.documentId }) } },
            "step.next": [{ guard: "hasDocuments", target: "#step4" }, { actions: { type: "checkStep", params: { step: 3 } } }],
            "step.back": "#step2",
          },
        },
        deletingDocument: deletingDocumentState({
          input: ({ context }: { context: ContactServiceContext }) => ({ requestId: context.requestId, documentId: context.deletingDocumentId! }),
          onDeleted: ["dropDocument", { type: "saveDraft", params: ({ context }: { context: ContactServiceContext }) => draftOf(context) }],
        }),
      },
    },
    // Step 4: everything read-only with an Edit link per section, and Submit.
    reviewing: {
      ...stepState(4, withTicket),
      initial: "ready",
      states: {
        ready: {
          ...atRest,
          on: {
            "request.submit": [
              { guard: "isRequestComplete", target: "submitting" },
              // Something is missing: say so and take the person to the first step that lacks it.
              { guard: "isCustomerIncomplete", target: "#step1", actions: [{ type: "checkStep", params: { step: 1 } }, { type: "notify", params: { code: "incomplete" } }] },
              { guard: "isPurchaseIncomplete", target: "#step2", actions: [{ type: "checkStep", params: { step: 2 } }, { type: "notify", params: { code: "incomplete" } }] },
              { target: "#step3", actions: [{ type: "checkStep", params: { step: 3 } }, { type: "notify", params: { code: "incomplete" } }] },
            ],
            "customer.edit": "#step1",
            "purchase.edit": "#step2",
            "documents.edit": "#step3",
            "step.back": "#step3",
          },
        },
        submitting: {
          ...waitingForServer,
          invoke: {
            id: "createTicket",
            src: "createTicket",
            input: ({ context }) => ({
              requestId: context.requestId,
              customer: context.customer as CustomerDetails,
              purchase: context.purchase as PurchaseDetails,
              documentIds: context.documents.map((document) => document.id),
            }),
            onDone: { target: "#step5", actions: [{ type: "storeTicket", params: ({ event }) => ({ ticket: event.output }) }, "clearDraft"] },
            onError: { target: "ready", actions: { type: "notify", params: { code: "submitFailed" } } },
          },
        },
      },
    },
    // Step 5: 'Thank you for submitting your request', the Request Number; Back to Home.
    submitted: {
      ...stepState(5, withTicket),
      on: { "request.close": { actions: "goHome" } },
    },
  },
  on: {
    "step.requested": { target: ".routing", actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) } },
  },
});

/** What the URL carries beside the step: the Request Number, once there is one (step 5). */
function withTicket(context: ContactServiceContext): { ticket: string | null } {
  return { ticket: context.ticket };
}

/** The draft the device keeps: fields and documents by reference, never file bytes. */
function draftOf(context: ContactServiceContext): ContactDraft {
  return { requestId: context.requestId, customer: context.customer, purchase: context.purchase, documents: context.documents };
}

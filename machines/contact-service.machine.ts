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
 * Which request opens is decided here, not by the address (requestIdOf): the draft this device kept
 * is found again from every way in (plain /contact-service, the not-found screen, a reload, an old
 * link), and the first step shown writes its id into the URL. A request found again (`resumed`)
 * stays as it was until the person asks for a new one and confirms it: only then is the kept draft
 * dropped and a new request id, minted by the screen and carried by `restart.confirm`, shown at
 * step 1 (replacing the old URL).
 *
 * Injected actors: `deleteDocument` ({requestId, documentId} -> void), `createTicket` (the request
 * -> the Request Number). Injected actions: `showStep` ({ step, replace, ticket, requestId }), `goHome` (navigation), `saveDraft` (the
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
import {
  atRest,
  deletingDocumentState,
  stepRequestUpdates,
  stepState,
  WAIT_DELAYS,
  waitingForServer,
  wizardStepGuards,
  type StepRequestContext,
} from "./wizard-steps.ts";

/** What the device keeps of a request until it is submitted. */
export interface ContactDraft {
  requestId: string;
  customer: Partial<CustomerDetails>;
  purchase: Partial<PurchaseDetails>;
  documents: ClaimDocument[];
}

export interface ContactServiceInput {
  /** `id` of the URL, null when missing. */
  requestId: string | null;
  /** An id minted by the screen, for a new request when there is neither a kept draft nor an id. */
  newRequestId: string;
  /** `step` of the URL, null when missing or not a number. */
  requestedStep: number | null;
  /** `ticket` of the URL: the Request Number of a request already sent (step 5). */
  ticket: string | null;
  /** The draft this device kept for this request, if any. */
  draft: ContactDraft | null;
  /** What the failed searches already know (name, email, phone, invoice, ZIP). */
  prefill: Partial<CustomerDetails> & { invoice?: string };
}

export type ContactNotice =
  "incomplete" | "submitFailed" | "documentDeleted" | "documentDeleteFailed" | "documentDeleteError";

export interface ContactServiceContext extends ContactDraft, StepRequestContext {
  ticket: string | null;
  /** Steps whose Next (or the final Submit) was tried: their missing fields say so. */
  checkedSteps: number[];
  deletingDocumentId: number | null;
  /** The request was found again in a draft this device kept: the screen says so and offers a new one. */
  resumed: boolean;
  /** 'Start a new request' was pressed: the screen asks to confirm before the draft goes. */
  confirmingRestart: boolean;
  /** What a new request starts from: the failed searches' details. */
  prefill: ContactServiceInput["prefill"];
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
  | { type: "request.close" }
  /** 'Start a new request', then the confirmation's two answers; the screen mints the new id. */
  | { type: "restart.ask" }
  | { type: "restart.cancel" }
  | { type: "restart.confirm"; requestId: string }
  /** Cancel under 'Still working…': give up on the call that runs (waitingForServer). */
  | { type: "call.cancel" };

export interface TicketRequest {
  requestId: string;
  customer: CustomerDetails;
  purchase: PurchaseDetails;
  documentIds: number[];
}

/**
 * The context a request starts from: the kept draft when it is this request's, else the search's
 * details. `resumed` when that draft holds anything the person entered.
 */
export function initialContactContext(input: ContactServiceInput): ContactServiceContext {
  const requestId = requestIdOf(input);
  const draft = input.draft?.requestId === requestId ? input.draft : null;
  const fresh = freshRequest(requestId, input.prefill);
  return {
    ...fresh,
    customer: draft?.customer ?? fresh.customer,
    purchase: draft?.purchase ?? fresh.purchase,
    documents: draft?.documents ?? [],
    stepRequest: { step: input.requestedStep },
    ticket: input.ticket,
    resumed: draft !== null && holdsInput(draft),
  };
}

/**
 * The request to open (SPEC.md section 3 "Contact service data": the draft is kept for a day): a
 * thank-you page of a Request Number this tab received stays as its URL says; otherwise the kept
 * draft's request whatever the URL's id (so typing can never overwrite it with another request's
 * fields); else the URL's id, else a new one.
 */
export function requestIdOf(
  input: Pick<ContactServiceInput, "requestId" | "newRequestId" | "ticket" | "draft">,
): string {
  if (input.ticket !== null && input.requestId) return input.requestId;
  return input.draft?.requestId ?? input.requestId ?? input.newRequestId;
}

/** A new request under `requestId`, prefilled from the searches, at step 1 (as a URL request, so it replaces the URL). */
function freshRequest(requestId: string, prefill: ContactServiceInput["prefill"]): ContactServiceContext {
  const { invoice, ...customer } = prefill;
  return {
    requestId,
    customer,
    purchase: invoice ? { invoice } : {},
    documents: [],
    stepRequest: { step: 1 },
    ticket: null,
    checkedSteps: [],
    deletingDocumentId: null,
    resumed: false,
    confirmingRestart: false,
    prefill,
  };
}

/** Whether a kept draft holds anything typed, chosen or uploaded. */
function holdsInput(draft: ContactDraft): boolean {
  const filled = (values: object) =>
    Object.values(values).some((value) => typeof value === "string" && value.trim() !== "");
  return filled(draft.customer) || filled(draft.purchase) || draft.documents.length > 0;
}

const requested = (context: ContactServiceContext) => context.stepRequest?.step ?? null;

/**
 * 'Start a new request' and its question's answers: a new request only when the person asks for one
 * and confirms, and the old draft then goes for good. Only a step at rest (steps 1 to 4, no call
 * running) takes them: while a document is deleted or the request is sent, or once it is sent, a
 * new request would drop the draft of a request the server is answering for, or one already sent.
 * The new request re-enters step 1 even from step 1, so the URL is given its new id.
 */
const restartAtRest = {
  "restart.ask": { actions: "askRestart" },
  "restart.cancel": { actions: "cancelRestart" },
  "restart.confirm": {
    target: "#step1",
    reenter: true,
    actions: [
      "clearDraft",
      {
        type: "startAfresh",
        params: ({ event }: { event: { requestId: string } }) => ({ requestId: event.requestId }),
      },
    ],
  },
} as const;

/** A send that failed or was cancelled: the review stays, with everything entered, and says so. */
const submitFailed = { target: "ready", actions: { type: "notify", params: { code: "submitFailed" } } } as const;

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
  delays: WAIT_DELAYS,
  actions: {
    showStep: (_, _params: { step: number; replace: boolean; ticket: string | null; requestId: string }) => {},
    goHome: () => {},
    saveDraft: (_, _params: ContactDraft) => {},
    clearDraft: () => {},
    requestStep: assign(stepRequestUpdates.requestStep),
    settleStepRequest: assign(stepRequestUpdates.settleStepRequest),
    setCustomer: assign(({ context }, params: { customer: Partial<CustomerDetails> }) => ({
      customer: { ...context.customer, ...params.customer },
    })),
    setPurchase: assign(({ context }, params: { purchase: Partial<PurchaseDetails> }) => ({
      purchase: { ...context.purchase, ...params.purchase },
    })),
    addDocument: assign(({ context }, params: { document: ClaimDocument }) => ({
      documents: [...context.documents, params.document],
    })),
    markDocumentDeletion: assign((_, params: { documentId: number }) => ({ deletingDocumentId: params.documentId })),
    dropDocument: assign(({ context }) => ({
      documents: context.documents.filter((document) => document.id !== context.deletingDocumentId),
      deletingDocumentId: null,
    })),
    // The step's missing fields now say what they need.
    checkStep: assign(({ context }, params: { step: number }) => ({
      checkedSteps: [...new Set([...context.checkedSteps, params.step])].sort(),
    })),
    storeTicket: assign((_, params: { ticket: string }) => ({ ticket: params.ticket })),
    askRestart: assign({ confirmingRestart: true }),
    cancelRestart: assign({ confirmingRestart: false }),
    // The kept draft is already dropped (clearDraft): the new request starts from the searches alone.
    startAfresh: assign(({ context }, params: { requestId: string }) =>
      freshRequest(params.requestId, context.prefill),
    ),
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
    isRequestComplete: ({ context }) =>
      isCompleteCustomer(context.customer) && isCompletePurchase(context.purchase) && context.documents.length > 0,
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
      ...stepState(1, inUrl),
      on: {
        "customer.change": {
          actions: [
            { type: "setCustomer", params: ({ event }) => ({ customer: event.customer }) },
            { type: "saveDraft", params: ({ context }) => draftOf(context) },
          ],
        },
        "step.next": [
          { guard: "hasCompleteCustomer", target: "purchaseDetails" },
          { actions: { type: "checkStep", params: { step: 1 } } },
        ],
        "step.back": { actions: "goHome" },
        ...restartAtRest,
      },
    },
    // Step 2: the invoice, the date of purchase and the store.
    purchaseDetails: {
      ...stepState(2, inUrl),
      on: {
        "purchase.change": {
          actions: [
            { type: "setPurchase", params: ({ event }) => ({ purchase: event.purchase }) },
            { type: "saveDraft", params: ({ context }) => draftOf(context) },
          ],
        },
        "step.next": [
          { guard: "hasCompletePurchase", target: "uploadingDocuments" },
          { actions: { type: "checkStep", params: { step: 2 } } },
        ],
        "step.back": "customerDetails",
        ...restartAtRest,
      },
    },
    // Step 3: the invoice and any other document, uploaded as they are chosen.
    uploadingDocuments: {
      ...stepState(3, inUrl),
      initial: "editing",
      states: {
        editing: {
          ...atRest,
          on: {
            "document.added": {
              actions: [
                { type: "addDocument", params: ({ event }) => ({ document: event.document }) },
                { type: "saveDraft", params: ({ context }) => draftOf(context) },
              ],
            },
            "document.delete": {
              target: "deletingDocument",
              actions: { type: "markDocumentDeletion", params: ({ event }) => ({ documentId: event.documentId }) },
            },
            "step.next": [
              { guard: "hasDocuments", target: "#step4" },
              { actions: { type: "checkStep", params: { step: 3 } } },
            ],
            "step.back": "#step2",
            ...restartAtRest,
          },
        },
        deletingDocument: deletingDocumentState({
          input: ({ context }: { context: ContactServiceContext }) => ({
            requestId: context.requestId,
            documentId: context.deletingDocumentId!,
          }),
          onDeleted: [
            "dropDocument",
            { type: "saveDraft", params: ({ context }: { context: ContactServiceContext }) => draftOf(context) },
          ],
        }),
      },
    },
    // Step 4: everything read-only with an Edit link per section, and Submit.
    reviewing: {
      ...stepState(4, inUrl),
      initial: "ready",
      states: {
        ready: {
          ...atRest,
          on: {
            "request.submit": [
              { guard: "isRequestComplete", target: "submitting" },
              // Something is missing: say so and take the person to the first step that lacks it.
              {
                guard: "isCustomerIncomplete",
                target: "#step1",
                actions: [
                  { type: "checkStep", params: { step: 1 } },
                  { type: "notify", params: { code: "incomplete" } },
                ],
              },
              {
                guard: "isPurchaseIncomplete",
                target: "#step2",
                actions: [
                  { type: "checkStep", params: { step: 2 } },
                  { type: "notify", params: { code: "incomplete" } },
                ],
              },
              {
                target: "#step3",
                actions: [
                  { type: "checkStep", params: { step: 3 } },
                  { type: "notify", params: { code: "incomplete" } },
                ],
              },
            ],
            "customer.edit": "#step1",
            "purchase.edit": "#step2",
            "documents.edit": "#step3",
            "step.back": "#step3",
            ...restartAtRest,
          },
        },
        submitting: {
          ...waitingForServer(submitFailed),
          invoke: {
            id: "createTicket",
            src: "createTicket",
            input: ({ context }) => ({
              requestId: context.requestId,
              customer: context.customer as CustomerDetails,
              purchase: context.purchase as PurchaseDetails,
              documentIds: context.documents.map((document) => document.id),
            }),
            onDone: {
              target: "#step5",
              actions: [{ type: "storeTicket", params: ({ event }) => ({ ticket: event.output }) }, "clearDraft"],
            },
            onError: submitFailed,
          },
        },
      },
    },
    // Step 5: 'Thank you for submitting your request', the Request Number; Back to Home.
    submitted: {
      ...stepState(5, inUrl),
      on: { "request.close": { actions: "goHome" } },
    },
  },
  on: {
    "step.requested": {
      target: ".routing",
      actions: { type: "requestStep", params: ({ event }) => ({ step: event.step }) },
    },
  },
});

/** What the URL carries beside the step: the request's id, and its Request Number once there is one (step 5). */
function inUrl(context: ContactServiceContext): { ticket: string | null; requestId: string } {
  return { ticket: context.ticket, requestId: context.requestId };
}

/** The draft the device keeps: fields and documents by reference, never file bytes. */
function draftOf(context: ContactServiceContext): ContactDraft {
  return {
    requestId: context.requestId,
    customer: context.customer,
    purchase: context.purchase,
    documents: context.documents,
  };
}

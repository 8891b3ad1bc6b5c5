/**
 * Generated paths of contactServiceMachine: every step opened from the URL, Next on complete and
 * incomplete steps, documents added and deleted (or not), Submit complete and with each part
 * missing, the ticket created or refused, a kept request restarted or kept; replayed with `deleteDocument` and `createTicket` stubbed.
 */
import { CallFailed } from "../../machines/outcomes.ts";
import { describe } from "vitest";
import type { AnyMachineSnapshot, DoneActorEvent, ErrorActorEvent } from "xstate";
import { isCompleteCustomer, isCompletePurchase } from "../../machines/contact-service-rules.ts";
import {
  contactServiceMachine,
  type ContactServiceContext,
  type ContactServiceEvent,
  type ContactServiceInput,
  type TicketRequest,
} from "../../machines/contact-service.machine.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import {
  completeDraft,
  contactInput,
  fullCustomer,
  fullPurchase,
  invoicePdf,
} from "./support/contact-service-fixtures.ts";
import { describePathSuite } from "./support/path-suite.ts";
import { CALL_CANCEL, waitFixtures, walkingWaits, type WaitOver } from "./support/waiting.ts";

/** The states that wait for a call (waitingForServer): each quiet, then 'Still working…', then longer than usual. */
const WAITING_STATES = ["uploadingDocuments.deletingDocument", "reviewing.submitting"] as const;

type PathEvent =
  | ContactServiceEvent
  | DoneActorEvent<void, "deleteDocument">
  | ErrorActorEvent<unknown, "deleteDocument">
  | DoneActorEvent<string, "createTicket">
  | ErrorActorEvent<unknown, "createTicket">
  | WaitOver<"contactService", (typeof WAITING_STATES)[number]>;

const fixtures = {
  "step.requested": [
    { type: "step.requested", step: 1 },
    { type: "step.requested", step: 2 },
    { type: "step.requested", step: 3 },
    { type: "step.requested", step: 4 },
    { type: "step.requested", step: null },
  ],
  "customer.change": [
    { type: "customer.change", customer: fullCustomer },
    { type: "customer.change", customer: { email: "" } },
  ],
  "purchase.change": [
    { type: "purchase.change", purchase: fullPurchase },
    { type: "purchase.change", purchase: { invoice: "" } },
  ],
  "document.added": [{ type: "document.added", document: invoicePdf }],
  "document.delete": [{ type: "document.delete", documentId: invoicePdf.id }],
  "step.next": [{ type: "step.next" }],
  "step.back": [{ type: "step.back" }],
  "customer.edit": [{ type: "customer.edit" }],
  "purchase.edit": [{ type: "purchase.edit" }],
  "documents.edit": [{ type: "documents.edit" }],
  "request.submit": [{ type: "request.submit" }],
  "request.close": [{ type: "request.close" }],
  "restart.ask": [{ type: "restart.ask" }],
  "restart.cancel": [{ type: "restart.cancel" }],
  "restart.confirm": [{ type: "restart.confirm", requestId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d" }],
  // Cancel under 'Still working…', and the waits' delays: walked as support/waiting.ts says.
  "call.cancel": [CALL_CANCEL],
  ...waitFixtures("contactService", WAITING_STATES),
  "xstate.done.actor.deleteDocument": [done("deleteDocument", undefined)],
  "xstate.error.actor.deleteDocument": [
    failed("deleteDocument", new CallFailed({ kind: "refused", status: 409, code: null, message: "Conflict" })),
    failed("deleteDocument", new TypeError("Failed to fetch")),
  ],
  "xstate.done.actor.createTicket": [done("createTicket", "CS-000123")],
  "xstate.error.actor.createTicket": [failed("createTicket")],
} as const satisfies FixturesFor<PathEvent>;

/**
 * Keeps the walked graph small: each part of the request is either as it started, complete, or
 * (once complete) spoilt again; one document at most; while a call runs, one URL request.
 */
function filterEvents(snapshot: AnyMachineSnapshot, event: PathEvent): boolean {
  const context = snapshot.context as ContactServiceContext;
  switch (event.type) {
    // A new request is the restart scenario's.
    case "restart.ask":
    case "restart.cancel":
    case "restart.confirm":
      return false;
    case "customer.change":
      return "name" in event.customer ? !isCompleteCustomer(context.customer) : isCompleteCustomer(context.customer);
    case "purchase.change":
      return "storeName" in event.purchase
        ? !isCompletePurchase(context.purchase)
        : isCompletePurchase(context.purchase);
    case "document.added":
      return context.documents.length === 0;
    case "step.requested":
      return !snapshot.hasTag("busy") || event.step === 2;
    default:
      return true;
  }
}

/** A new request is filled in order; going back and forth is the draft scenario's. */
const fillingIn = (snapshot: AnyMachineSnapshot, event: PathEvent) =>
  filterEvents(snapshot, event) &&
  (event.type !== "step.requested" || event.step === null) &&
  !(event.type === "customer.change" && !("name" in event.customer)) &&
  !(event.type === "purchase.change" && !("storeName" in event.purchase));

/** A request found again: 'Start a new request', kept or confirmed (the question is modal: only its answers while open). */
const restarting = (snapshot: AnyMachineSnapshot, event: PathEvent) => {
  const context = snapshot.context as ContactServiceContext;
  if (context.confirmingRestart) return event.type === "restart.cancel" || event.type === "restart.confirm";
  return event.type === "restart.ask" && context.resumed;
};

const scenarios: Array<Scenario<PathEvent, ContactServiceInput>> = walkingWaits([
  { name: "a new request", input: contactInput(), fixtures, filterEvents: fillingIn },
  {
    name: "a complete draft on the review",
    input: contactInput({ requestedStep: 4, draft: completeDraft }),
    fixtures,
    filterEvents,
  },
  { name: "a request already sent", input: contactInput({ ticket: "CS-000123" }), fixtures, filterEvents },
  // Each step at rest offers 'Start a new request' for a request found again.
  ...[1, 2, 3, 4].map((step) => ({
    name: `a request found again on step ${step}, then a new one`,
    input: contactInput({ requestedStep: step, draft: completeDraft }),
    fixtures,
    filterEvents: restarting,
  })),
]);

describe("contactService generated paths", () => {
  describePathSuite({
    machine: contactServiceMachine,
    build: (gate) =>
      contactServiceMachine.provide({
        actors: {
          deleteDocument: gate.promise<void, { requestId: string; documentId: number }>("deleteDocument"),
          createTicket: gate.promise<string, TicketRequest>("createTicket"),
        },
      }),
    scenarios,
    states: [
      "routing",
      "customerDetails",
      "purchaseDetails",
      "uploadingDocuments.editing",
      "uploadingDocuments.deletingDocument.quiet",
      "uploadingDocuments.deletingDocument.stillWorking",
      "uploadingDocuments.deletingDocument.longerThanUsual",
      "reviewing.ready",
      "reviewing.submitting.quiet",
      "reviewing.submitting.stillWorking",
      "reviewing.submitting.longerThanUsual",
      "submitted",
    ],
    transientStates: ["routing"],
  });
});

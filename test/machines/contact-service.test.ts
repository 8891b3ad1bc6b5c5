/**
 * contactServiceMachine: field rules, routing from the URL, Next per step, the draft kept on the
 * device, Submit with something missing, the ticket, and the step announced to the URL (SPEC.md
 * section 2 "Contact service wizard", sections 3, 5, 8 and 9).
 */
import { CallFailed } from "../../machines/outcomes.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { phoneDigits } from "../../machines/contact-rules.ts";
import { isCompleteCustomer, isCompletePurchase } from "../../machines/contact-service-rules.ts";
import {
  contactServiceMachine,
  initialContactContext,
  requestIdOf,
  type ContactServiceInput,
  type TicketRequest,
} from "../../machines/contact-service.machine.ts";
import { stepOf } from "../../machines/claim-wizard.ts";
import { WAIT_DELAYS } from "../../machines/wizard-steps.ts";
import { collectEmitted } from "./support/actors.ts";
import {
  completeDraft,
  contactInput,
  fullCustomer,
  fullPurchase,
  invoicePdf,
  NEW_REQUEST_ID,
  REQUEST_ID,
} from "./support/contact-service-fixtures.ts";

const OTHER_ID = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

function open(
  input: ContactServiceInput,
  server: {
    createTicket?: (request: TicketRequest) => Promise<string>;
    deleteDocument?: (call: { requestId: string; documentId: number }) => Promise<void>;
  } = {},
) {
  const showStep = vi.fn();
  const goHome = vi.fn();
  const saveDraft = vi.fn();
  const clearDraft = vi.fn();
  const createTicket = vi.fn(server.createTicket ?? (async () => "CS-000123"));
  const deleteDocument = vi.fn(
    server.deleteDocument ?? (async (_call: { requestId: string; documentId: number }) => undefined),
  );
  const machine = contactServiceMachine.provide({
    actors: {
      createTicket: fromPromise(({ input }: { input: TicketRequest }) => createTicket(input)),
      deleteDocument: fromPromise(({ input }: { input: { requestId: string; documentId: number } }) =>
        deleteDocument(input),
      ),
    },
    actions: {
      showStep: (_, params) => showStep(params),
      goHome,
      saveDraft: (_, params) => saveDraft(params),
      clearDraft,
    },
  });
  const actor = createActor(machine, { input });
  const notices = collectEmitted(actor);
  actor.start();
  return { actor, showStep, goHome, saveDraft, clearDraft, createTicket, deleteDocument, notices };
}

const stepNow = (actor: { getSnapshot(): { getMeta(): Record<string, unknown> } }) => stepOf(actor.getSnapshot());

describe("contact-service field rules", () => {
  it("every customer field is required; the phone must be a US number, the state two letters, the ZIP five digits", () => {
    expect(isCompleteCustomer(fullCustomer)).toBe(true);
    for (const field of Object.keys(fullCustomer) as Array<keyof typeof fullCustomer>) {
      expect(isCompleteCustomer({ ...fullCustomer, [field]: " " }), field).toBe(false);
    }
    expect(isCompleteCustomer({ ...fullCustomer, phone: "(012) 555-0134" })).toBe(false);
    expect(isCompleteCustomer({ ...fullCustomer, state: "New York" })).toBe(false);
    expect(isCompleteCustomer({ ...fullCustomer, zipCode: "1011" })).toBe(false);
    expect(isCompleteCustomer({ ...fullCustomer, email: "jane.doe" })).toBe(false);
  });

  it("every purchase field is required; the date lies between 2000-01-01 and today; items exchanged is yes or no", () => {
    expect(isCompletePurchase(fullPurchase)).toBe(true);
    for (const field of Object.keys(fullPurchase) as Array<keyof typeof fullPurchase>) {
      expect(isCompletePurchase({ ...fullPurchase, [field]: "" }), field).toBe(false);
    }
    expect(isCompletePurchase({ ...fullPurchase, purchaseDate: "1999-12-31" })).toBe(false);
    expect(isCompletePurchase({ ...fullPurchase, purchaseDate: "2999-01-01" })).toBe(false);
    expect(isCompletePurchase({ ...fullPurchase, itemsExchanged: "yes" })).toBe(true);
    expect(isCompletePurchase({ ...fullPurchase, itemsExchanged: "maybe" as "yes" })).toBe(false);
    expect(isCompletePurchase({ ...fullPurchase, storePhone: "555-0199" })).toBe(false);
  });
});

describe("the phone number a request sends", () => {
  it("is its digits, without the country code 1 of an eleven-digit number; a ten-digit number keeps its first digit", () => {
    expect(phoneDigits("+1 (212) 555-0134")).toBe("2125550134");
    expect(phoneDigits("(212) 555-0134")).toBe("2125550134");
    expect(phoneDigits("1212555013")).toBe("1212555013");
  });
});

describe("contact-service context", () => {
  it("starts from what the failed searches know: the name, email, phone, ZIP and invoice", () => {
    const context = initialContactContext(
      contactInput({
        prefill: { name: "Jane Doe", email: "jane.doe@example.com", zipCode: "10001", invoice: "INV-100234" },
      }),
    );
    expect(context.customer).toEqual({ name: "Jane Doe", email: "jane.doe@example.com", zipCode: "10001" });
    expect(context.purchase).toEqual({ invoice: "INV-100234" });
    expect(context.documents).toEqual([]);
  });

  it("a kept draft wins over the searches", () => {
    expect(
      initialContactContext(contactInput({ draft: completeDraft, prefill: { name: "Someone Else" } })).customer,
    ).toEqual(fullCustomer);
  });
});

describe("contact-service: which request opens (requestIdOf)", () => {
  const kept = { ...completeDraft, requestId: OTHER_ID };

  it("plain /contact-service (the not-found screen's Contact Service) opens the kept request", () => {
    const context = initialContactContext(contactInput({ requestId: null, requestedStep: null, draft: kept }));
    expect(context).toMatchObject({ requestId: OTHER_ID, customer: fullCustomer, documents: [invoicePdf] });
  });

  it("another request's address opens the kept one, so typing can never overwrite the draft with other fields", () => {
    expect(requestIdOf(contactInput({ requestId: REQUEST_ID, draft: kept }))).toBe(OTHER_ID);
    expect(initialContactContext(contactInput({ requestId: REQUEST_ID, draft: kept })).customer).toEqual(fullCustomer);
  });

  it("without a kept draft: the URL's id, else the id minted for a new request", () => {
    expect(requestIdOf(contactInput({ requestId: REQUEST_ID }))).toBe(REQUEST_ID);
    expect(requestIdOf(contactInput({ requestId: null }))).toBe(NEW_REQUEST_ID);
  });

  it("the thank-you page of a Request Number this tab received stays as its URL says", () => {
    expect(requestIdOf(contactInput({ requestId: REQUEST_ID, ticket: "CS-1", draft: kept }))).toBe(REQUEST_ID);
  });

  it("on the thank-you page of another request, the kept draft is not shown as that request's", () => {
    const context = initialContactContext(
      contactInput({
        requestId: OTHER_ID,
        ticket: "CS-1",
        requestedStep: 5,
        draft: completeDraft,
        prefill: { name: "Jane Doe" },
      }),
    );
    expect(context).toMatchObject({
      requestId: OTHER_ID,
      ticket: "CS-1",
      customer: { name: "Jane Doe" },
      purchase: {},
      documents: [],
      resumed: false,
    });
  });

  it("the request opened writes its id into the URL with the first step, in place of the address", () => {
    const { showStep } = open(contactInput({ requestId: null, requestedStep: null, draft: kept }));
    expect(showStep).toHaveBeenCalledWith({ step: 1, replace: true, ticket: null, requestId: OTHER_ID });
    const fresh = open(contactInput({ requestId: null, requestedStep: null }));
    expect(fresh.showStep).toHaveBeenCalledWith({ step: 1, replace: true, ticket: null, requestId: NEW_REQUEST_ID });
  });
});

describe("contactService routing from the URL", () => {
  it.each([
    [null, 1],
    [0, 1],
    [5, 1],
    [9, 1],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
  ])("?step=%s opens step %s and answers the URL in place", (requested, shown) => {
    const { actor, showStep } = open(contactInput({ requestedStep: requested }));
    expect(stepNow(actor)).toBe(shown);
    expect(showStep).toHaveBeenCalledTimes(1);
    expect(showStep).toHaveBeenCalledWith({ step: shown, replace: true, ticket: null, requestId: REQUEST_ID });
  });

  it("a Request Number in the URL shows the thank-you page whatever the step", () => {
    const { actor, showStep } = open(contactInput({ requestedStep: 2, ticket: "CS-000123" }));
    expect(actor.getSnapshot().value).toBe("submitted");
    expect(showStep).toHaveBeenCalledWith({ step: 5, replace: true, ticket: "CS-000123", requestId: REQUEST_ID });
  });

  it("a URL change is answered in place; the consumer's own moves push", () => {
    const { actor, showStep } = open(contactInput({ draft: completeDraft }));
    showStep.mockClear();
    actor.send({ type: "step.next" });
    expect(showStep).toHaveBeenLastCalledWith({ step: 2, replace: false, ticket: null, requestId: REQUEST_ID });
    actor.send({ type: "step.requested", step: 4 });
    expect(stepNow(actor)).toBe(4);
    expect(showStep).toHaveBeenLastCalledWith({ step: 4, replace: true, ticket: null, requestId: REQUEST_ID });
    actor.send({ type: "step.back" });
    expect(showStep).toHaveBeenLastCalledWith({ step: 3, replace: false, ticket: null, requestId: REQUEST_ID });
    actor.send({ type: "step.requested", step: null });
    expect(stepNow(actor)).toBe(1);
    expect(showStep).toHaveBeenLastCalledWith({ step: 1, replace: true, ticket: null, requestId: REQUEST_ID });
  });
});

describe("contactService steps", () => {
  it("Back on step 1 goes Home", () => {
    const { actor, goHome } = open(contactInput());
    actor.send({ type: "step.back" });
    expect(goHome).toHaveBeenCalledTimes(1);
    expect(stepNow(actor)).toBe(1);
  });

  it("Next on an incomplete step stays and reveals its messages; complete, it moves on", () => {
    const { actor } = open(contactInput());
    actor.send({ type: "step.next" });
    expect(stepNow(actor)).toBe(1);
    expect(actor.getSnapshot().context.checkedSteps).toEqual([1]);
    actor.send({ type: "customer.change", customer: fullCustomer });
    actor.send({ type: "step.next" });
    expect(stepNow(actor)).toBe(2);
    actor.send({ type: "step.next" });
    expect(stepNow(actor)).toBe(2);
    expect(actor.getSnapshot().context.checkedSteps).toEqual([1, 2]);
    actor.send({ type: "purchase.change", purchase: fullPurchase });
    actor.send({ type: "step.next" });
    expect(stepNow(actor)).toBe(3);
    // 'Please upload atleast 1 files'.
    actor.send({ type: "step.next" });
    expect(stepNow(actor)).toBe(3);
    expect(actor.getSnapshot().context.checkedSteps).toEqual([1, 2, 3]);
    actor.send({ type: "document.added", document: invoicePdf });
    actor.send({ type: "step.next" });
    expect(stepNow(actor)).toBe(4);
  });

  it("every change is kept on the device: fields and documents by reference", () => {
    const { actor, saveDraft } = open(contactInput());
    actor.send({ type: "customer.change", customer: { name: "Jane Doe" } });
    expect(saveDraft).toHaveBeenLastCalledWith({
      requestId: REQUEST_ID,
      customer: { name: "Jane Doe" },
      purchase: {},
      documents: [],
    });
    actor.send({ type: "customer.change", customer: fullCustomer });
    actor.send({ type: "step.next" });
    actor.send({ type: "purchase.change", purchase: { invoice: "INV-1" } });
    expect(saveDraft).toHaveBeenLastCalledWith({
      requestId: REQUEST_ID,
      customer: fullCustomer,
      purchase: { invoice: "INV-1" },
      documents: [],
    });
    actor.send({ type: "step.requested", step: 3 });
    actor.send({ type: "document.added", document: invoicePdf });
    expect(saveDraft).toHaveBeenLastCalledWith({
      requestId: REQUEST_ID,
      customer: fullCustomer,
      purchase: { invoice: "INV-1" },
      documents: [invoicePdf],
    });
  });

  it("deleting a document asks the server first; the list and the kept draft follow its answer", async () => {
    const { actor, deleteDocument, saveDraft, notices } = open(
      contactInput({ requestedStep: 3, draft: completeDraft }),
    );
    actor.send({ type: "document.delete", documentId: invoicePdf.id });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    expect(deleteDocument).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.documents).toEqual([]);
    expect(saveDraft).toHaveBeenLastCalledWith({ ...completeDraft, documents: [] });
    expect(notices).toEqual([{ type: "notify", code: "documentDeleted" }]);
  });

  it("deleting one of several documents asks to delete that one, of this request, and keeps the others listed", async () => {
    const receipt = { id: 72, fileName: "e5f6a7b8-receipt.jpg" };
    const { actor, deleteDocument, saveDraft } = open(
      contactInput({ requestedStep: 3, draft: { ...completeDraft, documents: [invoicePdf, receipt] } }),
    );
    actor.send({ type: "document.delete", documentId: receipt.id });
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    expect(deleteDocument).toHaveBeenCalledExactlyOnceWith({ requestId: REQUEST_ID, documentId: receipt.id });
    expect(actor.getSnapshot().context.documents).toEqual([invoicePdf]);
    expect(saveDraft).toHaveBeenLastCalledWith({ ...completeDraft, documents: [invoicePdf] });
  });

  it.each([
    [
      "the server refuses",
      new CallFailed({ kind: "refused", status: 409, code: null, message: "Conflict" }),
      "documentDeleteFailed",
    ],
    ["the server asks to wait", new CallFailed({ kind: "rateLimited", retryAfterSeconds: 60 }), "documentDeleteFailed"],
    ["no usable answer comes", new CallFailed({ kind: "network" }), "documentDeleteError"],
    ["no answer comes", new TypeError("Failed to fetch"), "documentDeleteError"],
  ])("a document stays listed when %s, with the matching message", async (_when, error, code) => {
    const { actor, notices } = open(contactInput({ requestedStep: 3, draft: completeDraft }), {
      deleteDocument: () => Promise.reject(error),
    });
    actor.send({ type: "document.delete", documentId: invoicePdf.id });
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    expect(actor.getSnapshot().context.documents).toEqual([invoicePdf]);
    expect(notices).toEqual([{ type: "notify", code }]);
  });

  it.each([
    ["the delete succeeds", () => Promise.resolve()],
    [
      "the server refuses the delete",
      () => Promise.reject(new CallFailed({ kind: "refused", status: 409, code: null, message: "Conflict" })),
    ],
    ["the delete gets no answer", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])(
    "a URL step request made while a document is deleted is answered once %s: screen and URL show that step",
    async (_when, answer) => {
      let settle!: () => void;
      const { actor, showStep } = open(contactInput({ requestedStep: 3, draft: completeDraft }), {
        deleteDocument: () => new Promise<void>((resolve) => (settle = resolve)).then(answer),
      });
      actor.send({ type: "document.delete", documentId: invoicePdf.id });
      actor.send({ type: "step.requested", step: 1 });
      // The delete is still on its way: the screen stays where the delete started.
      expect(stepNow(actor)).toBe(3);
      settle();
      await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
      expect(stepNow(actor)).toBe(1);
      expect(showStep).toHaveBeenLastCalledWith({ step: 1, replace: true, ticket: null, requestId: REQUEST_ID });
    },
  );

  it("Edit links of the review go back to their section", () => {
    const { actor } = open(contactInput({ requestedStep: 4, draft: completeDraft }));
    for (const [event, step] of [
      ["customer.edit", 1],
      ["purchase.edit", 2],
      ["documents.edit", 3],
    ] as const) {
      actor.send({ type: "step.requested", step: 4 });
      actor.send({ type: event });
      expect(stepNow(actor), event).toBe(step);
    }
  });
});

describe("contactService submit", () => {
  it.each([
    ["the customer details", { ...completeDraft, customer: { ...fullCustomer, email: "" } }, 1],
    ["the purchase details", { ...completeDraft, purchase: { ...fullPurchase, storeZip: "" } }, 2],
    ["a document", { ...completeDraft, documents: [] }, 3],
  ])("with %s missing says so, sends nothing, and opens the first step that lacks it", (_what, draft, step) => {
    const { actor, createTicket, notices } = open(contactInput({ requestedStep: 4, draft }));
    actor.send({ type: "request.submit" });
    expect(stepNow(actor)).toBe(step);
    expect(actor.getSnapshot().context.checkedSteps).toContain(step);
    expect(notices).toEqual([{ type: "notify", code: "incomplete" }]);
    expect(createTicket).not.toHaveBeenCalled();
  });

  it("complete, it sends the request with its documents, shows the Request Number and forgets the draft", async () => {
    const { actor, createTicket, clearDraft, showStep } = open(
      contactInput({ requestedStep: 4, draft: completeDraft }),
    );
    actor.send({ type: "request.submit" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches("submitted"));
    expect(createTicket).toHaveBeenCalledWith({
      requestId: REQUEST_ID,
      customer: fullCustomer,
      purchase: fullPurchase,
      documentIds: [invoicePdf.id],
    });
    expect(actor.getSnapshot().context.ticket).toBe("CS-000123");
    expect(clearDraft).toHaveBeenCalledTimes(1);
    expect(showStep).toHaveBeenLastCalledWith({ step: 5, replace: false, ticket: "CS-000123", requestId: REQUEST_ID });
    // Sent is sent: the URL's Back cannot reopen the review.
    actor.send({ type: "step.requested", step: 4 });
    expect(stepNow(actor)).toBe(5);
  });

  it("a failed send stays on the review with everything kept and says so", async () => {
    const { actor, clearDraft, notices } = open(contactInput({ requestedStep: 4, draft: completeDraft }), {
      createTicket: () => Promise.reject(new Error("503")),
    });
    actor.send({ type: "request.submit" });
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    expect(stepNow(actor)).toBe(4);
    expect(actor.getSnapshot().context.customer).toEqual(fullCustomer);
    expect(clearDraft).not.toHaveBeenCalled();
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
  });

  it("a URL request while sending is kept and answered when the answer comes", async () => {
    let release!: (ticket: string) => void;
    const { actor, showStep } = open(contactInput({ requestedStep: 4, draft: completeDraft }), {
      createTicket: () => new Promise((resolve) => (release = resolve)),
    });
    actor.send({ type: "request.submit" });
    actor.send({ type: "step.requested", step: 2 });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    release("CS-9");
    await waitFor(actor, (snapshot) => snapshot.matches("submitted"));
    expect(showStep).toHaveBeenLastCalledWith({ step: 5, replace: true, ticket: "CS-9", requestId: REQUEST_ID });
  });

  it("a URL request while a failing send runs is answered when the failure comes back", async () => {
    let fail!: () => void;
    const { actor, showStep } = open(contactInput({ requestedStep: 4, draft: completeDraft }), {
      createTicket: () => new Promise<string>((_resolve, reject) => (fail = () => reject(new Error("503")))),
    });
    actor.send({ type: "request.submit" });
    actor.send({ type: "step.requested", step: 2 });
    fail();
    await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"));
    expect(stepNow(actor)).toBe(2);
    expect(showStep).toHaveBeenLastCalledWith({ step: 2, replace: true, ticket: null, requestId: REQUEST_ID });
  });

  it("Back to Home on the thank-you page goes Home", () => {
    const { actor, goHome } = open(contactInput({ ticket: "CS-1" }));
    actor.send({ type: "request.close" });
    expect(goHome).toHaveBeenCalledTimes(1);
  });
});

describe("contactService: a call that takes long", () => {
  // Only the clock's timers are faked: the stubbed calls settle on real promises.
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  const tags = (actor: { getSnapshot(): { hasTag(tag: string): boolean } }) =>
    ["busy", "stillWorking", "longerThanUsual"].filter((tag) => actor.getSnapshot().hasTag(tag));

  it.each([
    {
      call: "createTicket" as const,
      waiting: { reviewing: "submitting" },
      input: contactInput({ requestedStep: 4, draft: completeDraft }),
      start: { type: "request.submit" } as const,
      late: "CS-9",
    },
    {
      call: "deleteDocument" as const,
      waiting: { uploadingDocuments: "deletingDocument" },
      input: contactInput({ requestedStep: 3, draft: completeDraft }),
      start: { type: "document.delete", documentId: invoicePdf.id } as const,
      late: undefined,
    },
  ])(
    "$call says 'Still working…' after a while and later that it takes longer; Cancel ends it as a failure with no answer does",
    async ({ call, waiting, input, start, late }) => {
      const failure = open(input, { [call]: () => Promise.reject(new TypeError("Failed to fetch")) });
      failure.actor.send(start);
      await waitFor(failure.actor, (snapshot) => !snapshot.hasTag("busy"));

      let release!: (answer: unknown) => void;
      const { actor, notices } = open(input, { [call]: () => new Promise((resolve) => (release = resolve)) });
      actor.send(start);
      const [parent, state] = Object.entries(waiting)[0]!;
      expect(actor.getSnapshot().value).toEqual({ [parent]: { [state]: "quiet" } });
      expect(tags(actor)).toEqual(["busy"]);
      vi.advanceTimersByTime(WAIT_DELAYS.stillWorkingAfter);
      expect(actor.getSnapshot().value).toEqual({ [parent]: { [state]: "stillWorking" } });
      expect(tags(actor)).toEqual(["busy", "stillWorking"]);
      vi.advanceTimersByTime(WAIT_DELAYS.longerThanUsualAfter);
      expect(actor.getSnapshot().value).toEqual({ [parent]: { [state]: "longerThanUsual" } });
      expect(tags(actor)).toEqual(["busy", "stillWorking", "longerThanUsual"]);

      actor.send({ type: "call.cancel" });
      expect(actor.getSnapshot().value).toEqual(failure.actor.getSnapshot().value);
      expect(actor.getSnapshot().context).toEqual(failure.actor.getSnapshot().context);
      expect(notices).toEqual(failure.notices);
      // An answer the cancelled call still gets changes nothing.
      release(late);
      await new Promise((resolve) => setImmediate(resolve));
      expect(actor.getSnapshot().value).toEqual(failure.actor.getSnapshot().value);
      expect(actor.getSnapshot().context).toEqual(failure.actor.getSnapshot().context);
    },
  );
});

describe("contactService: a request found again, and a new one only on request", () => {
  const halfDraft = {
    requestId: REQUEST_ID,
    customer: { name: "Jane Doe", email: "jane.doe@example.com" },
    purchase: {},
    documents: [],
  };
  const NEW_ID = "11111111-2222-4333-8444-555555555555";

  it("a kept draft with something in it is said to be found again; an empty one or none is not", () => {
    expect(initialContactContext(contactInput({ draft: halfDraft })).resumed).toBe(true);
    expect(initialContactContext(contactInput({ draft: { ...halfDraft, customer: { name: " " } } })).resumed).toBe(
      false,
    );
    expect(initialContactContext(contactInput()).resumed).toBe(false);
  });

  it("a kept draft holding only an uploaded document, or only purchase details, is found again too", () => {
    expect(
      initialContactContext(contactInput({ draft: { ...halfDraft, customer: {}, documents: [invoicePdf] } })).resumed,
    ).toBe(true);
    expect(
      initialContactContext(
        contactInput({ draft: { ...halfDraft, customer: {}, purchase: { storeName: "Furniture Mart" } } }),
      ).resumed,
    ).toBe(true);
    expect(
      initialContactContext(contactInput({ draft: { ...halfDraft, customer: {}, purchase: { storeName: "  " } } }))
        .resumed,
    ).toBe(false);
  });

  it("typing into a found request keeps the rest of its draft", () => {
    const { actor, saveDraft } = open(contactInput({ draft: halfDraft }));
    actor.send({ type: "customer.change", customer: { phone: "(212) 555-0134" } });
    expect(saveDraft).toHaveBeenLastCalledWith({
      ...halfDraft,
      customer: { ...halfDraft.customer, phone: "(212) 555-0134" },
    });
  });

  it("'Start a new request' asks first; keeping the request changes nothing", () => {
    const { actor, clearDraft, showStep } = open(contactInput({ requestedStep: 2, draft: completeDraft }));
    showStep.mockClear();
    actor.send({ type: "restart.ask" });
    expect(actor.getSnapshot().context.confirmingRestart).toBe(true);
    actor.send({ type: "restart.cancel" });
    expect(actor.getSnapshot().context).toMatchObject({
      confirmingRestart: false,
      resumed: true,
      requestId: REQUEST_ID,
      customer: fullCustomer,
    });
    expect(stepNow(actor)).toBe(2);
    expect(clearDraft).not.toHaveBeenCalled();
    expect(showStep).not.toHaveBeenCalled();
  });

  it("confirmed on step 1 itself, the new request's id still reaches the URL", () => {
    const { actor, showStep } = open(contactInput({ draft: halfDraft }));
    actor.send({ type: "restart.ask" });
    actor.send({ type: "restart.confirm", requestId: NEW_ID });
    expect(showStep).toHaveBeenLastCalledWith({ step: 1, replace: true, ticket: null, requestId: NEW_ID });
  });

  it("while the request is sent, and once it is sent, a new request is not started: the draft and the Request Number stay", async () => {
    let release!: (ticket: string) => void;
    const { actor, clearDraft, showStep } = open(contactInput({ requestedStep: 4, draft: completeDraft }), {
      createTicket: () => new Promise((resolve) => (release = resolve)),
    });
    actor.send({ type: "request.submit" });
    showStep.mockClear();
    actor.send({ type: "restart.ask" });
    actor.send({ type: "restart.confirm", requestId: NEW_ID });
    expect(actor.getSnapshot().matches({ reviewing: "submitting" })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      requestId: REQUEST_ID,
      confirmingRestart: false,
      customer: fullCustomer,
    });
    expect(clearDraft).not.toHaveBeenCalled();
    expect(showStep).not.toHaveBeenCalled();
    release("CS-9");
    await waitFor(actor, (snapshot) => snapshot.matches("submitted"));
    actor.send({ type: "restart.ask" });
    actor.send({ type: "restart.confirm", requestId: NEW_ID });
    expect(stepNow(actor)).toBe(5);
    expect(actor.getSnapshot().context).toMatchObject({
      requestId: REQUEST_ID,
      ticket: "CS-9",
      confirmingRestart: false,
    });
  });

  it("while a document is deleted, a new request is not started", () => {
    const { actor, clearDraft } = open(contactInput({ requestedStep: 3, draft: completeDraft }), {
      deleteDocument: () => new Promise<void>(() => {}),
    });
    actor.send({ type: "document.delete", documentId: invoicePdf.id });
    actor.send({ type: "restart.confirm", requestId: NEW_ID });
    expect(actor.getSnapshot().matches({ uploadingDocuments: "deletingDocument" })).toBe(true);
    expect(actor.getSnapshot().context.requestId).toBe(REQUEST_ID);
    expect(clearDraft).not.toHaveBeenCalled();
  });

  it("confirmed, the draft goes and a new request opens at step 1 under the new id, in place of the old URL, prefilled from the searches only", () => {
    const { actor, clearDraft, saveDraft, showStep } = open(
      contactInput({ requestedStep: 3, draft: completeDraft, prefill: { name: "Jane Doe", invoice: "INV-1" } }),
    );
    actor.send({ type: "restart.ask" });
    actor.send({ type: "restart.confirm", requestId: NEW_ID });
    expect(clearDraft).toHaveBeenCalledTimes(1);
    expect(stepNow(actor)).toBe(1);
    expect(showStep).toHaveBeenLastCalledWith({ step: 1, replace: true, ticket: null, requestId: NEW_ID });
    expect(actor.getSnapshot().context).toMatchObject({
      requestId: NEW_ID,
      customer: { name: "Jane Doe" },
      purchase: { invoice: "INV-1" },
      documents: [],
      checkedSteps: [],
      resumed: false,
      confirmingRestart: false,
    });
    actor.send({ type: "customer.change", customer: { email: "x@example.com" } });
    expect(saveDraft).toHaveBeenLastCalledWith({
      requestId: NEW_ID,
      customer: { name: "Jane Doe", email: "x@example.com" },
      purchase: { invoice: "INV-1" },
      documents: [],
    });
  });
});

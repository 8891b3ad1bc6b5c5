/**
 * QA table of contactServiceMachine: a new contact-service request (Customer Details, Purchase
 * Details, Upload Documents, Review Details, the Request Number), with Next refused on an incomplete
 * step, Submit sending the person to the first incomplete step, and the review's Edit links; and a
 * request kept from an earlier visit, found again on each step, kept or given up for a new one.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import type { AnyMachineSnapshot } from "xstate";
import {
  isCompleteCustomer,
  isCompletePurchase,
  type CustomerDetails,
  type PurchaseDetails,
} from "../../machines/contact-service-rules.ts";
import {
  contactServiceMachine,
  type ContactServiceContext,
  type ContactServiceEvent,
  type ContactServiceInput,
} from "../../machines/contact-service.machine.ts";
import { callDone, callFailed } from "./calls.ts";
import { changeUrlStep, fieldShows, heading, hides, shows, urlStep } from "./screen.ts";
import { backToHome, deleteFile, press, pressBack } from "./buttons.ts";
import { system, user, view, type ModelTable, type Outcome, type Start } from "./table.ts";
import { CALL_CANCEL, cancelGesture, HANGING_CALLS_WORDS, waitEvents, waitGestures, withWaitViews } from "./waits.ts";

type Event = ContactServiceEvent | Outcome<"deleteDocument", void> | Outcome<"createTicket", string>;

const PDF = fileURLToPath(new URL("../fixtures/shared-mime-info-spec.pdf", import.meta.url));
const PDF_NAME = "shared-mime-info-spec.pdf";

/** Customer Details as typed, with each field's label. */
const CUSTOMER: Array<[keyof CustomerDetails, string, string]> = [
  ["name", "Name on invoice", "Jane Doe"],
  ["email", "Email", "jane.doe@example.com"],
  ["phone", "Phone", "(212) 555-0134"],
  ["address", "Street address", "350 5th Ave"],
  ["city", "City", "New York"],
  ["state", "State", "NY"],
  ["zipCode", "ZIP code", "10118"],
];
/** Purchase Details as typed (the date as DD/MM/YYYY), with each field's label; 'No' items exchanged. */
const PURCHASE: Array<[keyof PurchaseDetails, string, string, string]> = [
  ["invoice", "Invoice number", "INV-100234", "INV-100234"],
  ["purchaseDate", "Date of purchase", "15/03/2024", "2024-03-15"],
  ["storeName", "Store name", "Furniture Mart", "Furniture Mart"],
  ["storePhone", "Store phone", "(212) 555-0199", "(212) 555-0199"],
  ["storeAddress", "Store address", "1 Main St", "1 Main St"],
  ["storeCity", "Store city", "New York", "New York"],
  ["storeState", "Store state", "NY", "NY"],
  ["storeZip", "Store ZIP code", "10001", "10001"],
];

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ContactServiceContext;
const customerDone = (snapshot: AnyMachineSnapshot) => isCompleteCustomer(ctx(snapshot).customer);
const purchaseDone = (snapshot: AnyMachineSnapshot) => isCompletePurchase(ctx(snapshot).purchase);
const documents = (snapshot: AnyMachineSnapshot) => ctx(snapshot).documents.length;
/** Steps whose missing fields are shown: checked by Next or Submit and still incomplete. */
const flagged = (snapshot: AnyMachineSnapshot) =>
  ctx(snapshot).checkedSteps.filter((step) =>
    step === 1 ? !customerDone(snapshot) : step === 2 ? !purchaseDone(snapshot) : documents(snapshot) === 0,
  );

const fillCustomer: Event = {
  type: "customer.change",
  customer: Object.fromEntries(CUSTOMER.map(([key, , value]) => [key, value])),
};
const fillPurchase: Event = {
  type: "purchase.change",
  purchase: { ...Object.fromEntries(PURCHASE.map(([key, , , value]) => [key, value])), itemsExchanged: "no" },
};
const addDocument: Event = { type: "document.added", document: { id: 1, fileName: PDF_NAME } };

/** The contact service's notices (src/screens/contact-service/contact-notices.ts) a cancelled call shows. */
const CONTACT_NOTICES: Record<string, string> = {
  submitFailed: "We could not send your request. Please try again.",
  documentDeleteError: "something went wrong, can't delete file.",
};

/**
 * The request as a person fills it in, with the detours that reach every branch: Next on an empty
 * step, the address's step set to 4 while a step is incomplete (Submit then sends them back), a
 * document deleted, and the review's Edit links once everything is there.
 */
function events(snapshot: AnyMachineSnapshot): Event[] {
  const toReview: Event = { type: "step.requested", step: 4 };
  if (snapshot.matches("customerDetails")) {
    if (customerDone(snapshot)) return [{ type: "step.next" }];
    return [
      fillCustomer,
      { type: "step.next" },
      ...(flagged(snapshot).length ? [] : [{ type: "step.back" } as const, toReview]),
    ];
  }
  if (snapshot.matches("purchaseDetails")) {
    if (purchaseDone(snapshot)) return [{ type: "step.next" }, { type: "step.back" }];
    return [fillPurchase, { type: "step.next" }, ...(flagged(snapshot).length ? [] : [toReview])];
  }
  if (snapshot.matches({ uploadingDocuments: "editing" })) {
    if (documents(snapshot))
      return [
        { type: "document.delete", documentId: ctx(snapshot).documents[0]!.id },
        { type: "step.next" },
        { type: "step.back" },
      ];
    return [addDocument, { type: "step.next" }, ...(flagged(snapshot).length ? [] : [toReview])];
  }
  if (snapshot.matches({ uploadingDocuments: "deletingDocument" }))
    return [{ type: "xstate.done.actor.deleteDocument", output: undefined, actorId: "deleteDocument" }];
  if (snapshot.matches({ reviewing: "ready" })) {
    const complete = customerDone(snapshot) && purchaseDone(snapshot) && documents(snapshot) > 0;
    return [
      { type: "request.submit" },
      ...(complete
        ? [
            { type: "customer.edit" } as const,
            { type: "purchase.edit" } as const,
            { type: "documents.edit" } as const,
            { type: "step.back" } as const,
          ]
        : []),
    ];
  }
  if (snapshot.matches({ reviewing: "submitting" }))
    return [{ type: "xstate.done.actor.createTicket", output: "REQ-1", actorId: "createTicket" }];
  if (snapshot.matches("submitted")) return [{ type: "request.close" }];
  return [];
}

const start: Start<ContactServiceInput> = {
  name: "a new request",
  setup: [
    "Open http://localhost:8787/contact-service in a new private window: a new request opens at step 1, Customer Details.",
  ],
  arrange: async ({ page, context }) => {
    // No maps key is set, so no maps script: the address fields are plain text.
    await context.route(/maps\.googleapis\.com/, (route) => route.abort());
    await page.goto("/contact-service");
  },
  input: { requestId: null, newRequestId: "request-1", requestedStep: null, ticket: null, draft: null, prefill: {} },
  events,
  facts: (snapshot) => ({
    customer: customerDone(snapshot),
    purchase: purchaseDone(snapshot),
    documents: documents(snapshot),
    flagged: flagged(snapshot),
    ticket: ctx(snapshot).ticket,
  }),
};

/**
 * The request in the start whose calls hang, one line: filled in step by step, the document's
 * delete cancelled (it stays, its id kept: a state of its own), and Submit cancelled, which ends it.
 */
function hangingEvents(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("customerDetails")) return customerDone(snapshot) ? [{ type: "step.next" }] : [fillCustomer];
  if (snapshot.matches("purchaseDetails")) return purchaseDone(snapshot) ? [{ type: "step.next" }] : [fillPurchase];
  if (snapshot.matches({ uploadingDocuments: "editing" })) {
    if (documents(snapshot) === 0) return [addDocument];
    if (ctx(snapshot).deletingDocumentId === null)
      return [{ type: "document.delete", documentId: ctx(snapshot).documents[0]!.id }];
    return [{ type: "step.next" }];
  }
  if (snapshot.matches({ reviewing: "ready" })) return [{ type: "request.submit" }];
  if (snapshot.hasTag("busy")) return waitEvents(snapshot, "longerThanUsual", CALL_CANCEL);
  return [];
}

const hanging: Start<ContactServiceInput> = {
  name: "a new request whose calls hang",
  setup: [
    "Open http://localhost:8787/contact-service in a new private window: a new request opens at step 1, Customer Details.",
    HANGING_CALLS_WORDS,
  ],
  arrange: async ({ page, context }) => {
    await context.route(/maps\.googleapis\.com/, (route) => route.abort());
    // The page's clock, installed before the portal loads, runs by itself until a wait's gesture runs it on.
    await page.clock.install();
    await page.goto("/contact-service");
  },
  input: start.input,
  events: hangingEvents,
  facts: (snapshot) => ({
    customer: customerDone(snapshot),
    purchase: purchaseDone(snapshot),
    documents: documents(snapshot),
    deleting: ctx(snapshot).deletingDocumentId,
  }),
};

/** A draft this device kept from an earlier visit: half of step 1. */
const KEPT_ID = "5f0c3a2e-8d1b-4f7a-9c1e-2b3d4e5f6a7b";
const KEPT_DRAFT = {
  requestId: KEPT_ID,
  customer: { name: "Jane Doe", email: "jane.doe@example.com" },
  purchase: {},
  documents: [],
};

/** The steps at rest, where 'Start a new request' may be pressed. */
const STEPS_AT_REST = [
  "customerDetails",
  "purchaseDetails",
  { uploadingDocuments: "editing" },
  { reviewing: "ready" },
] as const;

/**
 * Only 'Start a new request' and its question's answers, on each step the kept request opens from
 * the address (steps 2 to 4 from step 1): the rest of the request is the first start's.
 */
function restartEvents(snapshot: AnyMachineSnapshot): Event[] {
  if (!STEPS_AT_REST.some((state) => snapshot.matches(state))) return [];
  if (ctx(snapshot).confirmingRestart)
    return [{ type: "restart.cancel" }, { type: "restart.confirm", requestId: "request-2" }];
  if (!ctx(snapshot).resumed) return [];
  const otherSteps = snapshot.matches("customerDetails")
    ? ([2, 3, 4] as const).map((step): Event => ({ type: "step.requested", step }))
    : [];
  return [{ type: "restart.ask" }, ...otherSteps];
}

const kept: Start<ContactServiceInput> = {
  name: "a request kept from an earlier visit",
  setup: [
    "In a new private window, fill in Name on invoice **Jane Doe** and Email **jane.doe@example.com** on http://localhost:8787/contact-service, and close the window's tab (the walk sets the `data` cookie instead).",
    "Open http://localhost:8787/contact-service in that window: the request opens at step 1 with both fields as typed.",
  ],
  arrange: async ({ page, context, server }) => {
    await context.route(/maps\.googleapis\.com/, (route) => route.abort());
    await context.addCookies([
      {
        name: "data",
        value: encodeURIComponent(JSON.stringify(KEPT_DRAFT)),
        domain: new URL(server.url).hostname,
        path: "/contact-service",
      },
    ]);
    await page.goto("/contact-service");
  },
  input: {
    requestId: null,
    newRequestId: "request-new",
    requestedStep: null,
    ticket: null,
    draft: KEPT_DRAFT,
    prefill: {},
  },
  events: restartEvents,
  facts: (snapshot) => ({
    kept: ctx(snapshot).requestId === KEPT_ID,
    resumed: ctx(snapshot).resumed,
    confirming: ctx(snapshot).confirmingRestart,
  }),
};

const field = (page: Page, label: string) =>
  page.getByRole("main").getByRole("textbox", { name: new RegExp(`^${label}`) });
/** Fields that say what is wrong with them. */
const invalidFields = (page: Page) => page.getByRole("main").locator('input[aria-invalid="true"]');

/**
 * A step of the request: its title and URL step, whether its missing fields say so, and for a
 * request found again 'Start a new request' or its open question.
 */
async function checkStep(page: Page, snapshot: AnyMachineSnapshot, step: number, title: string): Promise<void> {
  await shows(heading(page, title));
  await urlStep(page, step);
  if (flagged(snapshot).includes(step) && step !== 3) await shows(invalidFields(page).first());
  if (!ctx(snapshot).checkedSteps.includes(step)) await hides(invalidFields(page).first());
  const restart = page.getByRole("button", { name: "Start a new request" });
  const question = page.getByRole("dialog", { name: "Start a new request?" });
  await (ctx(snapshot).confirmingRestart ? shows(question) : hides(question));
  if (!ctx(snapshot).confirmingRestart) await (ctx(snapshot).resumed ? shows(restart) : hides(restart));
}

/** What a step's description adds for a request found again. */
const restartWords = (snapshot: AnyMachineSnapshot) =>
  `${ctx(snapshot).resumed ? ", saying the request was kept, with **Start a new request**" : ""}${ctx(snapshot).confirmingRestart ? ", and the question 'Start a new request?' open" : ""}`;

/** The review's Edit link of a section. */
const edit = <E extends Event>(section: string) =>
  user<E>(
    () => `Press **Edit** beside ${section}.`,
    ({ page }) => page.getByRole("button", { name: `Edit ${section}` }).click(),
  );

const flaggedWords = (snapshot: AnyMachineSnapshot, step: number) =>
  flagged(snapshot).includes(step) ? ", each missing field saying what it needs" : "";

export const contactServiceTable: ModelTable<Event> = {
  machine: contactServiceMachine,
  file: "contact-service",
  source: "test/model/contact-service.model.ts",
  starts: [start, kept, hanging],
  events: {
    "customer.change": user(
      () => `Fill in ${CUSTOMER.map(([, label, value]) => `${label} **${value}**`).join(", ")}.`,
      async ({ page }) => {
        for (const [, label, value] of CUSTOMER) await field(page, label).fill(value);
      },
    ),
    "purchase.change": user(
      () =>
        `Fill in ${PURCHASE.map(([, label, typed]) => `${label} **${typed}**`).join(", ")}, and choose **No** for Were any items exchanged?`,
      async ({ page }) => {
        for (const [, label, typed] of PURCHASE) await field(page, label).fill(typed);
        await page.getByRole("radio", { name: "No" }).check();
      },
    ),
    "document.added": user(
      () => `Add \`test/fixtures/${PDF_NAME}\` in 'Invoice or sales receipt' and wait until it is listed.`,
      async ({ page }) => {
        await page.getByLabel(/Invoice or sales receipt/).setInputFiles(PDF);
        await shows(page.getByRole("list", { name: "Uploaded files" }).getByText(PDF_NAME));
      },
    ),
    "document.delete": deleteFile(PDF_NAME),
    "step.next": press("Next"),
    // On step 1 Back leaves the request for the welcome screen.
    "step.back": pressBack(
      (_, before) => (before.matches("customerDetails") ? "The welcome screen, with Start." : undefined),
      async ({ page }, _, before) => {
        if (before.matches("customerDetails")) await shows(page.getByRole("button", { name: "Start" }));
      },
    ),
    "customer.edit": edit("Customer Details"),
    "purchase.edit": edit("Purchase Details"),
    "documents.edit": edit("Documents"),
    "request.submit": press("Submit"),
    "request.close": backToHome(),
    "restart.ask": user(
      () => "Press **Start a new request**.",
      ({ page }) => page.getByRole("button", { name: "Start a new request" }).click(),
    ),
    "restart.cancel": user(
      () => "Press **Keep my request**.",
      ({ page }) => page.getByRole("dialog").getByRole("button", { name: "Keep my request" }).click(),
    ),
    "restart.confirm": user(
      () => "Press **Delete it and start again**: the address gets a new id.",
      async ({ page }) => {
        await page.getByRole("dialog").getByRole("button", { name: "Delete it and start again" }).click();
        await page.waitForURL((url) => url.searchParams.get("id") !== KEPT_ID);
      },
    ),
    "step.requested": system(
      (event) =>
        `In the address, change step=… to step=${event.step} and press Enter: the request opens that step if it may (what you typed is kept on this device).`,
      ({ page }, event) => changeUrlStep(page, event.step),
    ),
    "call.cancel": cancelGesture(CONTACT_NOTICES),
    ...waitGestures(contactServiceMachine),
    "xstate.done.actor.deleteDocument": callDone(() => "The portal deletes the document."),
    "xstate.error.actor.deleteDocument": callFailed(() => "Deleting the document fails."),
    "xstate.done.actor.createTicket": callDone(
      () => "The portal sends the request; the API answers with its Request Number.",
    ),
    "xstate.error.actor.createTicket": callFailed(() => "Sending the request fails."),
  },
  states: withWaitViews(contactServiceMachine, {
    routing: { transient: "Decides which step the address may show." },
    customerDetails: view(
      (snapshot) =>
        `Step 1, 'Customer Details'${customerDone(snapshot) ? ", filled in" : ctx(snapshot).customer.name ? ` with Name on invoice **${ctx(snapshot).customer.name}**` : ", Name on invoice empty"}${flaggedWords(snapshot, 1)}` +
        `${restartWords(snapshot)}.`,
      async ({ page }, snapshot) => {
        await checkStep(page, snapshot, 1, "Customer Details");
        await fieldShows(
          field(page, "Name on invoice"),
          customerDone(snapshot) ? CUSTOMER[0]![2] : (ctx(snapshot).customer.name ?? ""),
        );
      },
    ),
    purchaseDetails: view(
      (snapshot) =>
        `Step 2, 'Purchase Details'${purchaseDone(snapshot) ? ", filled in" : ""}${flaggedWords(snapshot, 2)}${restartWords(snapshot)}.`,
      ({ page }, snapshot) => checkStep(page, snapshot, 2, "Purchase Details"),
    ),
    "uploadingDocuments.editing": view(
      (snapshot) =>
        `Step 3, 'Upload Documents' with ${documents(snapshot) ? PDF_NAME : "no document"}${flagged(snapshot).includes(3) ? " and 'Please upload atleast 1 files'" : ""}${restartWords(snapshot)}.`,
      async ({ page }, snapshot) => {
        await checkStep(page, snapshot, 3, "Upload Documents");
        const listed = page.getByRole("list", { name: "Uploaded files" }).getByText(PDF_NAME);
        await (documents(snapshot) ? shows(listed) : hides(listed));
        if (flagged(snapshot).includes(3))
          await shows(page.getByText("Please upload atleast 1 files", { exact: true }));
      },
    ),
    "uploadingDocuments.deletingDocument": view("**Next** busy while the document is deleted.", ({ page }) =>
      shows(page.locator("button[aria-busy=true]", { hasText: "Next" })),
    ),
    "reviewing.ready": view(
      (snapshot) =>
        `Step 4, 'Review Details'${customerDone(snapshot) && purchaseDone(snapshot) && documents(snapshot) ? " with everything filled in" : ", with 'Missing' where something is not filled in"}${restartWords(snapshot)}.`,
      async ({ page }, snapshot) => {
        await checkStep(page, snapshot, 4, "Review Details");
        const missing = page.getByRole("main").getByText("Missing", { exact: true }).first();
        await (customerDone(snapshot) && purchaseDone(snapshot) && documents(snapshot)
          ? hides(missing)
          : shows(missing));
      },
    ),
    "reviewing.submitting": view("**Submit** busy while the request is sent.", ({ page }) =>
      shows(page.locator("button[aria-busy=true]", { hasText: "Submit" })),
    ),
    submitted: view("'Thank you for submitting your request' with its Request Number.", async ({ page }) => {
      await shows(heading(page, "Thank you for submitting your request"));
      await shows(page.getByText("Request Number"));
    }),
  }),
  calls: {
    deleteDocument: { method: "DELETE", path: /^contact_service\/documents\/[^/]+$/ },
    createTicket: { method: "POST", path: /^contact_service_ticket$/ },
  },
};

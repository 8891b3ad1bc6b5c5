/**
 * QA table of invoiceReadingMachine: 'Use my invoice or receipt' on the method screen,
 * choosing a file, reading it on the device with a progress bar, the verify form, and a search.
 * Reading is local (no request to hold), so the paths are plans for a tester; the Chromium journey
 * test/e2e/invoice-search.test.ts walks the main ones with the demo invoices.
 */
import type { Page } from "playwright-core";
import type { AnyMachineSnapshot, ErrorActorEvent } from "xstate";
import {
  invoiceReadingMachine,
  MAX_INVOICE_BYTES,
  NO_DETAILS,
  type InvoiceDetails,
  type InvoiceReadingContext,
  type InvoiceReadingEvent,
  type InvoiceReadingInput,
} from "../../machines/invoice-reading.machine.ts";
import { INVOICE_FIXTURES } from "./invoice-fixtures.ts";
import { heading, shows } from "./screen.ts";
import { system, user, view, type ModelTable, type Start } from "./table.ts";

/** The reader is a callback actor: it fails, but never finishes with a done event. */
type Event = InvoiceReadingEvent | ErrorActorEvent<unknown, "readInvoice">;

const JANE_PHOTO = INVOICE_FIXTURES.janePhoto;
const JANE: InvoiceDetails = {
  ...NO_DETAILS,
  firstName: "Jane",
  lastName: "Doe",
  invoiceNumber: "INV-100234",
  zip: "10001",
};
const NOTES = { name: "notes.txt", size: 120, type: "text/plain" };
const HUGE = { name: "huge-scan.jpg", size: MAX_INVOICE_BYTES + 1, type: "image/jpeg" };
const PHOTO = { name: JANE_PHOTO.name, size: 400_000, type: "image/jpeg" };

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as InvoiceReadingContext;

function events(snapshot: AnyMachineSnapshot): Event[] {
  if (snapshot.matches("choosing")) {
    const files = ctx(snapshot).refusal ? [PHOTO] : [PHOTO, NOTES, HUGE];
    return files.map((file) => ({ type: "file.chosen", file }));
  }
  if (snapshot.matches("reading")) {
    return [
      ...(ctx(snapshot).progress === 0 ? [{ type: "reading.progress", fraction: 0.5 } as const] : []),
      { type: "reading.done", details: JANE },
      { type: "reading.done", details: NO_DETAILS },
      { type: "reading.failed" },
      { type: "reading.cancel" },
      { type: "xstate.error.actor.readInvoice", error: new Error("The reader failed to load"), actorId: "readInvoice" },
    ];
  }
  if (snapshot.matches("verifying")) return [{ type: "details.submitted", details: JANE }, { type: "file.change" }];
  if (snapshot.matches("searching")) return [{ type: "details.edit" }, { type: "file.change" }];
  return [];
}

const starts: Array<Start<InvoiceReadingInput>> = [
  {
    name: "a new visit, on 'We need to find your warranty'",
    setup: [
      "Open http://localhost:8787/find-claim/select-search-method in a new private window.",
      "Choose **Use my invoice or receipt** and press **Search**: 'Find your plan with your invoice' opens.",
    ],
    arrange: async ({ page }) => {
      await page.goto("/find-claim/select-search-method");
      await page.getByLabel("Use my invoice or receipt").check();
      await page.getByRole("button", { name: "Search" }).click();
      await shows(heading(page, "Find your plan with your invoice"));
    },
    input: { keptDetails: null },
    events,
  },
];

const fileWords = (file: { name: string; size: number }) =>
  file === HUGE
    ? `a photo larger than ${MAX_INVOICE_BYTES / 1024 / 1024} MB`
    : file === NOTES
      ? "a text file (notes.txt)"
      : `**${file.name}** (test/fixtures/invoices/)`;

async function chooseFile(page: Page, file: { name: string; size: number; type: string }): Promise<void> {
  const input = page.getByLabel("Choose a PDF or photo");
  if (file === PHOTO) await input.setInputFiles(JANE_PHOTO.path);
  else
    await input.setInputFiles({
      name: file.name,
      mimeType: file.type,
      buffer: Buffer.alloc(file === HUGE ? MAX_INVOICE_BYTES + 1 : file.size, 32),
    });
}

const formHeading = (page: Page) => heading(page, "Check the details from your invoice");

export const invoiceReadingTable: ModelTable<Event> = {
  machine: invoiceReadingMachine,
  file: "invoice-reading",
  source: "test/model/invoice-reading.model.ts",
  starts,
  events: {
    "file.chosen": user(
      (event) => `Press **Choose a PDF or photo** and choose ${fileWords(event.file)}.`,
      ({ page }, event) => chooseFile(page, event.file),
    ),
    "reading.progress": system(
      () => "The portal reads the file on the device; the bar fills.",
      async ({ page }) => {
        await shows(page.getByRole("progressbar"));
      },
    ),
    "reading.done": system(
      (event) =>
        event.details.invoiceNumber
          ? `Reading finishes: it read Jane Doe and ${JANE.invoiceNumber}.`
          : "Reading finishes without finding a name, invoice number, email, phone or ZIP (a photo of something else).",
      async ({ page }) => {
        await shows(formHeading(page));
      },
    ),
    "reading.failed": system(
      () => "Reading fails: the file is damaged (choose test/fixtures/corrupted.jpg to see it).",
      async ({ page }) => {
        await shows(formHeading(page));
      },
    ),
    "reading.cancel": user(
      () => "Press **Cancel** while the bar fills.",
      async ({ page }) => {
        await page.getByRole("button", { name: "Cancel" }).click();
        await shows(heading(page, "Find your plan with your invoice"));
      },
    ),
    "details.submitted": user(
      () =>
        `Check First name **${JANE.firstName}**, Last name **${JANE.lastName}**, Invoice number **${JANE.invoiceNumber}**, Home ZIP code **${JANE.zip}** (type what is missing) and press **Search**.`,
      async ({ page }) => {
        await page.getByLabel("First name").fill(JANE.firstName);
        await page.getByLabel("Last name").fill(JANE.lastName);
        await page.getByLabel("Invoice number").fill(JANE.invoiceNumber);
        await page.getByLabel("Home ZIP code").fill(JANE.zip);
        await page.getByRole("button", { name: "Search", exact: true }).click();
      },
    ),
    "details.edit": user(
      () => "Press the browser's **Back** button on 'Select your Plan'.",
      async ({ page }) => {
        await page.goBack();
        await shows(formHeading(page));
      },
    ),
    "file.change": user(
      () => "Press **Use a different file**.",
      async ({ page }) => {
        await page.getByRole("button", { name: "Use a different file" }).click();
        await shows(heading(page, "Find your plan with your invoice"));
      },
    ),
    "xstate.error.actor.readInvoice": system(
      () => "The reader cannot start (its scripts failed to load on a bad network).",
      async ({ page }) => {
        await shows(formHeading(page));
      },
    ),
  },
  states: {
    choosing: view(
      (snapshot) => {
        const { refusal } = ctx(snapshot);
        if (refusal === "unsupported")
          return "'Find your plan with your invoice' with the alert: This file can't be read. Choose a PDF or a photo (JPEG, PNG or HEIC).";
        if (refusal === "tooLarge")
          return `'Find your plan with your invoice' with the alert: This file is larger than ${MAX_INVOICE_BYTES / 1024 / 1024} MB.`;
        return "'Find your plan with your invoice': Choose a PDF or photo, and Scan it with the camera.";
      },
      async ({ page }, snapshot) => {
        await shows(heading(page, "Find your plan with your invoice"));
        const { refusal } = ctx(snapshot);
        if (refusal)
          await shows(
            page.getByRole("alert").filter({ hasText: refusal === "tooLarge" ? "is larger than" : "can't be read" }),
          );
      },
    ),
    reading: view("'Reading your invoice' with a progress bar, the file's name and Cancel.", async ({ page }) => {
      await shows(heading(page, "Reading your invoice"));
      await shows(page.getByRole("progressbar"));
    }),
    verifying: view(
      (snapshot) => {
        const { outcome } = ctx(snapshot);
        if (outcome === "read") return "'Check the details from your invoice', the form prefilled with what was read.";
        return "'Check the details from your invoice', the form empty, with a line asking to type the details from the invoice.";
      },
      async ({ page }, snapshot) => {
        await shows(formHeading(page));
        const { details } = ctx(snapshot);
        if (details.invoiceNumber)
          await shows(page.getByLabel("Invoice number").and(page.locator(`[value="${details.invoiceNumber}"]`)));
      },
    ),
    searching: view(
      "'Loading your plans…', then 'Select your Plan' (or 'We could not locate your warranty'): planSearch has the search.",
      async ({ page }) => {
        await shows(heading(page, /Select your Plan|We could not locate your warranty/));
      },
    ),
  },
};

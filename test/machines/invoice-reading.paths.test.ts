/**
 * Generated paths of invoiceReadingMachine: choosing (readable, unreadable, too large),
 * reading with progress, read / nothing read / failed / Cancel, the verify form, a search, coming
 * back, another file, and a reload with kept details; the reader stubbed, replayed on real actors.
 */
import { describe } from "vitest";
import type { ErrorActorEvent } from "xstate";
import {
  invoiceReadingMachine,
  MAX_INVOICE_BYTES,
  NO_DETAILS,
  type InvoiceDetails,
  type InvoiceFile,
  type InvoiceReadingEvent,
  type InvoiceReadingInput,
} from "../../machines/invoice-reading.machine.ts";
import { failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { describePathSuite } from "./support/path-suite.ts";

type PathEvent = InvoiceReadingEvent | ErrorActorEvent<unknown, "readInvoice">;

const JANE: InvoiceDetails = {
  firstName: "Jane",
  lastName: "Doe",
  invoiceNumber: "INV-100234",
  email: "",
  phone: "",
  zip: "10001",
};
const photo: InvoiceFile = { name: "receipt.jpg", size: 2_000_000, type: "image/jpeg" };

const fixtures = {
  "file.chosen": [
    { type: "file.chosen", file: photo },
    { type: "file.chosen", file: { name: "notes.txt", size: 10, type: "text/plain" } },
    { type: "file.chosen", file: { ...photo, size: MAX_INVOICE_BYTES + 1 } },
  ],
  "reading.progress": [{ type: "reading.progress", fraction: 0.5 }],
  "reading.done": [
    { type: "reading.done", details: JANE },
    { type: "reading.done", details: NO_DETAILS },
  ],
  "reading.failed": [{ type: "reading.failed" }],
  "reading.cancel": [{ type: "reading.cancel" }],
  "details.submitted": [{ type: "details.submitted", details: JANE }],
  "details.edit": [{ type: "details.edit" }],
  "file.change": [{ type: "file.change" }],
  "xstate.error.actor.readInvoice": [failed("readInvoice", new Error("pdf.js failed to load"))],
} as const satisfies FixturesFor<PathEvent>;

// Progress only changes a number, and a refusal only a flag: once each is enough.
const filterEvents: Scenario<PathEvent, InvoiceReadingInput>["filterEvents"] = (snapshot, event) => {
  const context = snapshot.context as { progress: number; refusal: string | null };
  if (event.type === "reading.progress") return context.progress === 0;
  if (event.type === "file.chosen" && context.refusal !== null) return event.file === photo;
  return true;
};

const scenarios: Array<Scenario<PathEvent, InvoiceReadingInput>> = [
  { name: "a first visit", input: { keptDetails: null }, fixtures, filterEvents },
  { name: "a reload of the verify form", input: { keptDetails: JANE }, fixtures, filterEvents },
];

describe("invoiceReading generated paths", () => {
  describePathSuite({
    machine: invoiceReadingMachine,
    build: (gate) =>
      invoiceReadingMachine.provide({
        actors: { readInvoice: gate.callback<InvoiceReadingEvent, { file: InvoiceFile }>("readInvoice") },
      }),
    scenarios,
    states: ["choosing", "reading", "verifying", "searching"],
    transientStates: [],
    sentBy: { "reading.progress": "readInvoice", "reading.done": "readInvoice", "reading.failed": "readInvoice" },
  });
});

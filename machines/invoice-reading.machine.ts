/**
 * invoiceReadingMachine: finding a plan from the invoice or receipt (SPEC.md section 2
 * names the routes scan-upload-invoice, upload-invoice and upload-invoice/verify-info and a plan
 * search "by invoice upload"). The consumer chooses a PDF or a photo, the device reads it with a
 * progress bar, the verify form opens prefilled with what was read, and Search hands the checked
 * details to planSearch as a personal-information search by invoice (or email or phone), so the
 * try counter counts it like any other search.
 *
 * Honest failure: a file that cannot be read, or from which nothing useful was read, still opens
 * the verify form, empty, with a friendly line (`outcome`); never an error page.
 *
 * Injected: actor `readInvoice` (a callback: sends back `reading.progress`, then `reading.done` or
 * `reading.failed`; it stops reading when stopped), actions `startSearch` (the checked query, to planSearch) and
 * `keepDetails` / `forgetDetails` (what the verify form holds, kept for a reload).
 */
import { assign, fromCallback, setup } from "xstate";
import type { PlanQuery } from "./domain.ts";

/** What the verify form holds: strings, "" when unknown; phone as typed or masked, ZIP as typed. */
export interface InvoiceDetails {
  firstName: string;
  lastName: string;
  invoiceNumber: string;
  email: string;
  phone: string;
  zip: string;
}

/** The chosen file as the machine sees it: name, size in bytes and MIME type (a File in the app). */
export interface InvoiceFile {
  name: string;
  size: number;
  type: string;
}

/** Types the device can read: text-layer or scanned PDFs, and photos (HEIC is converted first). */
const READABLE_INVOICE_TYPES = [
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/heic",
  "image/heif",
] as const;

/** Largest file read, in bytes: a 10 MB phone photo fits with room; nothing is uploaded. */
export const MAX_INVOICE_BYTES = 25 * 1024 * 1024;

/** Why a chosen file is not read. */
export type InvoiceRefusal = "unsupported" | "tooLarge";

/** How the last reading went: details read, a readable file with nothing useful in it, or a failure. */
export type ReadingOutcome = "read" | "nothingRead" | "failed";

export const NO_DETAILS: InvoiceDetails = {
  firstName: "",
  lastName: "",
  invoiceNumber: "",
  email: "",
  phone: "",
  zip: "",
};

export interface InvoiceReadingContext {
  file: InvoiceFile | null;
  /** 0..1 while reading. */
  progress: number;
  details: InvoiceDetails;
  outcome: ReadingOutcome | null;
  refusal: InvoiceRefusal | null;
}

export type InvoiceReadingEvent =
  | { type: "file.chosen"; file: InvoiceFile }
  | { type: "reading.progress"; fraction: number }
  | { type: "reading.done"; details: InvoiceDetails }
  /** Reading broke (a damaged file, the reader failing to load): the form opens empty. */
  | { type: "reading.failed" }
  | { type: "reading.cancel" }
  /** Search on the verify form, with the details as checked. */
  | { type: "details.submitted"; details: InvoiceDetails }
  /** Back on the verify form after a search (Try Again, Back): the form again, as it was sent. */
  | { type: "details.edit" }
  /** 'Use a different file': back to choosing, the form forgotten. */
  | { type: "file.change" };

export interface InvoiceReadingInput {
  /** What the verify form held before a reload, else null. */
  keptDetails: InvoiceDetails | null;
}

/** True when a file may be read: a readable type (by MIME type, or by extension when the browser gives none). */
export function isReadableInvoice(file: InvoiceFile): boolean {
  const type = file.type.toLowerCase() || typeByExtension(file.name);
  return (READABLE_INVOICE_TYPES as readonly string[]).includes(type);
}

function typeByExtension(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    pdf: "application/pdf",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    webp: "image/webp",
    heic: "image/heic",
    heif: "image/heif",
  };
  return extension ? (types[extension] ?? "") : "";
}

/** True when at least one detail was read. */
export function hasAnyDetail(details: InvoiceDetails): boolean {
  return Object.values(details).some((value) => value.trim() !== "");
}

/**
 * The plan search the verify form sends: a personal-information search (SPEC.md section 5) by the
 * invoice number when there is one, else by email, else by phone; the ZIP only when typed.
 */
export function invoiceQuery(details: InvoiceDetails): PlanQuery {
  const by = details.invoiceNumber.trim() ? "invoice" : details.email.trim() ? "email" : "phone";
  const value =
    by === "invoice" ? details.invoiceNumber.trim() : by === "email" ? details.email.trim() : details.phone.trim();
  return {
    by,
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    zip: details.zip.trim(),
    [by]: value,
  };
}

export const invoiceReadingMachine = setup({
  types: {
    context: {} as InvoiceReadingContext,
    events: {} as InvoiceReadingEvent,
    input: {} as InvoiceReadingInput,
  },
  actors: {
    readInvoice: fromCallback<InvoiceReadingEvent, { file: InvoiceFile }>(() => {
      throw new Error("Actor 'readInvoice' was not provided");
    }),
  },
  actions: {
    startSearch: (_, _params: { query: PlanQuery }) => {},
    keepDetails: (_, _params: { details: InvoiceDetails }) => {},
    forgetDetails: () => {},
    takeFile: assign((_, params: { file: InvoiceFile }) => ({
      file: params.file,
      progress: 0,
      refusal: null,
      outcome: null,
      details: NO_DETAILS,
    })),
    refuse: assign((_, params: { refusal: InvoiceRefusal }) => ({ refusal: params.refusal })),
    setProgress: assign((_, params: { fraction: number }) => ({ progress: Math.min(1, Math.max(0, params.fraction)) })),
    storeReading: assign((_, params: { details: InvoiceDetails }) => ({
      details: params.details,
      progress: 1,
      outcome: hasAnyDetail(params.details) ? ("read" as const) : ("nothingRead" as const),
    })),
    storeFailure: assign({ details: NO_DETAILS, outcome: "failed" as const }),
    storeDetails: assign((_, params: { details: InvoiceDetails }) => ({ details: params.details })),
    clear: assign({ file: null, progress: 0, details: NO_DETAILS, outcome: null, refusal: null }),
  },
  guards: {
    // Only kept details (a reload) give a fresh actor an outcome.
    wasKept: ({ context }) => context.outcome !== null,
    isUnreadable: (_, params: { file: InvoiceFile }) => !isReadableInvoice(params.file),
    isTooLarge: (_, params: { file: InvoiceFile }) => params.file.size > MAX_INVOICE_BYTES,
  },
}).createMachine({
  id: "invoiceReading",
  context: ({ input }) => ({
    file: null,
    progress: 0,
    details: input.keptDetails ?? NO_DETAILS,
    outcome: input.keptDetails ? (hasAnyDetail(input.keptDetails) ? "read" : "nothingRead") : null,
    refusal: null,
  }),
  initial: "choosing",
  states: {
    // upload-invoice (or scan-upload-invoice, the camera): choose a PDF or a photo.
    choosing: {
      // A reload of the verify form opens it again with what it held (leaving clears it first).
      always: { guard: "wasKept", target: "verifying" },
      on: {
        "file.chosen": [
          {
            guard: { type: "isUnreadable", params: ({ event }) => ({ file: event.file }) },
            actions: { type: "refuse", params: { refusal: "unsupported" } },
          },
          {
            guard: { type: "isTooLarge", params: ({ event }) => ({ file: event.file }) },
            actions: { type: "refuse", params: { refusal: "tooLarge" } },
          },
          { target: "reading", actions: { type: "takeFile", params: ({ event }) => ({ file: event.file }) } },
        ],
      },
    },
    // On the device, with a progress bar and Cancel: the text layer of a PDF, else OCR.
    reading: {
      invoke: {
        id: "readInvoice",
        src: "readInvoice",
        input: ({ context }) => ({ file: context.file! }),
        // Reading that breaks still opens the form, empty: the consumer types the details.
        onError: {
          target: "verifying",
          actions: ["storeFailure", { type: "keepDetails", params: { details: NO_DETAILS } }],
        },
      },
      on: {
        "reading.progress": { actions: { type: "setProgress", params: ({ event }) => ({ fraction: event.fraction }) } },
        "reading.done": {
          target: "verifying",
          actions: [
            { type: "storeReading", params: ({ event }) => ({ details: event.details }) },
            { type: "keepDetails", params: ({ event }) => ({ details: event.details }) },
          ],
        },
        "reading.failed": {
          target: "verifying",
          actions: ["storeFailure", { type: "keepDetails", params: { details: NO_DETAILS } }],
        },
        "reading.cancel": { target: "choosing", actions: "clear" },
      },
    },
    // upload-invoice/verify-info: the form prefilled with what was read, to correct and complete.
    verifying: {
      on: {
        "details.submitted": {
          target: "searching",
          actions: [
            { type: "storeDetails", params: ({ event }) => ({ details: event.details }) },
            { type: "keepDetails", params: ({ event }) => ({ details: event.details }) },
            { type: "startSearch", params: ({ event }) => ({ query: invoiceQuery(event.details) }) },
          ],
        },
        "file.change": { target: "choosing", actions: ["clear", "forgetDetails"] },
      },
    },
    // The search is planSearch's from here (select-plan, or no-warranty-found); this machine waits
    // for the consumer to come back to the form.
    searching: {
      on: {
        "details.edit": "verifying",
        "file.change": { target: "choosing", actions: ["clear", "forgetDetails"] },
      },
    },
  },
});

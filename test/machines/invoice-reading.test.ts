/**
 * invoiceReadingMachine: which files are read, the query the verify form sends, and
 * behaviour on a real actor with a stubbed reader: progress, what was read, nothing read, a
 * failure, Cancel, a search handed to planSearch, coming back to the form, and a reload.
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback } from "xstate";
import {
  hasAnyDetail,
  invoiceQuery,
  invoiceReadingMachine,
  isReadableInvoice,
  MAX_INVOICE_BYTES,
  NO_DETAILS,
  type InvoiceDetails,
  type InvoiceFile,
  type InvoiceReadingEvent,
} from "../../machines/invoice-reading.machine.ts";

const JANE: InvoiceDetails = {
  firstName: "Jane",
  lastName: "Doe",
  invoiceNumber: "INV-100234",
  email: "jane.doe@example.com",
  phone: "(212) 555-0134",
  zip: "10001",
};
const photo: InvoiceFile = { name: "receipt.jpg", size: 2_000_000, type: "image/jpeg" };

describe("invoiceReading helpers", () => {
  it("reads PDFs and photos, by type or by extension, and nothing else", () => {
    expect(isReadableInvoice(photo)).toBe(true);
    expect(isReadableInvoice({ name: "invoice.pdf", size: 1, type: "application/pdf" })).toBe(true);
    expect(isReadableInvoice({ name: "IMG_0001.HEIC", size: 1, type: "" })).toBe(true);
    expect(isReadableInvoice({ name: "notes.txt", size: 1, type: "text/plain" })).toBe(false);
    expect(isReadableInvoice({ name: "invoice.docx", size: 1, type: "" })).toBe(false);
  });

  it("searches by invoice number first, then email, then phone, with the names and ZIP", () => {
    expect(invoiceQuery(JANE)).toEqual({
      by: "invoice",
      firstName: "Jane",
      lastName: "Doe",
      zip: "10001",
      invoice: "INV-100234",
    });
    expect(invoiceQuery({ ...JANE, invoiceNumber: " " })).toEqual({
      by: "email",
      firstName: "Jane",
      lastName: "Doe",
      zip: "10001",
      email: "jane.doe@example.com",
    });
    expect(invoiceQuery({ ...JANE, invoiceNumber: "", email: "", zip: "" })).toEqual({
      by: "phone",
      firstName: "Jane",
      lastName: "Doe",
      zip: "",
      phone: "(212) 555-0134",
    });
  });

  it("reads a file the browser gives no type by its last extension, in any case", () => {
    const untyped = (name: string): InvoiceFile => ({ name, size: 1, type: "" });
    for (const name of [
      "invoice.pdf",
      "receipt.jpg",
      "receipt.JPEG",
      "receipt.png",
      "receipt.webp",
      "IMG_0001.HEIC",
      "IMG_0002.heif",
    ]) {
      expect(isReadableInvoice(untyped(name)), name).toBe(true);
    }
    // Only the last extension counts, and a name without one is not read.
    expect(isReadableInvoice(untyped("invoice.pdf.exe"))).toBe(false);
    expect(isReadableInvoice(untyped("invoice"))).toBe(false);
  });

  it("searches by what was typed, not by blanks: spaces around a detail are dropped, a blank email falls through to the phone", () => {
    expect(
      invoiceQuery({
        ...JANE,
        firstName: " Jane ",
        lastName: " Doe\t",
        zip: " 10001 ",
        invoiceNumber: "  INV-100234 ",
      }),
    ).toEqual({
      by: "invoice",
      firstName: "Jane",
      lastName: "Doe",
      zip: "10001",
      invoice: "INV-100234",
    });
    expect(invoiceQuery({ ...JANE, invoiceNumber: "", email: " jane.doe@example.com " })).toMatchObject({
      by: "email",
      email: "jane.doe@example.com",
    });
    expect(invoiceQuery({ ...JANE, invoiceNumber: "", email: "   ", phone: " (212) 555-0134 " })).toEqual({
      by: "phone",
      firstName: "Jane",
      lastName: "Doe",
      zip: "10001",
      phone: "(212) 555-0134",
    });
  });

  it("hasAnyDetail: false only when every detail is blank", () => {
    expect(hasAnyDetail(NO_DETAILS)).toBe(false);
    expect(hasAnyDetail({ ...NO_DETAILS, zip: " " })).toBe(false);
    expect(hasAnyDetail({ ...NO_DETAILS, zip: "10001" })).toBe(true);
  });
});

/** A reader the test drives: `send` sends back as the real one would; `stopped` counts Cancel. */
function harness(keptDetails: InvoiceDetails | null = null) {
  let sendBack: ((event: InvoiceReadingEvent) => void) | null = null;
  const reader = { started: [] as InvoiceFile[], stopped: 0 };
  const startSearch = vi.fn();
  const keepDetails = vi.fn();
  const forgetDetails = vi.fn();
  const logic = invoiceReadingMachine.provide({
    actors: {
      readInvoice: fromCallback<InvoiceReadingEvent, { file: InvoiceFile }>(({ input, sendBack: send }) => {
        reader.started.push(input.file);
        sendBack = send;
        return () => {
          reader.stopped += 1;
        };
      }),
    },
    actions: {
      startSearch: (_, params) => startSearch(params.query),
      keepDetails: (_, params) => keepDetails(params.details),
      forgetDetails,
    },
  });
  const actor = createActor(logic, { input: { keptDetails } }).start();
  return {
    actor,
    reader,
    startSearch,
    keepDetails,
    forgetDetails,
    read: (event: InvoiceReadingEvent) => sendBack!(event),
  };
}

describe("invoiceReading on a real actor", () => {
  it("reads a chosen photo with progress, then opens the form prefilled and kept", () => {
    const { actor, reader, read, keepDetails } = harness();
    expect(actor.getSnapshot().value).toBe("choosing");
    actor.send({ type: "file.chosen", file: photo });
    expect(actor.getSnapshot().value).toBe("reading");
    expect(reader.started).toEqual([photo]);
    read({ type: "reading.progress", fraction: 0.4 });
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    read({ type: "reading.done", details: JANE });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe("verifying");
    expect(context.details).toEqual(JANE);
    expect(context.outcome).toBe("read");
    expect(keepDetails).toHaveBeenCalledWith(JANE);
  });

  it("refuses an unreadable or too large file and stays on the choice, then reads the next one", () => {
    const { actor, reader } = harness();
    actor.send({ type: "file.chosen", file: { name: "notes.txt", size: 10, type: "text/plain" } });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.refusal).toBe("unsupported");
    actor.send({ type: "file.chosen", file: { ...photo, size: MAX_INVOICE_BYTES + 1 } });
    expect(actor.getSnapshot().context.refusal).toBe("tooLarge");
    // The limit itself is read, and so is a 10 MB phone photo.
    actor.send({ type: "file.chosen", file: { ...photo, size: MAX_INVOICE_BYTES } });
    expect(actor.getSnapshot().value).toBe("reading");
    expect(actor.getSnapshot().context.refusal).toBeNull();
    actor.send({ type: "reading.cancel" });
    actor.send({ type: "file.chosen", file: { ...photo, size: 10 * 1024 * 1024 } });
    expect(actor.getSnapshot().value).toBe("reading");
    expect(actor.getSnapshot().context.refusal).toBeNull();
    expect(reader.started).toHaveLength(2);
  });

  it("opens the form empty when nothing useful was read, or reading failed", () => {
    const nothing = harness();
    nothing.actor.send({ type: "file.chosen", file: photo });
    nothing.read({ type: "reading.done", details: NO_DETAILS });
    expect(nothing.actor.getSnapshot().value).toBe("verifying");
    expect(nothing.actor.getSnapshot().context.outcome).toBe("nothingRead");

    const broken = harness();
    broken.actor.send({ type: "file.chosen", file: photo });
    broken.read({ type: "reading.progress", fraction: 0.7 });
    broken.read({ type: "reading.failed" });
    expect(broken.actor.getSnapshot().value).toBe("verifying");
    expect(broken.actor.getSnapshot().context).toMatchObject({ outcome: "failed", details: NO_DETAILS });
  });

  it("Cancel stops the reader and goes back to the choice", () => {
    const { actor, reader } = harness();
    actor.send({ type: "file.chosen", file: photo });
    actor.send({ type: "reading.cancel" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(reader.stopped).toBe(1);
  });

  it("Search hands the checked details to planSearch; coming back opens the form as sent", () => {
    const { actor, read, startSearch, keepDetails } = harness();
    actor.send({ type: "file.chosen", file: photo });
    read({ type: "reading.done", details: { ...JANE, invoiceNumber: "INV-1OO234" } });
    actor.send({ type: "details.submitted", details: JANE });
    expect(actor.getSnapshot().value).toBe("searching");
    expect(startSearch).toHaveBeenCalledExactlyOnceWith({
      by: "invoice",
      firstName: "Jane",
      lastName: "Doe",
      zip: "10001",
      invoice: "INV-100234",
    });
    expect(keepDetails).toHaveBeenLastCalledWith(JANE);
    actor.send({ type: "details.edit" });
    expect(actor.getSnapshot().value).toBe("verifying");
    expect(actor.getSnapshot().context.details).toEqual(JANE);
  });

  it("'Use a different file' forgets the form", () => {
    const { actor, read, forgetDetails } = harness();
    actor.send({ type: "file.chosen", file: photo });
    read({ type: "reading.done", details: JANE });
    actor.send({ type: "file.change" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.details).toEqual(NO_DETAILS);
    expect(forgetDetails).toHaveBeenCalledOnce();
  });

  it("a reader that cannot start still opens the form, empty, as a failed reading", () => {
    // The machine as shipped, with no reader provided: the honest-failure path, never a stuck bar.
    const actor = createActor(invoiceReadingMachine, { input: { keptDetails: null } }).start();
    actor.send({ type: "file.chosen", file: photo });
    expect(actor.getSnapshot().value).toBe("verifying");
    expect(actor.getSnapshot().context).toMatchObject({ outcome: "failed", details: NO_DETAILS });
  });

  it("after a reload, a kept empty form opens again as 'nothing read'", () => {
    const { actor } = harness(NO_DETAILS);
    expect(actor.getSnapshot().value).toBe("verifying");
    expect(actor.getSnapshot().context).toMatchObject({ details: NO_DETAILS, outcome: "nothingRead" });
  });

  it("after a reload, kept details open the form again", () => {
    const { actor } = harness(JANE);
    expect(actor.getSnapshot().value).toBe("verifying");
    expect(actor.getSnapshot().context).toMatchObject({ details: JANE, outcome: "read" });
  });
});

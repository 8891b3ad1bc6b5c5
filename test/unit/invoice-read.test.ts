/**
 * readInvoice's refusals (src/invoice/read-invoice.ts), decided before pdf.js or
 * tesseract.js load: a file that is neither a PDF nor an image, and an aborted read. The readings
 * themselves are checked on the fixtures (invoice-fixtures.test.ts) and in Chromium (the journey).
 */
import { describe, expect, it } from "vitest";
import { readInvoice, UnsupportedInvoiceError } from "../../src/invoice/read-invoice.ts";

describe("readInvoice", () => {
  it("refuses a file that is neither a PDF nor an image, by its bytes", async () => {
    const text = new Blob(["Invoice #: INV-100234"], { type: "text/plain" });
    await expect(readInvoice(text)).rejects.toBeInstanceOf(UnsupportedInvoiceError);
    // Named .pdf but not one: still refused.
    await expect(readInvoice(new File(["hello"], "invoice.pdf", { type: "application/pdf" }))).rejects.toMatchObject({
      reason: "unsupported",
    });
  });

  it("rejects with the signal's AbortError when aborted, and reports no progress", async () => {
    const controller = new AbortController();
    controller.abort();
    const progress: number[] = [];
    const pdf = new Blob(["%PDF-1.7\n"], { type: "application/pdf" });
    await expect(
      readInvoice(pdf, { signal: controller.signal, onProgress: (f) => progress.push(f) }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(progress).toEqual([]);
  });
});

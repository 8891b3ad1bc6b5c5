/**
 * Reads a chosen invoice or receipt on the device ("Find my plan from my receipt"): a
 * PDF through its text layer (or OCR when it is a scan), a photo through OCR, then the customer's
 * fields through extract-fields.ts. The file never leaves the browser. This is the one entry the
 * invoiceReading machine's actor calls (src/screens/invoice/invoice-reading-actor.ts); it is
 * imported dynamically, so pdf.js and tesseract.js load only when a file is chosen.
 */
import { sniffKind } from "../lib/photo-bytes.ts";
import { EMPTY_INVOICE_FIELDS, extractInvoiceFields, type InvoiceFields } from "./extract-fields.ts";

/** How the text was read: a PDF's own text layer, or OCR of a photo or a scanned page. */
type InvoiceSource = "pdf-text" | "ocr";

export interface InvoiceReading {
  fields: InvoiceFields;
  source: InvoiceSource;
}

export interface ReadInvoiceOptions {
  /** 0..1, increasing; 1 just before the promise resolves. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/** The file is neither a PDF nor an image the browser can decode (by its bytes, not its name). */
export class UnsupportedInvoiceError extends Error {
  readonly reason = "unsupported";
  constructor(readonly type: string) {
    super(`Not a PDF or an image: ${type || "unknown type"}`);
    this.name = "UnsupportedInvoiceError";
  }
}

/**
 * Reads an invoice PDF or photo (JPEG, PNG, HEIC, WebP...).
 * @returns the fields read ("" for each one not found) and how; a file with nothing readable
 *   resolves with empty fields
 * @throws UnsupportedInvoiceError for a file that is neither a PDF nor an image;
 *   the signal's reason (a DOMException named "AbortError") when aborted
 */
export async function readInvoice(
  file: Blob,
  { onProgress, signal }: ReadInvoiceOptions = {},
): Promise<InvoiceReading> {
  signal?.throwIfAborted();
  const kind = sniffKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  const isImage =
    kind === "jpeg" || kind === "png" || kind === "heic" || (kind === "unknown" && file.type.startsWith("image/"));
  if (kind !== "pdf" && !isImage) throw new UnsupportedInvoiceError(file.type);
  onProgress?.(0);
  let reading: { text: string; source: InvoiceSource };
  try {
    if (kind === "pdf") {
      const { readPdf } = await import("./read-pdf.ts");
      reading = await readPdf(file, { onProgress, signal });
    } else {
      const { ocrImage } = await import("./ocr.ts");
      reading = { text: await ocrImage(file, { onProgress, signal }), source: "ocr" };
    }
  } catch (error) {
    signal?.throwIfAborted();
    // A worker that failed to start, a file that changed under us: nothing read, the form opens empty.
    console.warn("Reading the invoice failed", error);
    reading = { text: "", source: kind === "pdf" ? "pdf-text" : "ocr" };
  }
  signal?.throwIfAborted();
  onProgress?.(1);
  return {
    fields: reading.text ? extractInvoiceFields(reading.text) : { ...EMPTY_INVOICE_FIELDS },
    source: reading.source,
  };
}

/**
 * The text of a PDF's first pages with pdf.js, laid out in columns (text-layout.ts). The pdf.js
 * module is passed in: the portal gives the browser build with its bundled worker (read-pdf.ts),
 * the tests and the benchmark give the legacy build that runs in Node.
 */
import type { PDFDocumentProxy, getDocument } from "pdfjs-dist";
import { layoutRuns, type TextRun } from "./text-layout.ts";

/** The customer block is on page 1 or 2: reading more only costs time on a 20-page PDF. */
const MAX_PDF_PAGES = 2;

/** The part of pdf.js used here. */
export interface PdfJs {
  getDocument: typeof getDocument;
}

/** Text of pages 1..MAX_PDF_PAGES, pages separated by a blank line; "" when there is no text layer. */
export async function pdfDocumentText(pdf: PDFDocumentProxy, signal?: AbortSignal): Promise<string> {
  const pages: string[] = [];
  for (let number = 1; number <= Math.min(pdf.numPages, MAX_PDF_PAGES); number++) {
    signal?.throwIfAborted();
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const runs: TextRun[] = [];
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const [a = 0, b = 0, , , x = 0, y = 0] = item.transform as number[];
      runs.push({ text: item.str, x, y, width: item.width, size: Math.hypot(a, b) || item.height });
    }
    pages.push(layoutRuns(runs));
    page.cleanup();
  }
  return pages.join("\n\n");
}

/** Whether a text layer holds enough to read: a scanned PDF has none, or a few stray characters. */
export function hasTextLayer(text: string): boolean {
  return text.replace(/\s/g, "").length >= 20;
}

/**
 * Opens a PDF from its bytes. pdf.js takes ownership of `data` (it is transferred to its worker).
 * @throws pdf.js errors for a damaged or password-protected PDF
 */
export async function openPdf(
  pdfjs: PdfJs,
  data: Uint8Array,
  options: { wasmUrl?: string } = {},
): Promise<PDFDocumentProxy> {
  return pdfjs.getDocument({ data, stopAtErrors: false, ...options }).promise;
}

/**
 * A PDF invoice's text in the browser: its text layer through pdf.js, whose worker is
 * bundled by Vite (`?url`) and runs off the main thread; only the first MAX_PDF_PAGES pages are
 * read, so a 20-page PDF costs no more than a 2-page one. A scanned PDF (no text layer) has its
 * first page drawn to a canvas and read by OCR.
 */
import * as pdfjs from "pdfjs-dist";
import pdfWorkerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { hasTextLayer, openPdf, pdfDocumentText } from "./pdf-text.ts";
import { ocrImage, OCR_MAX_SIDE, type OcrOptions } from "./ocr.ts";

pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

/** What a PDF says, and how it was read. */
export interface PdfReading {
  text: string;
  source: "pdf-text" | "ocr";
}

/**
 * Reads a PDF's text, by OCR of page 1 when it has no text layer.
 * @returns text "" when the PDF cannot be opened (damaged, encrypted)
 * @throws the signal's reason when aborted
 */
export async function readPdf(file: Blob, { onProgress, signal }: OcrOptions = {}): Promise<PdfReading> {
  signal?.throwIfAborted();
  let pdf: pdfjs.PDFDocumentProxy;
  try {
    pdf = await openPdf(pdfjs, new Uint8Array(await file.arrayBuffer()));
  } catch {
    signal?.throwIfAborted();
    return { text: "", source: "pdf-text" };
  }
  const stop = () => void pdf.loadingTask.destroy();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    const text = await pdfDocumentText(pdf, signal).catch((error: unknown) => {
      signal?.throwIfAborted();
      throw error;
    });
    onProgress?.(0.2);
    if (hasTextLayer(text)) return { text, source: "pdf-text" };
    const page = await drawFirstPage(pdf);
    signal?.throwIfAborted();
    const ocr = page ? await ocrImage(page, { signal, onProgress: (f) => onProgress?.(0.2 + 0.8 * f) }) : "";
    return { text: ocr, source: "ocr" };
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { text: "", source: "pdf-text" };
  } finally {
    signal?.removeEventListener("abort", stop);
    void pdf.loadingTask.destroy();
  }
}

/** Page 1 as a PNG, at most OCR_MAX_SIDE pixels on its longest side; undefined when it cannot be drawn. */
async function drawFirstPage(pdf: pdfjs.PDFDocumentProxy): Promise<Blob | undefined> {
  const page = await pdf.getPage(1);
  const unit = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: Math.min(4, OCR_MAX_SIDE / Math.max(unit.width, unit.height)) });
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvas, viewport, background: "#fff" }).promise;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  canvas.width = canvas.height = 0;
  page.cleanup();
  return blob ?? undefined;
}

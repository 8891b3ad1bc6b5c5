/**
 * Reads the fixture invoices in Node the way the portal reads them in the browser:
 * PDFs through pdf.js's legacy build and the same layout (src/invoice/pdf-text.ts), photos and
 * scanned pages through tesseract.js with the English and Spanish trained data from node_modules
 * (no network). Used by test/unit/invoice-fixtures.test.ts and scripts/bench/ocr.ts.
 */
import { mkdtemp, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { createWorker, OEM } from "tesseract.js";
import { OCR_DATA_SET, OCR_LANGUAGES } from "../src/invoice/ocr-files.ts";
import { hasTextLayer, openPdf, pdfDocumentText, type PdfJs } from "../src/invoice/pdf-text.ts";

const require = createRequire(import.meta.url);

/** One tesseract.js worker, loaded once, for every image read. */
export interface NodeOcr {
  /** Text of an image file's bytes (JPEG or PNG). */
  read(image: Uint8Array): Promise<string>;
  terminate(): Promise<void>;
}

/** A tesseract.js worker with eng+spa from node_modules (the same best_int data the portal serves). */
export async function createNodeOcr(): Promise<NodeOcr> {
  // tesseract.js reads every language from one folder: links to each package's file.
  const langPath = await mkdtemp(join(tmpdir(), "ocr-lang-"));
  for (const lang of OCR_LANGUAGES) {
    await symlink(
      require.resolve(`@tesseract.js-data/${lang}/${OCR_DATA_SET}/${lang}.traineddata.gz`),
      join(langPath, `${lang}.traineddata.gz`),
    );
  }
  const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, { langPath, cacheMethod: "none" });
  return {
    read: async (image) => (await worker.recognize(Buffer.from(image))).data.text ?? "",
    terminate: async () => {
      await worker.terminate();
      await rm(langPath, { recursive: true, force: true });
    },
  };
}

/** A PDF's text: its text layer, or OCR of page 1 drawn at about 2400 px when it has none. */
export async function nodePdfText(
  data: Uint8Array,
  ocr?: NodeOcr,
): Promise<{ text: string; source: "pdf-text" | "ocr" }> {
  const pdf = await openPdf(pdfjs as unknown as PdfJs, new Uint8Array(data));
  try {
    const text = await pdfDocumentText(pdf);
    if (hasTextLayer(text) || !ocr) return { text, source: "pdf-text" };
    const page = await pdf.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: 2400 / Math.max(unit.width, unit.height) });
    // pdf.js's own optional canvas for Node; without it (another platform) a scan reads as nothing.
    const canvasModule = await import("@napi-rs/canvas").catch(() => undefined);
    if (!canvasModule) return { text: "", source: "ocr" };
    const { createCanvas } = canvasModule;
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: "#fff" }).promise;
    return { text: await ocr.read(canvas.toBuffer("image/png")), source: "ocr" };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

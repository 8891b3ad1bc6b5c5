/**
 * OCR time of a receipt photo: Jane Doe's phone-style invoice photo
 * (test/fixtures/invoices/jane-doe-invoice.jpg, 1300x1625) read by tesseract.js in Node with the
 * portal's English and Spanish data, as scripts/invoice-node-reader.ts reads it. The worker is
 * loaded once (its time printed apart), then the photo is recognized RUNS times: the median is the
 * figure. Node runs the same WebAssembly core as the browser; a phone is slower.
 * Run alone: npm exec -- tsx scripts/bench/ocr.ts
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { extractInvoiceFields } from "../../src/invoice/extract-fields.ts";
import { createNodeOcr } from "../invoice-node-reader.ts";

const PHOTO = fileURLToPath(new URL("../../test/fixtures/invoices/jane-doe-invoice.jpg", import.meta.url));
const RUNS = 5;

/** What the benchmark measured, in milliseconds. */
export interface OcrFigures {
  /** Starting a worker and loading eng+spa (once per reading in the browser). */
  workerReadyMs: number;
  /** Median recognition time of the photo over RUNS runs. */
  medianMs: number;
  runsMs: number[];
  /** The fields the journey needs were read from the photo (first and last name, INV-100234). */
  readRight: boolean;
}

/** Measures and prints the OCR time of Jane Doe's invoice photo. */
export async function ocrFigures(): Promise<OcrFigures> {
  const image = new Uint8Array(await readFile(PHOTO));
  const started = performance.now();
  const ocr = await createNodeOcr();
  const workerReadyMs = Math.round(performance.now() - started);
  const runsMs: number[] = [];
  let text = "";
  try {
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      text = await ocr.read(image);
      runsMs.push(Math.round(performance.now() - t));
    }
  } finally {
    await ocr.terminate();
  }
  const medianMs = [...runsMs].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const fields = extractInvoiceFields(text);
  const readRight = fields.firstName === "Jane" && fields.lastName === "Doe" && fields.invoiceNumber === "INV-100234";
  console.log(
    `OCR of a receipt photo (jane-doe-invoice.jpg, tesseract.js eng+spa in Node): median ${medianMs} ms of ${RUNS} runs (${runsMs.join(", ")} ms); worker ready in ${workerReadyMs} ms; fields ${readRight ? "read right" : "NOT read right"}`,
  );
  return { workerReadyMs, medianMs, runsMs, readRight };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ocrFigures();

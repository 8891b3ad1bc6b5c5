/**
 * OCR of a receipt photo or a scanned page in the browser: tesseract.js in its own Web
 * Worker, English and Spanish, every file from the portal's origin (ocr-files.ts). Big photos are
 * first drawn smaller in the photo worker (src/lib/photo-prepare.ts), so a 10 MB photo never
 * blocks the page: decoding, scaling and recognition all run off the main thread.
 */
import { createWorker, OEM, type LoggerMessage } from "tesseract.js";
import { browserTools } from "../lib/photo-prepare.ts";
import { sniffKind } from "../lib/photo-bytes.ts";
import { OCR_CORE, OCR_DATA_SET, OCR_LANG, OCR_LANGUAGES, OCR_WORKER } from "./ocr-files.ts";

/** Longest side given to tesseract: receipt text stays legible, recognition stays a few seconds. */
export const OCR_MAX_SIDE = 2400;

export interface OcrOptions {
  /** Called with 0..1 as the worker loads and recognizes. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/** Share of the progress bar each tesseract.js stage takes, in the order they run. */
const STAGES: Record<string, [from: number, to: number]> = {
  "loading tesseract core": [0, 0.15],
  "initializing tesseract": [0.15, 0.2],
  "loading language traineddata": [0.2, 0.35],
  "initializing api": [0.35, 0.4],
  "recognizing text": [0.4, 1],
};

/**
 * The text tesseract reads in an image (JPEG, PNG, WebP, HEIC; or a page drawn by read-pdf.ts).
 * @returns the text, "" when the image cannot be decoded
 * @throws the signal's reason (an AbortError DOMException) when aborted; the worker is terminated
 */
export async function ocrImage(image: Blob, { onProgress, signal }: OcrOptions = {}): Promise<string> {
  signal?.throwIfAborted();
  const small = await fitForOcr(image);
  if (!small) return "";
  signal?.throwIfAborted();
  const base = new URL(import.meta.env.BASE_URL, location.href);
  const logger = (message: LoggerMessage) => {
    const stage = STAGES[message.status];
    if (stage && onProgress) onProgress(stage[0] + (stage[1] - stage[0]) * Math.min(1, Math.max(0, message.progress)));
  };
  const worker = createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
    workerPath: new URL(OCR_WORKER, base).href,
    corePath: new URL(OCR_CORE, base).href,
    langPath: new URL(OCR_LANG, base).href,
    // A same-origin worker script, not tesseract's blob: wrapper (relative paths and CSP stay simple).
    workerBlobURL: false,
    // tesseract.js keeps the inflated trained data in IndexedDB (about 10 MB), so a second reading
    // downloads 5 MB less; the key carries the data set's name, so an upgrade is never shadowed.
    cachePath: `claims-portal-ocr-${OCR_DATA_SET}`,
    logger,
  });
  return abortable(worker, signal, async (w) => (await w.recognize(small)).data.text ?? "");
}

/** Runs `job` on the worker, terminating it when done or when the signal aborts. */
async function abortable<W extends { terminate(): Promise<unknown> }>(
  starting: Promise<W>,
  signal: AbortSignal | undefined,
  job: (worker: W) => Promise<string>,
): Promise<string> {
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  const work = starting.then(async (worker) => {
    try {
      signal?.throwIfAborted();
      const running = job(worker);
      // Once aborted, the terminated worker fails the job: nobody is waiting for it any more.
      running.catch(() => undefined);
      return await Promise.race([running, aborted]);
    } finally {
      void worker.terminate().catch(() => undefined);
    }
  });
  // A worker still starting when the signal aborts is terminated as soon as it exists.
  work.catch(() => undefined);
  try {
    return await Promise.race([work, aborted]);
  } finally {
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}

/** The image at most OCR_MAX_SIDE on its longest side, upright; undefined when it cannot be decoded. */
async function fitForOcr(image: Blob): Promise<Blob | undefined> {
  try {
    const kind = sniffKind(new Uint8Array(await image.slice(0, 16).arrayBuffer()));
    const source = kind === "heic" ? await browserTools.decodeHeic(image) : image;
    const result = await browserTools.encode({
      source,
      force: kind === "heic",
      maxBytes: Number.MAX_SAFE_INTEGER,
      maxSide: OCR_MAX_SIDE,
    });
    if (result.outcome === "undecodable") return undefined;
    return result.outcome === "encoded" ? result.blob : image;
  } catch {
    return undefined;
  }
}

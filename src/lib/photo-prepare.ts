/**
 * Makes a picked file fit to store (SPEC.md section 5 rules stay the rules for what is
 * stored): HEIC/HEIF photos become JPEG, photos over 10485760 bytes or MAX_PHOTO_SIDE pixels are
 * drawn smaller in a worker, every JPEG loses its location metadata and keeps its capture date.
 * PDFs go as they are; a PDF over the limit, a file that is not what its name says, or a damaged
 * photo is refused with a reason code the upload area turns into a toast.
 *
 * The browser-only parts (worker, heic-to, exifr) are injected, so the decisions are unit-tested in
 * Node (test/unit/photo-prepare.test.ts) and the real pipeline in Chromium (test/e2e/uploads.test.ts).
 */
import { MAX_UPLOAD_BYTES, checkUpload, extensionOf } from "../../contract/upload-rules.ts";
import { MAX_PHOTO_SIDE, type PhotoJob, type PhotoResult } from "./photo-encode.ts";
import { jpegEnd, sniffKind, withCleanMetadata, type KeptMetadata } from "./photo-bytes.ts";

/** Why a picked file cannot be stored, as the machine's refusal codes. */
export type PrepareRefusal = "unsupported" | "tooBig" | "damaged";

export class PrepareError extends Error {
  constructor(readonly reason: PrepareRefusal) {
    super(`File refused: ${reason}`);
    this.name = "PrepareError";
  }
}

export interface PrepareTools {
  /** Decode and maybe re-encode (photo-worker.ts). */
  encode(job: Omit<PhotoJob, "id">): Promise<PhotoResult>;
  /** Decode a HEIC/HEIF photo to upright pixels (heic-to, loaded on first use). */
  decodeHeic(file: Blob): Promise<ImageBitmap>;
  /** Capture date ("YYYY:MM:DD HH:MM:SS") and orientation (1..8) of a JPEG or HEIC. */
  readMetadata(file: Blob): Promise<KeptMetadata>;
}

const baseName = (name: string) => (name.lastIndexOf(".") > 0 ? name.slice(0, name.lastIndexOf(".")) : name);
const asFile = (bytes: Uint8Array | Blob, name: string, type: string) =>
  new File([bytes as BlobPart], name, { type, lastModified: Date.now() });

/**
 * The file to upload in place of the picked one.
 * @throws PrepareError with the reason it cannot be stored
 */
export async function prepareFile(file: File, tools: PrepareTools = browserTools): Promise<File> {
  if (checkUpload(file) === "unsupported") throw new PrepareError("unsupported");
  const kind = sniffKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  const ext = extensionOf(file.name);
  switch (kind) {
    case "pdf":
      if (ext !== "pdf") throw new PrepareError("unsupported");
      if (file.size > MAX_UPLOAD_BYTES) throw new PrepareError("tooBig");
      return file;
    case "heic": {
      const kept = await tools.readMetadata(file).catch(() => ({}) as KeptMetadata);
      const pixels = await tools.decodeHeic(file).catch(() => {
        throw new PrepareError("damaged");
      });
      const result = await tools.encode({
        source: pixels,
        force: true,
        maxBytes: MAX_UPLOAD_BYTES,
        maxSide: MAX_PHOTO_SIDE,
      });
      if (result.outcome !== "encoded") throw new PrepareError("damaged");
      return encodedJpeg(result.blob, file.name, kept.dateTimeOriginal);
    }
    case "jpeg":
    case "png": {
      if (ext === "pdf") throw new PrepareError("unsupported");
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (kind === "jpeg" && jpegEnd(bytes) === null) throw new PrepareError("damaged");
      const kept = kind === "jpeg" ? await tools.readMetadata(file).catch(() => ({}) as KeptMetadata) : {};
      const result = await tools.encode({
        source: file,
        force: false,
        maxBytes: MAX_UPLOAD_BYTES,
        maxSide: MAX_PHOTO_SIDE,
      });
      if (result.outcome === "undecodable") throw new PrepareError("damaged");
      if (result.outcome === "encoded") return encodedJpeg(result.blob, file.name, kept.dateTimeOriginal);
      if (kind === "png") return ext === "png" ? file : asFile(bytes, `${baseName(file.name)}.png`, "image/png");
      // Not re-encoded: same pixels, so the orientation tag stays; the location goes.
      const clean = withCleanMetadata(bytes, kept);
      if (!clean) throw new PrepareError("damaged");
      return asFile(clean, ext === "jpg" || ext === "jpeg" ? file.name : `${baseName(file.name)}.jpg`, "image/jpeg");
    }
    default:
      throw new PrepareError("unsupported");
  }
}

/** A re-encoded JPEG with the capture date written back (canvas output carries no EXIF). */
async function encodedJpeg(blob: Blob, originalName: string, dateTimeOriginal: string | undefined): Promise<File> {
  const clean = withCleanMetadata(
    new Uint8Array(await blob.arrayBuffer()),
    dateTimeOriginal ? { dateTimeOriginal } : {},
  );
  if (!clean || clean.length > MAX_UPLOAD_BYTES) throw new PrepareError("tooBig");
  return asFile(clean, `${baseName(originalName)}.jpg`, "image/jpeg");
}

let worker: Worker | null = null;
let nextJob = 1;
const waiting = new Map<number, (result: PhotoResult) => void>();

/** The shared photo worker, started on the first photo. */
function photoWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL("./photo-worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<PhotoResult>) => {
      waiting.get(event.data.id)?.(event.data);
      waiting.delete(event.data.id);
    };
  }
  return worker;
}

/** The real tools: the worker, heic-to and exifr, the last two loaded only when first needed. */
export const browserTools: PrepareTools = {
  encode: (job) =>
    new Promise((resolve) => {
      const id = nextJob++;
      waiting.set(id, resolve);
      const transfer = job.source instanceof Blob ? [] : [job.source];
      photoWorker().postMessage({ ...job, id } satisfies PhotoJob, transfer);
    }),
  decodeHeic: async (file) => {
    // The CSP build: the default one compiles code with new Function, which the portal's
    // Content-Security-Policy (no 'unsafe-eval', SECURITY.md) refuses.
    const { heicTo } = await import("heic-to/csp");
    return heicTo({ blob: file, type: "bitmap" });
  },
  readMetadata: async (file) => {
    const exifr = (await import("exifr/dist/lite.esm.mjs")).default;
    // No `pick`: exifr 7.1.3's lite build throws on HEIC files when given one.
    const tags = await exifr.parse(file, {
      gps: false,
      interop: false,
      ifd1: false,
      reviveValues: false,
      translateValues: false,
    });
    return {
      dateTimeOriginal: typeof tags?.DateTimeOriginal === "string" ? tags.DateTimeOriginal : undefined,
      orientation: typeof tags?.Orientation === "number" ? tags.Orientation : undefined,
    };
  },
};

/**
 * Decode, downscale and re-encode a photo with OffscreenCanvas: the work photo-worker.ts does off
 * the main thread. Also callable directly where workers are missing.
 */

/** Longest side a stored photo keeps: enough for an adjuster to zoom into a stain. */
export const MAX_PHOTO_SIDE = 4096;

export interface PhotoJob {
  id: number;
  /** The file itself, or pixels already decoded (a HEIC photo, decoded by heic-to). */
  source: Blob | ImageBitmap;
  /** Re-encode even when small enough (a HEIC photo must become a JPEG). */
  force: boolean;
  maxBytes: number;
  maxSide: number;
}

export type PhotoResult =
  | { id: number; outcome: "unchanged"; width: number; height: number }
  | { id: number; outcome: "encoded"; blob: Blob; width: number; height: number; quality: number }
  | { id: number; outcome: "undecodable"; detail: string };

/** Pixel size that fits `maxSide`, keeping the aspect ratio. */
function fittedSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Quality steps tried in turn; below the last, the pixels shrink instead. */
const QUALITIES = [0.88, 0.8, 0.7, 0.6];

export async function encodePhoto(job: PhotoJob): Promise<PhotoResult> {
  const bitmap =
    job.source instanceof Blob ? await createImageBitmap(job.source, { imageOrientation: "from-image" }) : job.source;
  try {
    const { width, height } = bitmap;
    const tooBig = job.source instanceof Blob && job.source.size > job.maxBytes;
    if (!job.force && !tooBig && Math.max(width, height) <= job.maxSide)
      return { id: job.id, outcome: "unchanged", width, height };
    let side = job.maxSide;
    for (;;) {
      const size = fittedSize(width, height, side);
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = canvas.getContext("2d");
      if (!context) throw new Error("No 2D context");
      // JPEG has no transparency: a PNG's transparent parts become white, not black.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, size.width, size.height);
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of QUALITIES) {
        const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
        // Headroom for the EXIF segment added afterwards.
        if (blob.size <= job.maxBytes - 4096) return { id: job.id, outcome: "encoded", blob, ...size, quality };
      }
      side = Math.round(Math.max(size.width, size.height) * 0.75);
    }
  } finally {
    bitmap.close();
  }
}

/**
 * Web Worker that decodes a photo and, when it is too big in bytes or pixels, draws it smaller and
 * re-encodes it as JPEG, so a 50 MP photo never freezes the page. Decoding applies the
 * EXIF orientation (`imageOrientation: "from-image"`), so re-encoded pixels are upright. Messages
 * are described by PhotoJob / PhotoResult in photo-encode.ts.
 */
import { encodePhoto, type PhotoJob, type PhotoResult } from "./photo-encode.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PhotoJob>) => void) | null;
  postMessage(message: PhotoResult): void;
};

scope.onmessage = (event) => {
  const job = event.data;
  encodePhoto(job).then(
    (result) => scope.postMessage(result),
    (error: unknown) => scope.postMessage({ id: job.id, outcome: "undecodable", detail: String(error) }),
  );
};

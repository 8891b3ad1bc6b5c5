/**
 * Upload rules, one source for the claim screens, the contact wizard and the reference server
 * (SPEC.md sections 5 and 9).
 */

/** Largest accepted file, in bytes (10 MB). */
export const MAX_UPLOAD_BYTES = 10_485_760;

/** Most documents one claim item may hold, so a claim cannot grow without bound (SECURITY.md). */
export const MAX_DOCUMENTS_PER_CLAIM_ITEM = 20;

/** Most bytes of documents one claim may hold, in bytes (200 MiB: 20 files of the largest size). */
export const MAX_CLAIM_BYTES = 20 * MAX_UPLOAD_BYTES;

/** Most documents one contact-service request may hold (a request cannot grow without bound). */
export const MAX_DOCUMENTS_PER_CONTACT_REQUEST = 20;

/**
 * Most bytes of documents one contact-service request may hold, in bytes (100 MiB: ten files of
 * the largest size; an invoice and a few photos need far less).
 */
export const MAX_CONTACT_REQUEST_BYTES = 10 * MAX_UPLOAD_BYTES;

/** The real types we store, detected from bytes, never from the name. */
export type DocumentKind = "png" | "jpeg" | "pdf";

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  pdf: "application/pdf",
};

/** The kind each extension of a stored file names, lower case, compared case-insensitively. */
const KIND_OF_EXTENSION = new Map<string, DocumentKind>([
  ["png", "png"],
  ["jpg", "jpeg"],
  ["jpeg", "jpeg"],
  ["pdf", "pdf"],
]);

/** HEIC/HEIF photos a person may pick, made JPEG before upload, by extension and type. */
const CONVERTED_TYPES = new Map([
  ["heic", "image/heic"],
  ["heif", "image/heif"],
]);

/** Extensions of the files we store. */
export const STORED_EXTENSIONS = [...KIND_OF_EXTENSION.keys()];

/** Extensions a person may pick: the stored ones and the converted photos. */
export const PICKED_EXTENSIONS = [...STORED_EXTENSIONS, ...CONVERTED_TYPES.keys()];

/** What the file picker offers (`accept` attribute): PICKED_EXTENSIONS, by type and by name. */
export const PICKER_ACCEPT = [
  ...Object.values(CONTENT_TYPES),
  ...CONVERTED_TYPES.values(),
  ...PICKED_EXTENSIONS.map((ext) => `.${ext}`),
].join(",");

/** Why a file is refused before any upload starts. */
export type UploadRejection = "tooBig" | "unsupported";

/** Lower-case extension of a file name, or "" when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Checks a picked file by name and size, before anything reads it: an extension not in
 * PICKED_EXTENSIONS is refused, and a PDF over MAX_UPLOAD_BYTES; a photo over it is not, since it
 * is made smaller before upload.
 * @param file name and size in bytes
 * @returns the reason it is refused, or null when it may go on to be prepared and uploaded
 */
export function checkUpload(file: { name: string; size: number }): UploadRejection | null {
  const ext = extensionOf(file.name);
  if (!PICKED_EXTENSIONS.includes(ext)) return "unsupported";
  if (ext === "pdf" && file.size > MAX_UPLOAD_BYTES) return "tooBig";
  return null;
}

/** The stored kind a file name says (by its extension), or null for a name we never store. */
export function kindOfName(fileName: string): DocumentKind | null {
  return KIND_OF_EXTENSION.get(extensionOf(fileName)) ?? null;
}

/** Content type to send with a prepared file's PUT, from its extension (a converted photo is a JPEG). */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[kindOfName(fileName) ?? "jpeg"];
}

/**
 * Detects PNG, JPEG or PDF from the first bytes (magic numbers).
 * @returns the kind, or null when the bytes are none of the three
 */
export function detectKind(bytes: Uint8Array): DocumentKind | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // "%PDF-"
  return null;
}

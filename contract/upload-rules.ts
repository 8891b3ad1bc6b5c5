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

/** Extensions of the files we store, lower case, compared case-insensitively. */
export const STORED_EXTENSIONS = ["png", "jpg", "jpeg", "pdf"] as const;

/** Extensions a person may pick: the stored ones, and HEIC/HEIF photos, made JPEG before upload. */
export const PICKED_EXTENSIONS = [...STORED_EXTENSIONS, "heic", "heif"] as const;

/** What the file picker offers (`accept` attribute): PICKED_EXTENSIONS, by type and by name. */
export const PICKER_ACCEPT = "image/jpeg,image/png,image/heic,image/heif,application/pdf,.jpg,.jpeg,.png,.heic,.heif,.pdf";

/** The real types we store, detected from bytes, never from the name. */
export type DocumentKind = "png" | "jpeg" | "pdf";

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  pdf: "application/pdf",
};

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
  if (!(PICKED_EXTENSIONS as readonly string[]).includes(ext)) return "unsupported";
  if (ext === "pdf" && file.size > MAX_UPLOAD_BYTES) return "tooBig";
  return null;
}

/** The stored kind a file name says (by its extension), or null for a name we never store. */
export function kindOfName(fileName: string): DocumentKind | null {
  const ext = extensionOf(fileName);
  if (ext === "jpg" || ext === "jpeg") return "jpeg";
  if (ext === "png" || ext === "pdf") return ext;
  return null;
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

/**
 * Names of stored documents: unique, safe in a path and a URL, and carrying the extension of the
 * real type (the upload PUT checks the bytes against it).
 */
import { randomBytes } from "node:crypto";
import { CONTENT_TYPES, extensionOf, kindOfName, type DocumentKind } from "../../contract/upload-rules.ts";

/** A stored name: letters, digits, `.`, `_`, `-`; no leading dot; an allowed extension. */
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;

/** The document kind a content type names, or null for any other type. */
export function kindOfContentType(contentType: string): DocumentKind | null {
  const entry = Object.entries(CONTENT_TYPES).find(([, type]) => type === contentType);
  return entry ? (entry[0] as DocumentKind) : null;
}

/** True when `name` is a name we could have stored: safe characters, no `..`, a known extension. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name) && !name.includes("..") && kindOfName(name) !== null;
}

/**
 * Makes the stored name of an upload: 10 random characters, "-", the original base name reduced to
 * safe characters (at most 60), and the extension of `kind` (the original's when it already names
 * that kind, so "IMG_1.JPEG" stays ".jpeg").
 * @param original the consumer's file name, any characters; may be empty
 */
export function storedFileName(original: string, kind: DocumentKind): string {
  // Browsers send a bare name, but a client may send a path: only its last part names the file.
  const leaf = original.split(/[\\/]/).pop() ?? "";
  const ext = kindOfName(leaf) === kind ? extensionOf(leaf) : kind === "jpeg" ? "jpg" : kind;
  const dot = leaf.lastIndexOf(".");
  const base = (dot > 0 ? leaf.slice(0, dot) : leaf)
    .normalize("NFKD") // "é" becomes "e" plus an accent, and the accent is dropped
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "")
    .slice(0, 60);
  const token = randomBytes(8)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 10)
    .toLowerCase();
  return `${token.padEnd(10, "0")}-${base || "document"}.${ext}`;
}

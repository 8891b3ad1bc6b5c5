/**
 * Receiving a signed upload PUT, for claims and contact-service requests alike (SPEC.md sections 5
 * and 9 upload rules): before any byte is read, the signature, expiry, Content-Type and
 * Content-Length are checked against what the URL was issued for and the URL is spent; then the
 * bytes are read up to the declared size (or the largest file allowed) and their real type checked.
 */
import { CONTENT_TYPES, MAX_UPLOAD_BYTES, detectKind, kindOfName } from "../../contract/upload-rules.ts";
import { API_PREFIX } from "../app-deps.ts";
import type { ServerConfig } from "../config.ts";
import type { Database, Queryable } from "../db/db.ts";
import { isStoredName } from "./file-names.ts";
import { HttpError, closingConnection } from "../http/http-errors.ts";
import { spendUploadUrl } from "./upload-grants.ts";
import { signedParams, verifyRequest } from "../http/url-signing.ts";

/** What a signed upload PUT brings, as its route reads it from the request (server/http/incoming-put.ts). */
export interface IncomingPut {
  /** A query parameter of the URL (`expires`, `size`, `sig`), undefined when absent. */
  param(name: string): string | undefined;
  /** The Content-Type and Content-Length headers as sent, undefined when absent. */
  contentType: string | undefined;
  contentLength: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}

/** Where a PUT writes: its path under /api/v1 and the stored name. */
export interface UploadTarget {
  path: string;
  fileName: string;
}

/** 413 FILE_TOO_BIG: over MAX_UPLOAD_BYTES, declared or sent. */
export const tooBig = () =>
  new HttpError(413, { code: "FILE_TOO_BIG", message: `File is larger than ${MAX_UPLOAD_BYTES} bytes` });
/** 400 SIZE_MISMATCH: not the size the upload URL was issued for. */
export const sizeMismatch = (size: number) =>
  new HttpError(400, {
    code: "SIZE_MISMATCH",
    message: `This upload URL takes exactly ${size} bytes, the size declared for it`,
  });
/** 415 WRONG_CONTENT_TYPE: not the Content-Type the upload URL was issued for. */
export const wrongContentType = (contentType: string) =>
  new HttpError(415, {
    code: "WRONG_CONTENT_TYPE",
    message: `This upload URL takes Content-Type ${contentType}, the type it was issued for`,
  });

/**
 * Receives the bytes of a signed upload PUT.
 * @param admit checks, in the transaction that spends the URL, that the target still takes files
 *   (the claim is a draft, the request not sent); it throws to refuse
 * @returns the bytes, of the declared size and of the type the stored name says
 * @throws HttpError 403 BAD_SIGNATURE or URL_EXPIRED; 415 WRONG_CONTENT_TYPE; 409 URL_ALREADY_USED;
 *   413 FILE_TOO_BIG; 400 SIZE_MISMATCH; 415 UNSUPPORTED_TYPE or TYPE_MISMATCH; what `admit` throws.
 *   Those thrown before the body is read close the connection.
 */
export async function receiveUpload(
  put: IncomingPut,
  deps: { db: Database; config: ServerConfig },
  target: UploadTarget,
  admit: (tx: Queryable) => Promise<unknown>,
): Promise<Uint8Array> {
  let bytes: Uint8Array | null;
  try {
    const { signature, size } = authorise(put, deps.config, target);
    await deps.db.transaction(async (tx) => {
      await admit(tx);
      await spendUploadUrl(tx, signature);
    });
    bytes = await readAtMost(put.body, size ?? MAX_UPLOAD_BYTES);
    if (!bytes) throw size === undefined ? tooBig() : sizeMismatch(size);
    if (size !== undefined && bytes.length !== size) throw sizeMismatch(size);
  } catch (error) {
    throw closingConnection(error);
  }
  checkRealType(bytes, target.fileName);
  return bytes;
}

/**
 * Checks a file's real type by its first bytes (magic bytes) against its stored name.
 * @throws HttpError 415 UNSUPPORTED_TYPE (not PNG, JPEG or PDF) or TYPE_MISMATCH (not what the name's extension says)
 */
export function checkRealType(start: Uint8Array, fileName: string): void {
  const kind = detectKind(start);
  if (!kind)
    throw new HttpError(415, { code: "UNSUPPORTED_TYPE", message: "Only PNG, JPEG and PDF files are accepted" });
  if (kind !== kindOfName(fileName)) {
    throw new HttpError(415, {
      code: "TYPE_MISMATCH",
      message: `The file is ${kind.toUpperCase()}, not what its name says`,
    });
  }
}

/**
 * Checks a PUT against its URL without reading the body: the signature over the path, the expiry,
 * the content type of the stored name and the declared size; then the request's headers.
 * @returns the signature, which names the URL's record, and the declared size
 */
function authorise(
  put: IncomingPut,
  config: ServerConfig,
  target: UploadTarget,
): { signature: string; size: number | undefined } {
  const kind = isStoredName(target.fileName) ? kindOfName(target.fileName) : null;
  const { expires, size, sig } = signedParams(put.param);
  const contentType = kind ? CONTENT_TYPES[kind] : "";
  const verdict =
    kind && expires > 0
      ? verifyRequest(
          config.uploadSecret,
          { method: "PUT", path: `${API_PREFIX}${target.path}`, expires, contentType, size },
          sig,
          Math.floor(Date.now() / 1000),
        )
      : "bad";
  if (verdict === "bad") throw new HttpError(403, { code: "BAD_SIGNATURE", message: "Invalid upload signature" });
  if (verdict === "expired") throw new HttpError(403, { code: "URL_EXPIRED", message: "Upload URL has expired" });
  const sent = (put.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (sent !== contentType) throw wrongContentType(contentType);
  const length = put.contentLength;
  if (length !== undefined) {
    // Refuse early on the declared length; reading enforces the limit on the real bytes.
    if (Number(length) > MAX_UPLOAD_BYTES) throw tooBig();
    if (size !== undefined && Number(length) !== size) throw sizeMismatch(size);
  }
  return { signature: sig, size };
}

/**
 * Reads a body up to a limit, stopping as soon as it is exceeded.
 * @returns the bytes, or null when there are more than `limit`
 */
export async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

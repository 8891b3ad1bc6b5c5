/**
 * Errors a handler throws to answer with a given status and JSON body; app.ts turns them into
 * responses. Anything else thrown is a 500.
 */
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";

/** Error bodies: `{ message, code? , errors? }`. */
export interface ErrorBody {
  message: string;
  code?: string;
  /** Field errors of a bad payload, keyed by dot path (`claim_items.0.color`). */
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429,
    readonly body: ErrorBody,
    /** Extra response headers. */
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

/**
 * The same error answered with `Connection: close`: for refusals sent before the request body was
 * read, so the client does not reuse a connection still carrying the unread bytes.
 */
export function closingConnection(error: unknown): unknown {
  return error instanceof HttpError ? new HttpError(error.status, error.body, { ...error.headers, Connection: "close" }) : error;
}

/**
 * 400 with field errors (keys are dot paths): SPEC.md's `{ message, errors }` plus the code
 * INVALID_REQUEST, so a client knows the answer without reading its English message.
 */
export const invalid = (errors: Record<string, string>) =>
  new HttpError(400, { message: "Invalid request", code: REFUSAL_CODES.invalidRequest, errors });

/** 404 with a code such as CLAIM_NOT_FOUND. */
export const notFound = (code: string, message: string) => new HttpError(404, { code, message });

/** 409: the record exists but its state forbids the call. */
export const conflict = (code: string, message: string) => new HttpError(409, { code, message });

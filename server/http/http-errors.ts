/**
 * Errors a handler throws to answer with a given status and JSON body; app.ts turns them into
 * responses. Anything else thrown is a 500.
 */
import { Refusal, type ErrorBody, type RefusalKind } from "../domain/refusals.ts";

// Routes, storage and the HTTP layer refuse with the domain's words too; one definition of each.
export { conflict, invalid, notFound, Refusal, type ErrorBody } from "../domain/refusals.ts";

/** The status each domain refusal is answered with. */
const STATUS_OF_REFUSAL = { invalid: 400, notFound: 404, conflict: 409 } as const satisfies Record<RefusalKind, number>;

/** The HTTP status of a domain refusal. */
export const statusOfRefusal = (refusal: Refusal) => STATUS_OF_REFUSAL[refusal.kind];

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
  // Marked in place, so a refusal keeps its own class (a rate limit's name, for the metrics).
  if (error instanceof HttpError) error.headers.Connection = "close";
  if (error instanceof Refusal) return new HttpError(statusOfRefusal(error), error.body, { Connection: "close" });
  return error;
}

/** Most field errors one answer lists: enough to mend a form, few enough to keep the answer small. */
export const MAX_ERRORS = 20;
/** Longest error key (a dot path) kept in an answer, in UTF-16 units. */
const MAX_KEY_LENGTH = 64;
/** Longest error message kept in an answer (valibot's quote the value received, whatever its size). */
const MAX_MESSAGE_LENGTH = 160;
// Control characters and lone surrogates (in `u` mode a proper pair is one code point, not Cs):
// what JSON escapes as \uXXXX, 6 bytes each.
const ESCAPED_IN_JSON = /[\p{Cc}\p{Cs}]/gu;

/** Text cut to `max` UTF-16 units ("…" marks a cut), with what JSON would escape as U+FFFD. */
function clipped(text: string, max: number): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(ESCAPED_IN_JSON, "\ufffd");
}

/**
 * Field errors as an answer may carry them (SECURITY.md, "What protects the data"): the first
 * MAX_ERRORS entries, each key cut to 64 and each message to 160 UTF-16 units, nothing JSON would
 * escape. Every unit then takes at most 3 bytes of JSON, so the errors stay under
 * 20 x (65 + 161 + 6) x 3 = 13,920 bytes and the whole answer under 16 KB, whatever the request
 * held (keys of records are the client's own text).
 * @param errors dot path to message
 * @returns a new object; `errors` itself is left as it is
 */
export function boundedErrors(errors: Record<string, string>): Record<string, string> {
  // fromEntries: a key such as "__proto__" stays a key instead of setting the prototype.
  return Object.fromEntries(
    Object.entries(errors)
      .slice(0, MAX_ERRORS)
      .map(([key, message]) => [clipped(key, MAX_KEY_LENGTH), clipped(String(message), MAX_MESSAGE_LENGTH)]),
  );
}

/**
 * What the domain refuses, and why, without knowing HTTP: a refusal carries a kind and the body
 * the caller is told (`{ message, code?, errors? }`); server/app.ts answers each kind with its
 * status (server/http/http-errors.ts statusOfRefusal).
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

/** invalid: the input is wrong; notFound: no such record for this caller; conflict: the record's state forbids the call. */
export type RefusalKind = "invalid" | "notFound" | "conflict";

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

/**
 * Field errors (keys are dot paths): SPEC.md's `{ message, errors }` plus the code
 * INVALID_REQUEST, so a client knows the answer without reading its English message.
 */
export const invalid = (errors: Record<string, string>) =>
  new Refusal("invalid", { message: "Invalid request", code: REFUSAL_CODES.invalidRequest, errors });

/** No such record for this caller, with a code such as CLAIM_NOT_FOUND. */
export const notFound = (code: string, message: string) => new Refusal("notFound", { code, message });

/** The record exists but its state forbids the call. */
export const conflict = (code: string, message: string) => new Refusal("conflict", { code, message });

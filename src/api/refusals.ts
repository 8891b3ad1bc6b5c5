/**
 * What a failed call says to the consumer (SPEC.md section 8: 'the error message, or Something went
 * wrong'): the API writes its answers in English, so an answer is shown as the catalog message
 * (src/lib/messages.ts SERVER_MESSAGES) its code stands for, in the screen's language; an answer
 * the portal does not know says 'Something went wrong', never the server's own text. The codes are
 * wire spellings, so they are read here, at the API edge, and nowhere else.
 */
import type { MessageDescriptor } from "@lingui/core";
import { isHTTPError } from "ky";
import { CallFailed, type CallFailure } from "../../machines/outcomes.ts";
import { REFUSAL_CODES } from "../../contract/refusal-codes.ts";
import { CLAIM_CODES, TOO_MANY_MISSING_ITEMS } from "../../contract/schemas.ts";
import { SERVER_MESSAGES, type ServerMessageKey } from "../lib/messages.ts";
import { callFailureOf } from "./http.ts";

/** The API's answer codes the portal says something particular for (contract/refusal-codes.ts). */
const BY_CODE: Record<string, ServerMessageKey> = {
  [CLAIM_CODES.claimNotFound]: "claimNotFound",
  [REFUSAL_CODES.claimNotDraft]: "claimNotDraft",
  [REFUSAL_CODES.planNotFound]: "planNotFound",
  [TOO_MANY_MISSING_ITEMS]: "tooManyMissingItems",
  [REFUSAL_CODES.tooManyRequests]: "rateLimited",
  [REFUSAL_CODES.invalidRequest]: "invalidRequest",
};

/**
 * The key of the catalog message for a failed call (machines/outcomes.ts CallFailure): by the
 * answer's code only, never its English message; no answer at all is 'noConnection'; anything
 * else 'unknown'.
 */
export function refusalKey(failure: CallFailure): ServerMessageKey {
  if (failure.kind === "network") return "noConnection";
  if (failure.kind === "rateLimited") return "rateLimited";
  return (failure.code ? BY_CODE[failure.code] : undefined) ?? "unknown";
}

/** The catalog message for a failed call, to translate when it is shown (so it follows a language switch). */
export function refusalMessage(failure: CallFailure): MessageDescriptor {
  return SERVER_MESSAGES[refusalKey(failure)];
}

/**
 * The catalog message for an error that is a failed call's (a CallFailed, or ky's HTTPError thrown
 * without one), or null for any other error, whose own message the caller keeps.
 */
export function callErrorMessage(error: unknown): MessageDescriptor | null {
  if (error instanceof CallFailed || isHTTPError(error)) return refusalMessage(callFailureOf(error));
  return null;
}

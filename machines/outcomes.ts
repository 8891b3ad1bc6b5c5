/**
 * What the API's answers mean, in the domain's words: the API layer (src/api/) turns wire answers
 * and HTTP errors into these, and the machines' guards branch on their `kind` only, never on a
 * server's message text, a status code or an HTTP library's error shape.
 */

/**
 * The answer to a claim submit (SPEC.md section 4): taken; not taken because a damage or a document
 * is missing; refused because the claim was already submitted (a lost answer, a second tab); the
 * gateway gave up waiting (HTTP 504; ACE counts it as taken); or answered with anything else.
 */
export type SubmitOutcome =
  | { kind: "submitted" }
  | { kind: "incomplete" }
  | { kind: "alreadySubmitted" }
  | { kind: "gatewayTimeout" }
  | { kind: "notTaken" };

/** The answer to adding a missing item: added, or answered without adding it. */
export type AddItemOutcome = { kind: "added" } | { kind: "notAdded" };

/**
 * Why a call failed: the API asked to wait (HTTP 429, with the seconds to wait), the server answered
 * and refused (its status, its answer's code and message), or no usable answer came at all (no
 * connection, or an answer the portal cannot read).
 */
export type CallFailure =
  | { kind: "rateLimited"; retryAfterSeconds: number }
  | { kind: "refused"; status: number; code: string | null; message: string }
  | { kind: "network" };

/** The error a failed call rejects with: its `failure` says why; `cause` keeps the original error. */
export class CallFailed extends Error {
  readonly failure: CallFailure;

  constructor(failure: CallFailure, options?: { cause?: unknown }) {
    super(failure.kind === "refused" ? failure.message || `HTTP ${failure.status}` : failure.kind, options);
    this.name = "CallFailed";
    this.failure = failure;
  }
}

/** Why a call failed, from what its actor rejected with; anything but a CallFailed had no usable answer. */
export function failureOf(error: unknown): CallFailure {
  return error instanceof CallFailed ? error.failure : { kind: "network" };
}

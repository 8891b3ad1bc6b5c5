/**
 * What a failed call's error says, for the machines' guards: whether the server answered at all,
 * whether it answered 504, and whether it refused a submit because the claim is already submitted. Errors are ky's HTTPError (with `response`) or a network error
 * (without); the machines read only that shape, nothing of ky.
 */

/** True when a failed call has an HTTP answer: the server refused, as opposed to no answer at all. */
export function isServerAnswer(error: unknown): boolean {
  return typeof (error as { response?: { status?: unknown } } | null)?.response?.status === "number";
}

/** True when a failed call was an HTTP 504, which ACE submit counts as success (SPEC.md section 4). */
export function isGatewayTimeoutError(error: unknown): boolean {
  return (error as { response?: { status?: number } } | null)?.response?.status === 504;
}

/**
 * True when a submit failed because the claim is already submitted (a lost answer, a second tab):
 * the claims API's refusal carries the code CLAIM_ALREADY_SUBMITTED in its body (ky's `data`).
 */
export function isAlreadySubmittedError(error: unknown): boolean {
  return (error as { data?: { code?: unknown } } | null)?.data?.code === "CLAIM_ALREADY_SUBMITTED";
}

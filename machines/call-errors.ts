/**
 * What a failed call's error says, for the machines' guards: whether the server answered at all,
 * whether it answered 504, whether it refused a submit because the claim is already submitted, and how
 * long a rate-limited call asks to wait. Errors are ky's HTTPError (with `response`) or a network error
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

/**
 * Seconds a rate-limited call (HTTP 429) asks to wait, from its Retry-After header (delta seconds)
 * or the body's `retryAfter`; null when the call was not rate-limited. A 429 without either waits
 * a minute, so the consumer is still told something true.
 */
export function retryAfterSeconds(error: unknown): number | null {
  const failure = error as { response?: { status?: number; headers?: { get?(name: string): string | null } }; data?: { retryAfter?: unknown } } | null;
  if (failure?.response?.status !== 429) return null;
  const header = Number(failure.response.headers?.get?.("Retry-After") ?? Number.NaN);
  if (Number.isFinite(header) && header > 0) return Math.ceil(header);
  const body = failure.data?.retryAfter;
  return typeof body === "number" && Number.isFinite(body) && body > 0 ? Math.ceil(body) : 60;
}

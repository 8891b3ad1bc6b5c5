/**
 * Calls to the claims API that have not answered yet, and a way for the person to give up on them.
 * SPEC.md sets no client timeout, so nothing is ever cut off by the portal itself; a
 * person who has waited long enough can cancel instead, and the call fails like a dropped
 * connection: the machine that made it shows its failure and keeps everything typed for a Retry.
 */

let controller = new AbortController();

/**
 * The fetch every API call goes through (src/api/http.ts): the request, tied to the current
 * cancellation as well as to its own signal.
 */
export function cancellableFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const signals = [controller.signal, init.signal ?? (input instanceof Request ? input.signal : undefined)].filter((signal): signal is AbortSignal => Boolean(signal));
  return fetch(input, { ...init, signal: AbortSignal.any(signals) });
}

/**
 * Aborts every call still waiting for an answer; calls made afterwards run as usual. A write that
 * reached the server before the abort may still have been applied there: the machines reload the
 * claim after every write, so the screen then shows what the server holds.
 */
export function cancelPendingCalls(): void {
  controller.abort(new DOMException("Cancelled by the person waiting", "AbortError"));
  controller = new AbortController();
}

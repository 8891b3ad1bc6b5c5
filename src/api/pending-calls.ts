/**
 * Calls to the claims API that have not answered yet, and a way for the person to give up on them.
 * SPEC.md sets no client timeout, so nothing is ever cut off by the portal itself; a
 * person who has waited long enough can cancel instead, and the call fails like a dropped
 * connection: the machine that made it shows its failure and keeps everything typed for a Retry.
 * A cancelled call is not retried (src/api/http.ts retries network failures and 5xx, not aborts).
 */

let controller = new AbortController();
/** Requests sent and not answered yet (each try of a retried call counts while it is out). */
let inFlight = 0;
const listeners = new Set<() => void>();

function countCall(change: 1 | -1): void {
  inFlight += change;
  listeners.forEach((listener) => listener());
}

/**
 * The fetch every API call goes through (src/api/http.ts): the request, tied to the current
 * cancellation as well as to its own signal, and counted while it waits for its answer.
 */
export function cancellableFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const signals = [controller.signal, init.signal ?? (input instanceof Request ? input.signal : undefined)].filter(
    (signal): signal is AbortSignal => Boolean(signal),
  );
  countCall(1);
  return fetch(input, { ...init, signal: AbortSignal.any(signals) }).finally(() => countCall(-1));
}

/** True while any API request waits for its answer (what src/ui/StillWorking.tsx watches). */
export function hasCallsInFlight(): boolean {
  return inFlight > 0;
}

/** Calls `listener` whenever a request goes out or is answered; returns the unsubscribe (useSyncExternalStore's shape). */
export function subscribeToCalls(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signal of the current cancellation, which the next cancelPendingCalls aborts: a ky call takes
 * it when it starts (src/api/http.ts), so a Cancel also ends its retries and the waits between them.
 */
export function cancellation(): AbortSignal {
  return controller.signal;
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

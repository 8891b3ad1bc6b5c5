/**
 * The gestures of invoke outcomes, `xstate.done.actor.<id>` and `xstate.error.actor.<id>`: system
 * events the portal makes by itself when a call returns. In a walk the call's request was held
 * (held-calls.ts); done lets it through to the reference API, error answers it with the failure
 * the event carries: its HTTP status and body, or no answer when it has no response.
 */
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import type { CallFailure } from "./held-calls.ts";
import { system, type Gesture } from "./table.ts";

const invokeOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, "");

/** The failure a path's error event stands for, as the network gives it. */
export function failureOf(error: unknown): CallFailure {
  const failure = error as { response?: { status?: number }; data?: unknown; retryAfter?: number } | null;
  const status = failure?.response?.status;
  if (typeof status !== "number") return "dropped";
  return { status, body: failure?.data ?? { message: "Failed" }, ...(failure?.retryAfter ? { headers: { "Retry-After": String(failure.retryAfter) } } : {}) };
}

/** A call that returns: the held request goes through to the reference API. */
export function callDone<E extends DoneActorEvent<unknown, string>>(does: Gesture<E>["does"]): Gesture<E> {
  return system(does, ({ calls }, event) => calls.release(invokeOf(event.type)));
}

/** A call that fails: the held request is answered with the event's failure. */
export function callFailed<E extends ErrorActorEvent<unknown, string>>(does: Gesture<E>["does"]): Gesture<E> {
  return system(does, ({ calls }, event) => calls.fail(invokeOf(event.type), failureOf(event.error)));
}

/** An HTTP failure as a fixture: the shape of ky's HTTPError the machines' guards read (call-errors.ts). */
export function httpFailure(status: number, data: unknown = { message: "Failed" }, retryAfter?: number) {
  return { response: { status }, data, ...(retryAfter ? { retryAfter } : {}) };
}

/**
 * The gestures of invoke outcomes, `xstate.done.actor.<id>` and `xstate.error.actor.<id>`: system
 * events the portal makes by itself when a call returns. In a walk the call's request was held
 * (held-calls.ts); done lets it through to the reference API, error answers it with the failure
 * the event carries: its HTTP status and body, or no answer when it has no response.
 */
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import { CallFailed, type CallFailure as MachineFailure } from "../../machines/outcomes.ts";
import type { CallFailure as HeldFailure } from "./held-calls.ts";
import { system, type Gesture } from "./table.ts";

const invokeOf = (type: string) => type.replace(/^xstate\.(done|error)\.actor\./, "");

/**
 * The failure a path's error event stands for, as the network gives it: a refusal is answered with
 * its status and body (the fixture's own body when httpFailure made it), a rate limit with 429 and
 * Retry-After, anything else (no usable answer) is dropped.
 */
export function failureOf(error: unknown): HeldFailure {
  if (!(error instanceof CallFailed)) return "dropped";
  const { failure } = error;
  const wire = error.cause as { data?: unknown; retryAfter?: number } | undefined;
  if (failure.kind === "rateLimited") {
    if (!wire)
      return {
        status: 429,
        body: { message: "Too many requests" },
        headers: { "Retry-After": String(failure.retryAfterSeconds) },
      };
    return {
      status: 429,
      body: wire.data,
      ...(wire.retryAfter ? { headers: { "Retry-After": String(wire.retryAfter) } } : {}),
    };
  }
  if (failure.kind === "refused")
    return {
      status: failure.status,
      body: wire?.data ?? { message: failure.message, ...(failure.code ? { code: failure.code } : {}) },
    };
  return "dropped";
}

/** A call that returns: the held request goes through to the reference API. */
export function callDone<E extends DoneActorEvent<unknown, string>>(does: Gesture<E>["does"]): Gesture<E> {
  return system(does, ({ calls }, event) => calls.release(invokeOf(event.type)));
}

/** A call that fails: the held request is answered with the event's failure. */
export function callFailed<E extends ErrorActorEvent<unknown, string>>(does: Gesture<E>["does"]): Gesture<E> {
  return system(does, ({ calls }, event) => calls.fail(invokeOf(event.type), failureOf(event.error)));
}

/**
 * An HTTP failure as a fixture: what the API layer rejects with for that answer (src/api/http.ts
 * callFailureOf), keeping the answer's body as its cause so a walk can send the same answer.
 */
export function httpFailure(
  status: number,
  data: { message?: string; code?: string; retryAfter?: number } = { message: "Failed" },
  retryAfter?: number,
): CallFailed {
  const failure: MachineFailure =
    status === 429
      ? { kind: "rateLimited", retryAfterSeconds: Math.ceil(retryAfter ?? data.retryAfter ?? 60) }
      : { kind: "refused", status, code: data.code ?? null, message: data.message ?? "" };
  return new CallFailed(failure, { cause: { data, ...(retryAfter ? { retryAfter } : {}) } });
}

/**
 * Small helpers of the behaviour tests: guard implementations called directly, and a collector of
 * emitted events.
 */
import type { AnyActorRef, AnyStateMachine, EventObject } from "xstate";

type GuardFn = (args: { context: unknown; event: EventObject }, params: unknown) => boolean;

/** A guard of `setup({ guards })`, called as xstate calls it: `({ context, event }, params)`. */
export function guardOf(machine: AnyStateMachine, name: string) {
  const guard = (machine.implementations.guards as Record<string, unknown>)[name];
  if (typeof guard !== "function") throw new Error(`No guard '${name}' in ${machine.id}`);
  return (context: unknown, params?: unknown, event: EventObject = { type: "test" }) =>
    (guard as GuardFn)({ context, event }, params);
}

/** Every event the actor emits (`emit(...)` actions), in order. */
export function collectEmitted<E extends EventObject>(actor: AnyActorRef, type = "*"): E[] {
  const emitted: E[] = [];
  actor.on(type, (event: E) => emitted.push(event));
  return emitted;
}

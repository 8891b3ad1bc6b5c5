/**
 * Placeholder implementations for injected actors: machines declare what they call, and the app
 * (or a test) provides the real thing with `machine.provide(...)`. Calling one unprovided fails
 * loudly through the machine's own error path instead of silently succeeding.
 */
import { fromPromise } from "xstate";

export function notProvided<Output, Input = void>(name: string) {
  return fromPromise<Output, Input>(() => Promise.reject(new Error(`Actor '${name}' was not provided`)));
}

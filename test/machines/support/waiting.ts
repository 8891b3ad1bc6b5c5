/**
 * The waits for the server in the generated path tests (machines/wizard-steps.ts `waitingForServer`):
 * every state that waits for a call is quiet at first, says 'Still working…' with a Cancel after
 * the named delay `stillWorkingAfter`, and that it takes longer than usual after
 * `longerThanUsualAfter`; `call.cancel` takes the call's failure way.
 *
 * - `waitFixtures` gives the fixtures of the two delays of each waiting state, as XState raises
 *   them (`xstate.after.<delay>.<state node id>`, as file-upload.paths.test.ts walks `retryWait`);
 *   `CALL_CANCEL` is Cancel's.
 * - `walkingWaits` narrows a scenario's walk so the waits do not multiply its paths. A wait is
 *   reached with many contexts (the damage report's, hundreds), and its substates would triple
 *   them all; what they add is the same for each. So in each scenario, of each waiting state, the
 *   walk goes on to 'Still working…' from one quiet wait, the first the walk (breadth first, so
 *   by a shortest way) reaches, and from one with a URL request kept, if the scenario makes one.
 *   From there it takes the next delay, Cancel (offered on screen only once 'Still working…'
 *   shows) and the call's answers: an answer after 'Still working…' must still reach the call.
 */
import type { AnyMachineSnapshot, EventObject } from "xstate";
import { serializeSnapshot } from "xstate/graph";
import { stateKey, type FixturesFor, type Scenario } from "./graph.ts";

/** The substates of a wait, in the order they come. */
const WAIT_PHASES = ["quiet", "stillWorking", "longerThanUsual"] as const;
type WaitPhase = (typeof WAIT_PHASES)[number];

/** The event of Cancel under 'Still working…'. */
export const CALL_CANCEL = { type: "call.cancel" } as const;

/** The events XState raises when a wait's delays are over, for the waiting state `State` of machine `Id`. */
export type WaitOver<Id extends string, State extends string> =
  | { type: `xstate.after.stillWorkingAfter.${Id}.${State}.quiet` }
  | { type: `xstate.after.longerThanUsualAfter.${Id}.${State}.stillWorking` };

/** The delay events of every waiting state of a machine (state paths as `reviewing.submitting`), one fixture each. */
export function waitFixtures<const Id extends string, const State extends string>(
  machineId: Id,
  waitingStates: readonly State[],
): FixturesFor<WaitOver<Id, State>> {
  const fixtures: Record<string, [EventObject]> = {};
  for (const state of waitingStates) {
    for (const type of [
      `xstate.after.stillWorkingAfter.${machineId}.${state}.quiet`,
      `xstate.after.longerThanUsualAfter.${machineId}.${state}.stillWorking`,
    ])
      fixtures[type] = [{ type }];
  }
  return fixtures as unknown as FixturesFor<WaitOver<Id, State>>;
}

const isWaitOver = (event: EventObject) =>
  event.type.startsWith("xstate.after.stillWorkingAfter.") ||
  event.type.startsWith("xstate.after.longerThanUsualAfter.");

/** The phase of the wait a snapshot is in, or null when no call is waited for. */
function waitPhaseOf(snapshot: AnyMachineSnapshot): WaitPhase | null {
  const leaf = stateKey(snapshot.value).split(".").at(-1);
  return snapshot.hasTag("busy") && WAIT_PHASES.includes(leaf as WaitPhase) ? (leaf as WaitPhase) : null;
}

const isAnswer = (event: EventObject) =>
  event.type.startsWith("xstate.done.actor.") || event.type.startsWith("xstate.error.actor.");

/**
 * The filter of one scenario's walk as far as the waits go; `own` (the scenario's filter) decides
 * the rest. It remembers, per waiting state and kept URL request, the quiet wait it walks on from:
 * the first one it is asked about (the walk asks once per state, breadth first).
 */
function waitFilter<E extends EventObject>(own: (snapshot: AnyMachineSnapshot, event: E) => boolean) {
  const walkedOn = new Map<string, string>();
  const isWalkedOn = (snapshot: AnyMachineSnapshot) => {
    const kept = (snapshot.context as { stepRequest?: unknown }).stepRequest != null;
    const key = `${stateKey(snapshot.value)}|${kept ? "request kept" : "no request"}`;
    const serialized = serializeSnapshot(snapshot);
    if (!walkedOn.has(key)) walkedOn.set(key, serialized);
    return walkedOn.get(key) === serialized;
  };
  return (snapshot: AnyMachineSnapshot, event: E): boolean => {
    const phase = waitPhaseOf(snapshot);
    // The graph offers a delay only in the state whose delay it is; 'Still working…' is only ever
    // reached from a quiet wait walked on.
    if (isWaitOver(event)) return phase !== "quiet" || isWalkedOn(snapshot);
    if (event.type === CALL_CANCEL.type) return phase === "stillWorking" || phase === "longerThanUsual";
    if (phase === "stillWorking" || phase === "longerThanUsual") return isAnswer(event) && own(snapshot, event);
    return own(snapshot, event);
  };
}

/** The scenarios, each walking the waits as `waitFilter` says on top of its own filter. */
export function walkingWaits<E extends EventObject, Input>(scenarios: Array<Scenario<E, Input>>) {
  for (const scenario of scenarios) scenario.filterEvents = waitFilter(scenario.filterEvents ?? (() => true));
  return scenarios;
}

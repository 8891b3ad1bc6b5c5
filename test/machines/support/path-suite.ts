/**
 * The three checks every generated path test makes (STYLE.md point 7; DESIGN.md "Tests"):
 * (a) the generated paths end in every state the machine can rest in, against an explicit list;
 * (b) replayed on real actors, the paths take every transition of the machine;
 * (c) each path replays on a real actor, with stubbed actors settled as the path says, and ends in
 *     the path's state (value and context).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AnyStateMachine, EventObject } from "xstate";
import {
  generatePaths,
  handledEventTypes,
  invokeIds,
  leafStates,
  machineTransitions,
  replayer,
  stateKey,
  type ActorGate,
  type GeneratedPath,
  type ReplayResult,
  type Scenario,
} from "./graph.ts";

/** About three times the largest suites (aceClaim, contactService: ~7,000 paths): enough to grow, small enough to replay in seconds. */
const MAX_PATHS = 20_000;

export interface PathSuite<E extends EventObject, Input> {
  machine: AnyStateMachine;
  /** The machine with every invoked actor taken from the gate. */
  build: (gate: ActorGate) => AnyStateMachine;
  scenarios: Array<Scenario<E, Input>>;
  /** Every atomic and final state, written out: a new state without a path fails. */
  states: readonly string[];
  /** States left at once by `always` (never at rest): passed by paths, never their end. */
  transientStates: readonly string[];
  /** Events sent back by a callback actor rather than to the machine: event type -> invoke id. */
  sentBy?: Record<string, string>;
}

export function describePathSuite<E extends EventObject, Input>(suite: PathSuite<E, Input>) {
  const generated: Array<GeneratedPath<E, Input>> = suite.scenarios.flatMap((scenario) =>
    generatePaths(suite.machine, scenario),
  );
  const statePaths = generated.filter((path) => path.kind === "state");
  const results = new Map<GeneratedPath<E, Input>, ReplayResult>();

  beforeAll(async () => {
    // A walk that explodes (a new context field multiplying the states) would replay for minutes and
    // end as a bare hook timeout; say what exploded instead.
    if (generated.length > MAX_PATHS) {
      const counts = suite.scenarios.map(
        (scenario) => `${scenario.name}: ${generated.filter((path) => path.scenario === scenario).length}`,
      );
      throw new Error(
        `${generated.length} paths generated, more than ${MAX_PATHS}: narrow the scenarios (filterEvents, stopWhen)\n${counts.join("\n")}`,
      );
    }
    const replay = replayer(suite.build);
    for (const path of generated) results.set(path, await replay(path, suite.sentBy));
  });

  describe("graph", () => {
    it("the written state list is exactly the machine's atomic and final states", () => {
      expect(leafStates(suite.machine)).toEqual([...suite.states].sort());
    });

    it("every invoke has an id and an onError (STYLE.md point 3)", () => {
      const handled = handledEventTypes(suite.machine);
      const unhandled = invokeIds(suite.machine).filter((id) => !handled.includes(`xstate.error.actor.${id}`));
      expect(unhandled, "invokes whose failure is not modelled").toEqual([]);
    });

    it("every scenario has fixtures for every event the machine handles, done and error of invokes included", () => {
      const required = handledEventTypes(suite.machine);
      for (const scenario of suite.scenarios)
        expect(Object.keys(scenario.fixtures).sort(), scenario.name).toEqual(expect.arrayContaining(required));
    });

    it("(a) the generated shortest paths end in every state the machine can rest in", () => {
      const reached = new Set(statePaths.map(({ path }) => stateKey(path.state.value)));
      const resting = suite.states.filter((state) => !suite.transientStates.includes(state));
      expect([...reached].sort()).toEqual([...resting].sort());
    });

    it(`(b) every edge path (${generated.length - statePaths.length}) replays to its state too`, () => {
      const failures = generated
        .filter((path) => path.kind === "edge")
        .map((path) => [path.title, results.get(path)!] as const)
        .filter(([, result]) => result.error !== undefined)
        .map(([title, result]) => `${title}\n  ${result.error}`);
      expect(failures).toEqual([]);
    });

    it("(b) replayed, the paths take every transition of the machine", () => {
      const taken = new Set([...results.values()].flatMap((result) => [...result.transitions]));
      const missing = machineTransitions(suite.machine).filter((key) => !taken.has(key));
      expect(missing).toEqual([]);
    });

    it("(b) replayed, the paths pass through every state, transient ones included", () => {
      const visited = new Set([...results.values()].flatMap((result) => [...result.visited]));
      expect([...visited].sort()).toEqual([...suite.states].sort());
    });
  });

  // One test for all of them: each path is a check, not a behaviour of its own. Every failing path
  // is listed with its title and what differed (state, context keys), as in (b).
  it(`(c) every one of the ${statePaths.length} generated shortest paths replays to its state on a real actor`, () => {
    const failures = statePaths.flatMap((path) => {
      const result = results.get(path)!;
      const expected = stateKey(path.path.state.value);
      if (result.error === undefined && result.finalState === expected) return [];
      return [`${path.title}\n  ${result.error ?? `ended in ${result.finalState}, expected ${expected}`}`];
    });
    expect(failures, `${failures.length} of ${statePaths.length} paths failed`).toEqual([]);
  });

  return generated;
}

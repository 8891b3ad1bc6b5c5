/**
 * Shared machinery of the generated path tests (test/machines/*.paths.test.ts).
 *
 * - `FixturesFor<E>` types the event fixtures: one non-empty list per event type, invoke
 *   `xstate.done.actor.<id>` / `xstate.error.actor.<id>` included, so a missing one fails to compile.
 * - `generatePaths` walks a machine with xstate/graph (the paths `getShortestPaths` gives, found on
 *   the one adjacency map it builds), offering in each state
 *   only the fixtures of event types the active state nodes handle, and adds one path per edge of
 *   the same graph so that self-loops and second ways into a state are taken too.
 * - `ActorGate` stands in for every invoked actor of a real actor: each call waits until the replay
 *   settles it with the output or error a path's `xstate.done/error.actor.<id>` event carries.
 * - `replayer` drives a real actor through each path and records, through the inspection API, every
 *   transition taken and every state passed (transient `always` states included).
 */
import {
  createActor,
  fromCallback,
  fromPromise,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  type StateValue,
} from "xstate";
import {
  getAdjacencyMap,
  getStateNodes,
  serializeSnapshot,
  type AdjacencyMap,
  type AdjacencyValue,
  type StatePath,
} from "xstate/graph";

/** One non-empty list of fixtures per event type of `E`. */
export type FixturesFor<E extends EventObject> = {
  [K in E["type"]]: readonly [Extract<E, { type: K }>, ...Extract<E, { type: K }>[]];
};

/** The done event of invoke `id`, as the graph API expects it. */
export function done<const Id extends string, Output>(actorId: Id, output: Output): DoneActorEvent<Output, Id> {
  return { type: `xstate.done.actor.${actorId}` as `xstate.done.actor.${Id}`, output, actorId };
}

/** The error event of invoke `id`. */
export function failed<const Id extends string>(
  actorId: Id,
  error: unknown = new Error(`${actorId} failed`),
): ErrorActorEvent<unknown, Id> {
  return { type: `xstate.error.actor.${actorId}` as `xstate.error.actor.${Id}`, error, actorId };
}

function allFixtures<E extends EventObject>(fixtures: FixturesFor<E>): E[] {
  return Object.values(fixtures).flat() as E[];
}

/** 'uploading.linking' for `{ uploading: 'linking' }`; the machines here have no parallel states. */
export function stateKey(value: StateValue): string {
  if (typeof value === "string") return value;
  const entries = Object.entries(value);
  if (entries.length !== 1) throw new Error(`Parallel state values are not expected: ${JSON.stringify(value)}`);
  const [key, child] = entries[0]!;
  return child === undefined || (typeof child === "object" && Object.keys(child).length === 0)
    ? key
    : `${key}.${stateKey(child)}`;
}

/** Every atomic or final state of the machine, as dotted paths. */
export function leafStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === "atomic" || node.type === "final")
    .map((node) => node.path.join("."))
    .sort();
}

/** The ids of every invoke of the machine. */
export function invokeIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .flatMap((node) => node.invoke.map((invoke) => invoke.id))
    .sort();
}

/** Every event type some state node of the machine (root included) has a transition for. */
export function handledEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)])
    for (const type of node.transitions.keys()) types.add(type);
  return [...types].sort();
}

function nodeName(node: AnyStateNode): string {
  return node.path.length ? node.path.join(".") : `(${node.machine.id})`;
}

/** A stable name for a transition definition: source, event (or `always`) and its index there. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const isAlways = transition.eventType === "";
  const list = isAlways ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const index = list.indexOf(transition);
  if (index < 0) throw new Error(`Transition not found on its source ${source.id}`);
  const targets = transition.target?.map(nodeName).join(",") ?? "(no target)";
  return `${nodeName(source)} --${isAlways ? "always" : transition.eventType}[${index}]--> ${targets}`;
}

/** Every transition of the machine, from each state node's `transitions` and `always`. */
export function machineTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const list of node.transitions.values()) for (const transition of list) keys.push(transitionKey(transition));
    for (const transition of node.always ?? []) keys.push(transitionKey(transition));
  }
  return keys.sort();
}

/** Event types the active state nodes of a snapshot have transitions for. */
function ownEventTypes(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.flatMap((node: AnyStateNode) => [...node.transitions.keys()]));
}

export interface Scenario<E extends EventObject, Input> {
  name: string;
  input: Input;
  fixtures: FixturesFor<E>;
  /** Leave out some fixtures in some states, to keep the walked graph small. */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: E) => boolean;
  /** Do not walk further from these states. */
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /**
   * Start from this state instead of the initial one: for a branch no path from the initial state
   * can reach (say so where it is used). Replays restore it as a persisted snapshot.
   */
  from?: { value: StateValue; context: unknown };
}

export interface GeneratedPath<E extends EventObject, Input> {
  scenario: Scenario<E, Input>;
  path: StatePath<AnyMachineSnapshot, E>;
  /** A shortest path to a state, or such a path extended by one more edge (see generatePaths). */
  kind: "state" | "edge";
  /** 'scenario: ev1 > ev2 > ... => state' */
  title: string;
}

export function describeEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  delete rest.actorId;
  const detail = Object.keys(rest).length ? JSON.stringify(rest) : "";
  return `${type}${detail.length > 60 ? `${detail.slice(0, 57)}...` : detail}`;
}

/**
 * The shortest path to every state of an adjacency map, exactly as xstate/graph's `getShortestPaths`
 * gives them for the same traversal options (its algorithm, over the map it would build): breadth
 * first from the map's first state, the first way found kept, steps shaped as its paths' are (the
 * first step the start with an `xstate.init` event, each later one a state and the event into it).
 * `getShortestPaths` builds the map itself, and generatePaths needs the map as well: building it
 * (every event sent in every state) was most of the time these tests took, twice.
 */
function shortestPathsOf<E extends EventObject>(
  map: AdjacencyMap<AnyMachineSnapshot, E>,
): StatePath<AnyMachineSnapshot, E>[] {
  const adjacency = map as unknown as Record<string, AdjacencyValue<AnyMachineSnapshot, E>>;
  const [from] = Object.keys(adjacency);
  if (from === undefined) return [];
  const stateOf = new Map<string, AnyMachineSnapshot>([[from, adjacency[from]!.state]]);
  const cameFrom = new Map<string, { weight: number; state?: string; event?: E }>([[from, { weight: 0 }]]);
  const unvisited = new Set([from]);
  const visited = new Set<string>();
  for (const serialized of unvisited) {
    const { weight } = cameFrom.get(serialized)!;
    for (const { event, state } of Object.values(adjacency[serialized]!.transitions) as Array<{
      event: E;
      state: AnyMachineSnapshot;
    }>) {
      const next = serializeSnapshot(state);
      stateOf.set(next, state);
      const known = cameFrom.get(next);
      if (!known || known.weight > weight + 1) cameFrom.set(next, { weight: weight + 1, state: serialized, event });
      if (!visited.has(next)) unvisited.add(next);
    }
    visited.add(serialized);
    unvisited.delete(serialized);
  }
  // Raw steps as getShortestPaths keeps them (each the state left and the event leaving it), then
  // reshaped as it returns them.
  const raw = new Map<string, Array<{ state: AnyMachineSnapshot; event: E }>>();
  const paths: StatePath<AnyMachineSnapshot, E>[] = [];
  for (const [serialized, { weight, state: previous, event }] of cameFrom) {
    const state = stateOf.get(serialized)!;
    const steps =
      previous === undefined ? [] : [...raw.get(previous)!, { state: stateOf.get(previous)!, event: event! }];
    raw.set(serialized, steps);
    const init = { type: "xstate.init" } as E;
    const shaped = steps.length
      ? [
          ...steps.map((step, index) => ({ state: step.state, event: index === 0 ? init : steps[index - 1]!.event })),
          { state, event: steps.at(-1)!.event },
        ]
      : [{ state, event: init }];
    paths.push({ state, steps: shaped, weight });
  }
  return paths;
}

/**
 * The paths of a scenario. `getShortestPaths` gives one path per reachable state (value and
 * context): those are the `state` paths (shortestPathsOf finds the same ones). A shortest path never repeats a state, so it skips
 * self-loops (targetless transitions) and every second way into a state already reached; to take
 * every transition, each edge of the same graph (`getAdjacencyMap`, same options) also gets an
 * `edge` path: the shortest path to its source plus that one event.
 */
export function generatePaths<E extends EventObject, Input>(
  machine: AnyStateMachine,
  scenario: Scenario<E, Input>,
): GeneratedPath<E, Input>[] {
  const fixtures = allFixtures(scenario.fixtures);
  const options = {
    input: scenario.input,
    events: (snapshot: AnyMachineSnapshot) => {
      const types = ownEventTypes(snapshot);
      return fixtures.filter((event) => types.has(event.type) && (scenario.filterEvents?.(snapshot, event) ?? true));
    },
    ...(scenario.stopWhen ? { stopWhen: scenario.stopWhen } : {}),
    ...(scenario.from ? { fromState: machine.resolveState(scenario.from as never) } : {}),
  } as never;
  const adjacency = getAdjacencyMap(machine, options) as AdjacencyMap<AnyMachineSnapshot, E>;
  const paths = shortestPathsOf(adjacency);
  const bySource = new Map<string, StatePath<AnyMachineSnapshot, E>>(
    paths.map((path) => [serializeSnapshot(path.state), path]),
  );
  const edges: StatePath<AnyMachineSnapshot, E>[] = [];
  for (const value of Object.values(adjacency) as Array<AdjacencyValue<AnyMachineSnapshot, E>>) {
    const source = serializeSnapshot(value.state);
    const head = bySource.get(source);
    if (!head) throw new Error(`No shortest path to ${source}`);
    for (const { event, state } of Object.values(value.transitions) as Array<{ event: E; state: AnyMachineSnapshot }>) {
      edges.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
    }
  }
  const title = (path: StatePath<AnyMachineSnapshot, E>) =>
    `${scenario.name}: ${
      path.steps
        .slice(1)
        .map((step) => describeEvent(step.event))
        .join(" > ") || "(initial)"
    } => ${stateKey(path.state.value)}`;
  return [
    ...paths.map((path) => ({ scenario, path, kind: "state" as const, title: title(path) })),
    ...edges.map((path) => ({ scenario, path, kind: "edge" as const, title: title(path) })),
  ];
}

const FAIL = "test.gate.fail";

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
}

/**
 * Stand-ins for invoked actors whose outcome the test decides. `promise(id)` gives a `fromPromise`
 * that waits for `settle(id, ...)`; `callback(id)` gives a `fromCallback` whose `sendBack` the test
 * drives with `sendBack(id, event)` and fails with `settle(id, { error })`. Stopped invocations are forgotten, so settling always reaches
 * the running one.
 */
export class ActorGate {
  readonly calls: Array<{ id: string; input: unknown }> = [];
  private readonly pending = new Map<string, Pending>();
  private readonly senders = new Map<string, (event: EventObject) => void>();
  private readonly failers = new Map<string, (error: unknown) => void>();

  promise<Output, Input>(id: string) {
    return fromPromise<Output, Input>(
      ({ input, signal }) =>
        new Promise<Output>((resolve, reject) => {
          this.calls.push({ id, input });
          const entry: Pending = { resolve: resolve as (output: unknown) => void, reject, signal };
          this.pending.set(id, entry);
          signal.addEventListener("abort", () => {
            if (this.pending.get(id) === entry) this.pending.delete(id);
          });
        }),
    );
  }

  callback<Event extends EventObject, Input>(id: string) {
    return fromCallback<Event, Input>(({ input, sendBack, receive, self }) => {
      this.calls.push({ id, input });
      const sender = sendBack as (event: EventObject) => void;
      this.senders.set(id, sender);
      // A callback actor fails only by throwing; `settle(id, { error })` makes it throw on a receive.
      receive((event) => {
        if (event.type === FAIL) throw (event as Event & { error: unknown }).error;
      });
      this.failers.set(id, (error) => self.send({ type: FAIL, error } as unknown as Event));
      return () => {
        if (this.senders.get(id) === sender) {
          this.senders.delete(id);
          this.failers.delete(id);
        }
      };
    });
  }

  /** Forgets every call, for the next replay on the same machine (replayer). */
  reset(): void {
    this.calls.length = 0;
    this.pending.clear();
    this.senders.clear();
    this.failers.clear();
  }

  isRunning(id: string): boolean {
    return this.pending.has(id) || this.senders.has(id);
  }

  settle(id: string, outcome: { output: unknown } | { error: unknown }): void {
    const fail = this.failers.get(id);
    if (fail && "error" in outcome) return fail(outcome.error);
    const entry = this.pending.get(id);
    if (!entry) throw new Error(`No running invocation of '${id}' to settle`);
    this.pending.delete(id);
    if ("output" in outcome) entry.resolve(outcome.output);
    else entry.reject(outcome.error);
  }

  sendBack(id: string, event: EventObject): void {
    const sender = this.senders.get(id);
    if (!sender) throw new Error(`No running callback actor '${id}' for ${event.type}`);
    sender(event);
  }
}

export interface ReplayResult {
  ok: boolean;
  error?: string;
  finalState: string;
  /** Keys (see transitionKey) of every transition the real actor took. */
  transitions: Set<string>;
  /** Every state value the actor passed through, transient states included. */
  visited: Set<string>;
}

const serialize = (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot);

const pathTexts = new WeakMap<AnyMachineSnapshot, string>();
/**
 * serialize, once per snapshot of a generated path. The paths share their snapshots (an edge path
 * is a shortest path plus a step), so each was serialized again for every path through it, most of
 * the replays' time. The graph's snapshots are never changed; the actor's are always serialized anew.
 */
function serializePathState(snapshot: AnyMachineSnapshot): string {
  let text = pathTexts.get(snapshot);
  if (text === undefined) {
    text = serialize(snapshot);
    pathTexts.set(snapshot, text);
  }
  return text;
}

/** What differs between the expected and the actual snapshot: the state, and each differing context key. */
function snapshotDifference(expected: AnyMachineSnapshot, actual: AnyMachineSnapshot): string {
  const short = (value: unknown) => {
    const text = JSON.stringify(value) ?? "undefined";
    return text.length > 200 ? `${text.slice(0, 197)}...` : text;
  };
  const lines = [
    `expected ${stateKey(expected.value)}, got ${stateKey(actual.value)}${actual.status === "active" ? "" : ` (actor ${actual.status})`}`,
  ];
  const wanted = (expected.context ?? {}) as Record<string, unknown>;
  const got = (actual.context ?? {}) as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(wanted), ...Object.keys(got)])].sort()) {
    if (JSON.stringify(wanted[key]) !== JSON.stringify(got[key]))
      lines.push(`context.${key}: expected ${short(wanted[key])}, got ${short(got[key])}`);
  }
  return lines.join("\n    ");
}

/** Event-loop turns a step may take to land: settled stubs need one, this is ample headroom. */
const SETTLE_TURNS = 20;

/** Whether the actor reaches the serialized state within SETTLE_TURNS turns of the event loop. */
async function settlesTo(actor: { getSnapshot(): AnyMachineSnapshot }, expected: string): Promise<boolean> {
  for (let turn = 0; turn < SETTLE_TURNS; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (serialize(actor.getSnapshot()) === expected) return true;
  }
  return false;
}

/**
 * A replay of generated paths, one after another, on real actors of `build(gate)` (the machine
 * given stub actors from `gate` through `provide`). Done/error events settle the running invocation
 * of that id; events listed in `sentBy` are sent back by the named callback actor; the rest are sent
 * to the actor. After each step the actor must reach the step's state (value and context) exactly.
 * The machine is built once, the gate reset before each path: providing the machine anew for every
 * path was most of a replay's time once the waits' substates (waiting.ts) made the wizards larger.
 * Each replay stops its actor, and with it every call it started, before the next begins.
 */
export function replayer(build: (gate: ActorGate) => AnyStateMachine) {
  const gate = new ActorGate();
  const machine = build(gate);
  return <E extends EventObject, Input>(generated: GeneratedPath<E, Input>, sentBy: Record<string, string> = {}) => {
    gate.reset();
    return replayOn(machine, gate, generated, sentBy);
  };
}

async function replayOn<E extends EventObject, Input>(
  machine: AnyStateMachine,
  gate: ActorGate,
  generated: GeneratedPath<E, Input>,
  sentBy: Record<string, string>,
): Promise<ReplayResult> {
  const transitions = new Set<string>();
  const visited = new Set<string>();
  const from = generated.scenario.from;
  const actor = createActor(machine, {
    input: generated.scenario.input,
    ...(from ? { snapshot: machine.getPersistedSnapshot(machine.resolveState(from as never)) } : {}),
    inspect: (inspection) => {
      if (inspection.type !== "@xstate.microstep") return;
      for (const transition of inspection._transitions) transitions.add(transitionKey(transition));
      visited.add(stateKey((inspection.snapshot as AnyMachineSnapshot).value));
    },
  });
  const result = (ok: boolean, error?: string): ReplayResult => ({
    ok,
    error,
    finalState: stateKey(actor.getSnapshot().value),
    transitions,
    visited,
  });
  actor.start();
  try {
    visited.add(stateKey(actor.getSnapshot().value));
    const [first, ...rest] = generated.path.steps;
    if (first && serialize(actor.getSnapshot()) !== serializePathState(first.state)) {
      return result(
        false,
        `initial snapshot differs: ${serialize(actor.getSnapshot())} vs ${serializePathState(first.state)}`,
      );
    }
    for (const [index, step] of rest.entries()) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      const doneId = event.type.match(/^xstate\.done\.actor\.(.+)$/)?.[1];
      const errorId = event.type.match(/^xstate\.error\.actor\.(.+)$/)?.[1];
      if (doneId) gate.settle(doneId, { output: event.output });
      else if (errorId) gate.settle(errorId, { error: event.error });
      else if (sentBy[event.type]) gate.sendBack(sentBy[event.type]!, event);
      else actor.send(event as never);
      // Settled promises reach the machine a few microtasks later; let them land. Every invoked
      // actor is a stub and delays are sent as the path's events, so nothing here waits on the clock: a step either
      // lands within a few turns of the event loop or never. A clock-bound wait would fail by chance
      // on a busy machine, and spend a second on every failing path, so that a broken machine timed
      // out the replay hook instead of listing its failing paths.
      const expected = serializePathState(step.state);
      if (!(await settlesTo(actor, expected))) {
        return result(
          false,
          `step ${index + 1} (${describeEvent(event)}): ${snapshotDifference(step.state, actor.getSnapshot())}`,
        );
      }
    }
    if (serialize(actor.getSnapshot()) !== serializePathState(generated.path.state))
      return result(false, "final snapshot differs from the path's state");
    return result(true);
  } catch (error) {
    return result(false, String(error));
  } finally {
    actor.stop();
  }
}

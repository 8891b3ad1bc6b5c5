/**
 * The paths of a QA table, generated with xstate/graph from each of its starts: the shortest path
 * to every state (`getShortestPaths`), a few more simple paths per state (`getSimplePaths`, capped),
 * and what each step does to the machine: the transitions it takes (`getTransitionData`) and the
 * states it passes (`getMicrosteps`, transient ones included).
 */
import {
  getInitialMicrosteps,
  getMicrosteps,
  initialTransition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from "xstate";
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  serializeSnapshot,
  type AdjacencyMap,
  type StatePath,
} from "xstate/graph";
import { describeEvent, stateKey, transitionKey } from "../machines/support/graph.ts";
import type { AnyModelTable, Start } from "./table.ts";

/**
 * Simple paths kept per state beyond its shortest one. getSimplePaths gives every loop-free way
 * into every state, thousands for a wizard; a tester needs a few distinct ones, the shortest first.
 */
export const SIMPLE_PATHS_PER_STATE = 2;

/**
 * States (value and facts) a start may reach. getSimplePaths enumerates every simple path of that
 * graph, which grows exponentially with it: past this, the start needs narrower `facts` or events.
 */
export const MAX_GRAPH_STATES = 80;

export interface QaStep {
  event: EventObject;
  /** The model's snapshot after the event. */
  state: AnyMachineSnapshot;
}

export interface QaPath {
  start: Start;
  kind: "shortest" | "simple" | "walk";
  /** The model's snapshot the start arranges. */
  initial: AnyMachineSnapshot;
  steps: QaStep[];
}

/** The dotted state a snapshot rests in. */
export const restingState = (snapshot: AnyMachineSnapshot): string => stateKey(snapshot.value);

/** Where a path ends. */
export const targetOf = (path: QaPath): string => restingState(path.steps.at(-1)?.state ?? path.initial);

/** 'ev1 > ev2 > ... => state', for titles and failure messages. */
export function pathTitle(path: QaPath): string {
  return `${path.start.name}: ${path.steps.map((step) => describeEvent(step.event)).join(" > ") || "(start)"} => ${targetOf(path)}`;
}

function traversal(start: Start) {
  const facts = start.facts;
  return {
    input: start.input,
    events: start.events,
    ...(start.stopWhen ? { stopWhen: start.stopWhen } : {}),
    serializeState: (snapshot: AnyMachineSnapshot) =>
      facts ? JSON.stringify([snapshot.value, facts(snapshot)]) : serializeSnapshot(snapshot),
  };
}

function toQaPath(start: Start, path: StatePath<AnyMachineSnapshot, EventObject>, kind: QaPath["kind"]): QaPath {
  const [first, ...rest] = path.steps;
  return { start, kind, initial: first!.state, steps: rest.map((step) => ({ event: step.event, state: step.state })) };
}

/** The snapshot a start arranges: the machine's initial state for the start's input. */
export function initialOf(table: AnyModelTable, start: Start): AnyMachineSnapshot {
  return initialTransition(table.machine, start.input as never)[0] as AnyMachineSnapshot;
}

/** The transitions an event takes from a snapshot (none when every guard refuses it). */
export function transitionsTaken(machine: AnyStateMachine, before: AnyMachineSnapshot, event: EventObject): string[] {
  return machine.getTransitionData(before as never, event as never).map((transition) => transitionKey(transition));
}

/** Every state an event passes through on its way to rest, transient ones included. */
export function statesPassed(machine: AnyStateMachine, before: AnyMachineSnapshot, event: EventObject): string[] {
  return getMicrosteps(machine, before as never, event as never).map(([snapshot]) =>
    restingState(snapshot as AnyMachineSnapshot),
  );
}

/** Every state the machine passes as a start arranges it, transient ones included. */
export function statesPassedAtStart(table: AnyModelTable, start: Start): string[] {
  return getInitialMicrosteps(table.machine, start.input as never).map(([snapshot]) =>
    restingState(snapshot as AnyMachineSnapshot),
  );
}

/** The adjacency map of a start, with a check that it stays small enough to enumerate. */
export function adjacencyOf(table: AnyModelTable, start: Start): AdjacencyMap<AnyMachineSnapshot, EventObject> {
  const adjacency = getAdjacencyMap(table.machine, traversal(start) as never) as unknown as AdjacencyMap<
    AnyMachineSnapshot,
    EventObject
  >;
  const size = Object.keys(adjacency).length;
  if (size > MAX_GRAPH_STATES) {
    throw new Error(
      `${table.machine.id}, start '${start.name}': ${size} states to walk, more than ${MAX_GRAPH_STATES}; narrow its events or facts`,
    );
  }
  return adjacency;
}

const eventTexts = new WeakMap<EventObject, string>();
/** JSON of an event, once per event object: the paths of a start share theirs (the adjacency map's). */
function eventText(event: EventObject): string {
  let text = eventTexts.get(event);
  if (text === undefined) {
    text = JSON.stringify(event);
    eventTexts.set(event, text);
  }
  return text;
}

const eventsKey = (path: QaPath) => `${path.start.name}|${path.steps.map((step) => eventText(step.event)).join(">")}`;

/** The shortest path to every state the starts reach, the shortest start first on a tie. */
export function shortestPaths(table: AnyModelTable): QaPath[] {
  const best = new Map<string, QaPath>();
  for (const start of table.starts) {
    adjacencyOf(table, start);
    const paths = getShortestPaths(table.machine, traversal(start) as never) as unknown as StatePath<
      AnyMachineSnapshot,
      EventObject
    >[];
    for (const path of paths.map((one) => toQaPath(start, one, "shortest"))) {
      const known = best.get(targetOf(path));
      if (!known || path.steps.length < known.steps.length) best.set(targetOf(path), path);
    }
  }
  return [...best.values()];
}

/** Every transition a path takes, in order. */
function transitionsAlong(table: AnyModelTable, path: QaPath): string[] {
  let before = path.initial;
  return path.steps.flatMap((step) => {
    const taken = transitionsTaken(table.machine, before, step.event);
    before = step.state;
    return taken;
  });
}

/**
 * transitionsAlong for the many paths of getSimplePaths: they are made of the adjacency map's own
 * snapshots and events, tens of thousands of paths over a few hundred edges (planSearch), so each
 * edge's transitions are asked of the machine once (same objects, same answer) instead of per path.
 */
function transitionsAlongShared(
  table: AnyModelTable,
  path: QaPath,
  known: WeakMap<AnyMachineSnapshot, Map<EventObject, string[]>>,
): string[] {
  let before = path.initial;
  return path.steps.flatMap((step) => {
    let byEvent = known.get(before);
    if (!byEvent) known.set(before, (byEvent = new Map()));
    let taken = byEvent.get(step.event);
    if (!taken) byEvent.set(step.event, (taken = transitionsTaken(table.machine, before, step.event)));
    before = step.state;
    return taken;
  });
}

/**
 * Up to SIMPLE_PATHS_PER_STATE more simple paths into each state, each a different sequence of
 * events from its shortest path: first those taking a transition no path kept so far takes, then
 * the shortest.
 */
export function simplePaths(table: AnyModelTable, shortest: QaPath[] = shortestPaths(table)): QaPath[] {
  const seen = new Set(shortest.map(eventsKey));
  const byTarget = new Map<string, Array<{ path: QaPath; key: string }>>();
  for (const start of table.starts) {
    adjacencyOf(table, start);
    const paths = getSimplePaths(table.machine, traversal(start) as never) as unknown as StatePath<
      AnyMachineSnapshot,
      EventObject
    >[];
    for (const path of paths.map((one) => toQaPath(start, one, "simple"))) {
      const key = eventsKey(path);
      if (path.steps.length === 0 || seen.has(key)) continue;
      seen.add(key);
      const target = targetOf(path);
      if (!byTarget.has(target)) byTarget.set(target, []);
      byTarget.get(target)!.push({ path, key });
    }
  }
  const taken = new Set(shortest.flatMap((path) => transitionsAlong(table, path)));
  const known = new WeakMap<AnyMachineSnapshot, Map<EventObject, string[]>>();
  const kept: QaPath[] = [];
  for (const paths of byTarget.values()) {
    const candidates = paths.map(({ path, key }) => ({
      path,
      key,
      transitions: transitionsAlongShared(table, path, known),
      fresh: 0,
    }));
    for (let count = 0; count < SIMPLE_PATHS_PER_STATE && candidates.length; count++) {
      // How many of its transitions no kept path takes yet: fixed while this round sorts.
      for (const candidate of candidates)
        candidate.fresh = candidate.transitions.filter((key) => !taken.has(key)).length;
      candidates.sort(
        (a, b) => b.fresh - a.fresh || a.path.steps.length - b.path.steps.length || a.key.localeCompare(b.key),
      );
      const best = candidates.shift()!;
      best.transitions.forEach((key) => taken.add(key));
      kept.push(best.path);
    }
  }
  return kept;
}

/**
 * Which paths the browser walks (test/e2e/model-*.test.ts): the shortest path to every state, each
 * kept only when no other walk passes through it on the way; then, for every user-event transition
 * those leave untaken, the nearest walk of the same start is extended to take it (a breadth-first
 * search over the start's adjacency map), or a new walk starts when none can reach it. Fewer, longer
 * walks: each walk costs a fresh browser context and its start's set-up.
 */
import type { AnyMachineSnapshot, EventObject } from "xstate";
import { serializeSnapshot, type AdjacencyMap } from "xstate/graph";
import { machineTransitions } from "../machines/support/graph.ts";
import {
  adjacencyOf,
  shortestPaths,
  statesPassed,
  statesPassedAtStart,
  transitionsTaken,
  type QaPath,
  type QaStep,
} from "./paths.ts";
import { leavesFor, type AnyModelTable, type Start } from "./table.ts";

/** What a set of walks covers, by state and by user-event transition. */
export interface Coverage {
  states: string[];
  transitions: string[];
}

/** The user-event transitions a table is measured against: every one its screens can offer. */
export function userTransitions(table: AnyModelTable): string[] {
  const users = new Set(
    Object.entries(table.events)
      .filter(([, gesture]) => gesture.kind === "user")
      .map(([type]) => type),
  );
  return machineTransitions(table.machine).filter(
    (key) => users.has(eventTypeOf(key)) && !(key in (table.unreachable ?? {})),
  );
}

/** The event type of a transition key (`source --type[index]--> targets`). */
function eventTypeOf(key: string): string {
  return /--(.+)\[\d+\]-->/.exec(key)![1]!;
}

/** States and user-event transitions a path takes, as the model computes them. */
function coverageOf(table: AnyModelTable, path: QaPath): Coverage {
  const users = new Set(userTransitions(table));
  const states = new Set(statesPassedAtStart(table, path.start));
  const transitions = new Set<string>();
  let before = path.initial;
  for (const step of path.steps) {
    for (const key of transitionsTaken(table.machine, before, step.event)) if (users.has(key)) transitions.add(key);
    for (const state of statesPassed(table.machine, before, step.event)) states.add(state);
    before = step.state;
  }
  return { states: [...states], transitions: [...transitions] };
}

function serializerOf(start: Start) {
  return (snapshot: AnyMachineSnapshot) =>
    start.facts ? JSON.stringify([snapshot.value, start.facts(snapshot)]) : serializeSnapshot(snapshot);
}

/** The steps from `from` to the first edge taking one of `wanted`, that edge included; null when none does. */
function nearestEdge(
  table: AnyModelTable,
  adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject>,
  start: Start,
  from: string,
  wanted: Set<string>,
): QaStep[] | null {
  const serialize = serializerOf(start);
  const queue: Array<{ node: string; steps: QaStep[] }> = [{ node: from, steps: [] }];
  const seen = new Set([from]);
  while (queue.length) {
    const { node, steps } = queue.shift()!;
    const entry = adjacency[node as keyof typeof adjacency];
    if (!entry) continue;
    for (const { event, state } of Object.values(entry.transitions)) {
      const taken = transitionsTaken(table.machine, entry.state, event);
      if (taken.length === 0) continue;
      const path = [...steps, { event, state }];
      if (taken.some((key) => wanted.has(key))) return path;
      // A gesture that leaves the machine's screens ends a walk: never pass through one.
      if (leavesFor(table.events[event.type], event, entry.state)) continue;
      const next = serialize(state);
      if (!seen.has(next)) {
        seen.add(next);
        queue.push({ node: next, steps: path });
      }
    }
  }
  return null;
}

const isPrefix = (short: QaPath, long: QaPath) =>
  short !== long &&
  short.start === long.start &&
  short.steps.length <= long.steps.length &&
  short.steps.every((step, index) => JSON.stringify(step.event) === JSON.stringify(long.steps[index]!.event));

/** The walks of a table and what the model says they cover; `missed` is what no walk can take. */
export function walkPlan(table: AnyModelTable): { walks: QaPath[]; covered: Coverage; missed: string[] } {
  const shortest = shortestPaths(table).map((path): QaPath => ({ ...path, kind: "walk" }));
  const walks = shortest.filter(
    (path, index) =>
      !shortest.some(
        (other, otherIndex) => isPrefix(path, other) && (path.steps.length < other.steps.length || index > otherIndex),
      ),
  );
  const wanted = new Set(userTransitions(table));
  const take = (path: QaPath) => coverageOf(table, path).transitions.forEach((key) => wanted.delete(key));
  walks.forEach(take);
  const missed: string[] = [];
  for (const start of table.starts) {
    const adjacency = adjacencyOf(table, start);
    const serialize = serializerOf(start);
    while (wanted.size) {
      // Extend the walk of this start that reaches an untaken transition soonest.
      let best: { walk: QaPath | null; steps: QaStep[] } | null = null;
      for (const walk of walks.filter((one) => one.start === start)) {
        const last = walk.steps.at(-1);
        if (last && leavesFor(table.events[last.event.type], last.event, walk.steps.at(-2)?.state ?? walk.initial))
          continue;
        const steps = nearestEdge(table, adjacency, start, serialize(last?.state ?? walk.initial), wanted);
        if (steps && (!best || steps.length < best.steps.length)) best = { walk, steps };
      }
      if (!best) {
        const initial = Object.values(adjacency)[0]!.state;
        const steps = nearestEdge(table, adjacency, start, serialize(initial), wanted);
        if (!steps) break;
        best = { walk: null, steps };
        walks.push({ start, kind: "walk", initial, steps: [] });
        best.walk = walks.at(-1)!;
      }
      best.walk!.steps.push(...best.steps);
      take(best.walk!);
    }
  }
  missed.push(...wanted);
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const walk of walks) {
    const coverage = coverageOf(table, walk);
    coverage.states.forEach((state) => states.add(state));
    coverage.transitions.forEach((key) => transitions.add(key));
  }
  return { walks, covered: { states: [...states].sort(), transitions: [...transitions].sort() }, missed };
}

/**
 * A QA table's paths as a tester reads them: every start lettered (A, B, ...) with its set-up, and
 * every path as numbered steps, each saying what to do (or what the portal does by itself) and what
 * the screen shows then. The Markdown page and the JSON file are both written from this one shape.
 */
import type { AnyMachineSnapshot, EventObject } from "xstate";
import { failureOf } from "../../test/model/calls.ts";
import { initialOf, restingState, shortestPaths, simplePaths, targetOf, type QaPath } from "../../test/model/paths.ts";
import { isTransient, leavesFor, type AnyModelTable, type Start } from "../../test/model/table.ts";
import { walkPlan } from "../../test/model/walk-plan.ts";

interface PlanStep {
  /** The event the machine receives: a gesture's whole, a system event's type (and failure status). */
  event: EventObject & { status?: number };
  by: "user" | "system";
  does: string;
  /** The state the machine rests in after it; null when the gesture left the machine's screens. */
  state: string | null;
  shows: string;
}

export interface PlanPath {
  id: string;
  kind: "shortest" | "simple" | "walk";
  start: string;
  target: string;
  steps: PlanStep[];
}

export interface PlanStart {
  id: string;
  name: string;
  setup: string[];
  state: string;
  shows: string;
}

export interface PathPlan {
  machine: string;
  file: string;
  source: string;
  table: string;
  starts: PlanStart[];
  paths: PlanPath[];
}

const letter = (index: number) => String.fromCharCode(65 + index);

function shows(table: AnyModelTable, snapshot: AnyMachineSnapshot): string {
  const view = table.states[restingState(snapshot)];
  if (!view) throw new Error(`The QA table of ${table.machine.id} has no view of ${restingState(snapshot)}`);
  if (isTransient(view))
    throw new Error(`${restingState(snapshot)} of ${table.machine.id} is transient, yet a path rests there`);
  return view.shows(snapshot);
}

/**
 * An event as the JSON file gives it: a gesture's event whole (its payload says what to pick or
 * type); a system event by its type, with the HTTP status of a failure. The model's answers of the
 * API (whole claims and plans) would make the file a megabyte and tell a tester nothing.
 */
function plainEvent(event: EventObject, by: PlanStep["by"]): PlanStep["event"] {
  if (by === "user") return JSON.parse(JSON.stringify(event)) as EventObject;
  const failure = "error" in event ? failureOf(event.error) : "dropped";
  return failure === "dropped" ? { type: event.type } : { type: event.type, status: failure.status };
}

function toSteps(table: AnyModelTable, path: QaPath): PlanStep[] {
  let before = path.initial;
  return path.steps.map((step) => {
    const gesture = table.events[step.event.type];
    if (!gesture) throw new Error(`The QA table of ${table.machine.id} has no gesture for ${step.event.type}`);
    const leaves = leavesFor(gesture, step.event, before);
    const planned: PlanStep = {
      event: plainEvent(step.event, gesture.kind),
      by: gesture.kind,
      does: gesture.does(step.event, before),
      state: leaves ? null : restingState(step.state),
      shows: leaves ?? shows(table, step.state),
    };
    before = step.state;
    return planned;
  });
}

/**
 * The path plan of one table: its starts, its shortest paths (one per state), its simple paths,
 * and the walks that together take every user-event transition (those test/e2e walks in Chromium).
 */
export function pathPlan(table: AnyModelTable, sourceOfMachine: string): PathPlan {
  const startId = new Map<Start, string>(table.starts.map((start, index) => [start, letter(index)]));
  const shortest = shortestPaths(table);
  const order = (paths: QaPath[]) =>
    [...paths].sort(
      (a, b) => a.steps.length - b.steps.length || table.starts.indexOf(a.start) - table.starts.indexOf(b.start),
    );
  const planned = (paths: QaPath[], kind: PlanPath["kind"], prefix: string) =>
    order(paths).map((path, index): PlanPath => ({
      id: `${prefix}${index + 1}`,
      kind,
      start: startId.get(path.start)!,
      target: targetOf(path),
      steps: toSteps(table, path),
    }));
  return {
    machine: table.machine.id,
    file: table.file,
    source: sourceOfMachine,
    table: table.source,
    starts: table.starts.map((start, index) => {
      const initial = initialOf(table, start);
      return {
        id: letter(index),
        name: start.name,
        setup: start.setup,
        state: restingState(initial),
        shows: shows(table, initial),
      };
    }),
    paths: [
      ...planned(shortest, "shortest", "S"),
      ...planned(simplePaths(table, shortest), "simple", "P"),
      ...planned(walkPlan(table).walks, "walk", "W"),
    ],
  };
}

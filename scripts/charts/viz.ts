/**
 * A machine as a self-contained `createMachine({...})` source for the Stately visualizer
 * (stately.ai/viz): the same states, ids, tags, meta, invokes and transitions, with guards, actions
 * and actors as plain names (their implementations and params stay in machines/), and nothing
 * imported but `createMachine` from xstate.
 */
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { actionName, transitionsOf, type ChartTransition } from "./chart-model.ts";

type Value = string | number | boolean | null | Value[] | { [key: string]: Value | undefined };
type Config = { [key: string]: Value | undefined };

/** How a transition of `source` names `target`: a sibling by key, a descendant by `.path`, else `#id`. */
function targetRef(source: AnyStateNode, target: AnyStateNode): string {
  if (source.parent && target.parent === source.parent) return target.key;
  if (target.path.length > source.path.length && source.path.every((key, i) => target.path[i] === key)) {
    return `.${target.path.slice(source.path.length).join(".")}`;
  }
  return `#${target.id}`;
}

function one<T extends Value>(list: T[]): T | T[] {
  return list.length === 1 ? list[0]! : list;
}

function transitionConfig(transition: ChartTransition): Value {
  const targets = transition.targets.map((target) => targetRef(transition.source, target));
  if (!transition.guard && !transition.actions.length && !transition.reenter && targets.length === 1)
    return targets[0]!;
  return {
    guard: transition.guard ?? undefined,
    target: targets.length ? one(targets) : undefined,
    actions: transition.actions.length ? one(transition.actions) : undefined,
    reenter: transition.reenter || undefined,
  };
}

/** Keeps what JSON can hold: meta carries data, never functions. */
function plain(value: unknown): Value | undefined {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (Array.isArray(value)) return value.map(plain).filter((item): item is Value => item !== undefined);
  if (typeof value === "object") {
    const result: Config = {};
    for (const [key, item] of Object.entries(value)) result[key] = plain(item);
    return result;
  }
  return undefined;
}

function group(transitions: ChartTransition[], keyOf: (transition: ChartTransition) => string): Config | undefined {
  if (!transitions.length) return undefined;
  const byKey = new Map<string, Value[]>();
  for (const transition of transitions) {
    const key = keyOf(transition);
    byKey.set(key, [...(byKey.get(key) ?? []), transitionConfig(transition)]);
  }
  return Object.fromEntries([...byKey].map(([key, list]) => [key, one(list)]));
}

function stateConfig(node: AnyStateNode, isRoot: boolean): Config {
  const transitions = transitionsOf(node);
  const ofKind = (kind: ChartTransition["kind"]) => transitions.filter((transition) => transition.kind === kind);
  const outcome = (kind: "done" | "error", id: string) => {
    const list = ofKind(kind).filter((transition) => transition.detail === id);
    return list.length ? one(list.map(transitionConfig)) : undefined;
  };
  const invokes = node.invoke.map((invoke) => ({
    id: invoke.id,
    src: typeof invoke.src === "string" ? invoke.src : invoke.id,
    systemId: invoke.systemId ?? undefined,
    onDone: outcome("done", invoke.id),
    onError: outcome("error", invoke.id),
  }));
  const children = Object.values(node.states) as AnyStateNode[];
  const entry = ([] as unknown[]).concat(node.config.entry ?? []).map(actionName);
  const exit = ([] as unknown[]).concat(node.config.exit ?? []).map(actionName);
  const stateDone = ofKind("stateDone");
  const always = ofKind("always");
  return {
    id: isRoot ? node.machine.id : node.config.id,
    type: node.type === "compound" || node.type === "atomic" ? undefined : node.type,
    history: node.type === "history" ? (node.config.history ?? "shallow") : undefined,
    initial: node.type === "compound" ? (node.initial?.target?.[0] as AnyStateNode | undefined)?.key : undefined,
    tags: node.config.tags === undefined ? undefined : plain([node.config.tags].flat()),
    meta: plain(node.config.meta),
    entry: entry.length ? one(entry) : undefined,
    exit: exit.length ? one(exit) : undefined,
    invoke: invokes.length ? one(invokes) : undefined,
    on: group(ofKind("event"), (transition) => transition.eventType),
    after: group(ofKind("after"), (transition) => transition.detail!),
    always: always.length ? one(always.map(transitionConfig)) : undefined,
    onDone: stateDone.length ? one(stateDone.map(transitionConfig)) : undefined,
    states: children.length
      ? Object.fromEntries(children.map((child) => [child.key, stateConfig(child, false)]))
      : undefined,
  };
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** TypeScript source for a value: keys unquoted where they can be, two-space indent, one item a line. */
function print(value: Value, indent: string): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== "object" || item === null))
      return `[${value.map((item) => print(item, inner)).join(", ")}]`;
    return `[\n${value.map((item) => `${inner}${print(item, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).filter((entry): entry is [string, Value] => entry[1] !== undefined);
  if (!entries.length) return "{}";
  const lines = entries.map(
    ([key, item]) => `${inner}${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${print(item, inner)},`,
  );
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/** The .viz.ts file for a machine. */
export function toVizSource(machine: AnyStateMachine, sourceFile: string): string {
  return `/**
 * ${machine.id}: the state chart of ${sourceFile}, for the Stately visualizer (https://stately.ai/viz).
 * Generated by \`npm run charts\`; do not edit. Guards, actions and actors are names only: their
 * implementations live in machines/. docs/charts/README.md says how to paste this file.
 */
import { createMachine } from "xstate";

export const machine = createMachine(${print(stateConfig(machine.root, true), "")});
`;
}

/**
 * docs/charts/index.ts: every .viz.ts by file name, imported with literal paths so \`tsc\` checks
 * them all when the chart test imports this index.
 */
export function vizIndex(charts: Array<{ file: string }>): string {
  const entries = charts.map(({ file }) => `  ${JSON.stringify(file)}: () => import("./${file}.viz.ts"),`);
  return `/** Generated by \`npm run charts\`; do not edit. Every visualizer file, for the chart test and the typecheck. */
import type { AnyStateMachine } from "xstate";

export const vizMachines: Record<string, () => Promise<{ machine: AnyStateMachine }>> = {
${entries.join("\n")}
};
`;
}

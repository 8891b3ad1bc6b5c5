/**
 * What a chart shows, read from a machine's StateNodes (`machine.root`): its states in definition
 * order, and every transition with its kind (event, always, the done/error outcome of an invoke, a
 * delay, a compound state's done), guard name, action names and targets. The Mermaid text, the
 * visualizer file and the chart test are all built on this one walk, so they cannot disagree.
 */
import type { AnyStateMachine, AnyStateNode } from "xstate";

type TransitionKind = "event" | "always" | "done" | "error" | "after" | "stateDone";

export interface ChartTransition {
  source: AnyStateNode;
  kind: TransitionKind;
  /** The event descriptor as xstate stores it (`xstate.done.actor.saveItems`); "" for always. */
  eventType: string;
  /** The event as a reader sees it: `step.next`, `always`, `done.saveItems`, `error.saveItems`, `after 500ms`. */
  label: string;
  /** The invoke id of a done/error outcome, the delay of an `after`. */
  detail: string | null;
  guard: string | null;
  actions: string[];
  targets: AnyStateNode[];
  reenter: boolean;
}

interface NamedFunction {
  name?: string;
  type?: unknown;
  guards?: unknown[];
}

/** A guard as its name: `isX`, `!isX`, `isX && hasY`; an inline function as `inline`. */
function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === "string") return guard;
  if (typeof guard === "function") {
    const fn = guard as NamedFunction;
    if (Array.isArray(fn.guards)) {
      const parts = fn.guards.map((part) => guardName(part) ?? "inline");
      if (fn.name === "not") return `!${parts[0]}`;
      return parts.join(fn.name === "or" ? " || " : " && ");
    }
    return fn.name && fn.name !== "anonymous" && fn.name !== "guard" ? fn.name : "inline";
  }
  const typed = guard as { type?: unknown };
  return typeof typed.type === "string" ? typed.type : "inline";
}

/** An action as its name: a named action's type, a built-in's kind (`assign`), else `inline`. */
export function actionName(action: unknown): string {
  if (typeof action === "string") return action;
  const typed = action as NamedFunction;
  if (typeof typed.type === "string") return typed.type.replace(/^xstate\./, "");
  if (typeof action === "function" && typed.name && typed.name !== "anonymous") return typed.name;
  return "inline";
}

/** Every state of the machine below the root, parents before children, in definition order. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

function classify(node: AnyStateNode, eventType: string): Pick<ChartTransition, "kind" | "label" | "detail"> {
  for (const invoke of node.invoke) {
    if (eventType === `xstate.done.actor.${invoke.id}`)
      return { kind: "done", label: `done.${invoke.id}`, detail: invoke.id };
    if (eventType === `xstate.error.actor.${invoke.id}`)
      return { kind: "error", label: `error.${invoke.id}`, detail: invoke.id };
  }
  if (eventType === `xstate.done.state.${node.id}`) return { kind: "stateDone", label: "done", detail: null };
  if (eventType.startsWith("xstate.after.") && eventType.endsWith(`.${node.id}`)) {
    const delay = eventType.slice("xstate.after.".length, -(node.id.length + 1));
    return { kind: "after", label: /^\d+$/.test(delay) ? `after ${delay}ms` : `after ${delay}`, detail: delay };
  }
  return { kind: "event", label: eventType, detail: null };
}

interface RawTransition {
  guard?: unknown;
  actions: readonly unknown[];
  target?: readonly AnyStateNode[];
  reenter?: boolean;
}

function toChartTransition(
  node: AnyStateNode,
  eventType: string,
  transition: RawTransition,
  kind: Pick<ChartTransition, "kind" | "label" | "detail">,
): ChartTransition {
  return {
    source: node,
    ...kind,
    eventType,
    guard: guardName(transition.guard),
    actions: transition.actions.map(actionName),
    targets: [...(transition.target ?? [])],
    reenter: Boolean(transition.reenter),
  };
}

/** The transitions leaving one state: its events, delays and invoke outcomes in order, then `always`. */
export function transitionsOf(node: AnyStateNode): ChartTransition[] {
  const result: ChartTransition[] = [];
  for (const [eventType, list] of node.transitions as unknown as Map<string, RawTransition[]>) {
    const kind = classify(node, eventType);
    for (const transition of list) result.push(toChartTransition(node, eventType, transition, kind));
  }
  for (const transition of (node.always ?? []) as unknown as RawTransition[]) {
    result.push(toChartTransition(node, "", transition, { kind: "always", label: "always", detail: null }));
  }
  return result;
}

/** How many states (every state below the root) and transitions (all kinds) a machine has. */
export function countChart(machine: AnyStateMachine): { states: number; transitions: number } {
  const nodes = stateNodesOf(machine);
  const transitions = [machine.root, ...nodes].reduce((sum, node) => sum + transitionsOf(node).length, 0);
  return { states: nodes.length, transitions };
}

/**
 * One line per state and per transition (`#id --event [guard] / actions--> #target`), so two
 * machines can be compared state by state and transition by transition.
 */
export function chartSignature(machine: AnyStateMachine): string[] {
  const lines: string[] = [];
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    const step = (node.meta as { step?: unknown } | undefined)?.step;
    const invokes = node.invoke.map((invoke) => `${invoke.id}:${typeof invoke.src === "string" ? invoke.src : "?"}`);
    lines.push(
      `state #${node.id} ${node.type}${step === undefined ? "" : ` step ${String(step)}`}${invokes.length ? ` invokes ${invokes.join(",")}` : ""}`,
    );
    for (const transition of transitionsOf(node)) {
      const targets = transition.targets.map((target) => `#${target.id}`).join(",") || "(stays)";
      lines.push(
        `  #${node.id} --${transition.label}${transition.guard ? ` [${transition.guard}]` : ""}${transition.actions.length ? ` / ${transition.actions.join(",")}` : ""}--> ${targets}`,
      );
    }
  }
  return lines;
}

/**
 * A machine as a Mermaid `stateDiagram-v2`: compound states as nested `state X { ... }`, `[*] -->`
 * for each initial state, `--> [*]` after each final one, the URL step in the state's label,
 * invoked actors, tags, entry and exit actions as lines in the state's box (a compound state's in
 * its label), and every transition labelled `event [guard] / actions` (`always [guard]`,
 * `done.saveItems`, `error.saveItems` for invokes, `after stillWorkingAfter (5 s)` for delays).
 * The output depends on the machine definition only, so it is stable from run to run.
 */
import { createHash } from "node:crypto";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { stateNodesOf, transitionsOf, type ChartTransition } from "./chart-model.ts";

/** Words Mermaid's state grammar reads as keywords; a state id never equals one. */
const RESERVED = new Set([
  "state",
  "note",
  "end",
  "direction",
  "class",
  "classDef",
  "style",
  "click",
  "as",
  "left",
  "right",
  "of",
]);

/** A Mermaid id for a state: its path joined by `_` (unique in the machine), the machine id for the root. */
function mermaidId(node: AnyStateNode): string {
  const raw = node.path.length === 0 ? node.machine.id : node.path.join("_");
  const id = raw.replace(/[^A-Za-z0-9_]/g, "_");
  return RESERVED.has(id) ? `${id}_` : id;
}

/** Look-alikes for the characters Mermaid's grammar reads (`;` ends a statement, `#` starts an entity). */
const LOOK_ALIKES: Record<string, string> = {
  ":": "\uA789",
  ";": "\u037E",
  "#": "\uFF03",
  "%": "\uFF05",
  "{": "\uFF5B",
  "}": "\uFF5D",
  "<": "\u2039",
  ">": "\u203A",
  '"': "'",
  "`": "'",
  "\\": "\u29F5",
};

/**
 * Label text Mermaid draws as written: characters its grammar reads become look-alikes (Mermaid's
 * own `#code;` entities are not decoded in plain-SVG labels), line breaks become spaces.
 */
function escapeLabel(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[^\p{L}\p{N} _.,!&|()[\]/+*=?'@$^~-]/gu, (char) => LOOK_ALIKES[char] ?? "\uFFFD");
}

function stepOf(node: AnyStateNode): unknown {
  return (node.meta as { step?: unknown } | undefined)?.step;
}

/**
 * A state's name with its URL step; a compound state (whose box holds its children, not lines of
 * its own) also says there what an atomic one says in its box: invokes, tags, entry and exit.
 */
function stateLabel(node: AnyStateNode): string {
  const step = stepOf(node);
  const name = node.path.length === 0 ? node.machine.id : node.key;
  const extra = isCompound(node) ? descriptions(node) : [];
  if (step !== undefined) extra.unshift(`step ${String(step)}`);
  return extra.length ? `${name} (${extra.join(", ")})` : name;
}

/** A named delay's length when the machine gives it as a number: `5 s`, `500ms`. */
function delayLength(machine: AnyStateMachine, delay: string | null): string | null {
  const value = delay === null ? undefined : (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof value !== "number") return null;
  return value % 1000 === 0 ? `${value / 1000} s` : `${value}ms`;
}

/** `event [guard] / a, b`: what a transition arrow says; a named delay with its length when fixed. */
function transitionLabel(machine: AnyStateMachine, transition: ChartTransition): string {
  const length = transition.kind === "after" ? delayLength(machine, transition.detail) : null;
  const parts = [length ? `${transition.label} (${length})` : transition.label];
  if (transition.guard) parts.push(`[${transition.guard}]`);
  if (transition.reenter) parts.push("(reenter)");
  if (transition.actions.length) parts.push(`/ ${transition.actions.join(", ")}`);
  return parts.join(" ");
}

function isCompound(node: AnyStateNode): boolean {
  return Object.keys(node.states).length > 0;
}

/** The lines describing a state inside its box: what it invokes, its tags, its entry and exit actions. */
function descriptions(node: AnyStateNode): string[] {
  const lines: string[] = [];
  for (const invoke of node.invoke) lines.push(`invokes ${invoke.id}`);
  if (node.tags.length) lines.push(`tags ${node.tags.join(", ")}`);
  const entry = ([] as unknown[]).concat(node.config.entry ?? []);
  const exit = ([] as unknown[]).concat(node.config.exit ?? []);
  if (entry.length) lines.push(`entry / ${entry.map(actionLabel).join(", ")}`);
  if (exit.length) lines.push(`exit / ${exit.map(actionLabel).join(", ")}`);
  return lines;
}

function actionLabel(action: unknown): string {
  if (typeof action === "string") return action;
  const typed = action as { type?: unknown; name?: string };
  if (typeof typed.type === "string") return typed.type.replace(/^xstate\./, "");
  return typed.name && typed.name !== "anonymous" ? typed.name : "inline";
}

/**
 * Where a transition line goes: in the innermost compound state that strictly contains both its
 * ends, or at the top level (null). Mermaid hangs when a compound state's own arrow to one of its
 * children is written inside its block, so a state never holds its own arrows.
 */
function home(source: AnyStateNode, target: AnyStateNode): AnyStateNode | null {
  const ancestors = (node: AnyStateNode) => {
    const list: AnyStateNode[] = [];
    for (let current = node.parent; current; current = current.parent) list.push(current);
    return list;
  };
  const ofTarget = new Set(ancestors(target));
  return ancestors(source).find((node) => ofTarget.has(node)) ?? null;
}

export function toMermaid(machine: AnyStateMachine): string {
  const nodes = [machine.root, ...stateNodesOf(machine)];
  const edgesIn = new Map<AnyStateNode | null, string[]>([
    [null, []],
    ...nodes.map((node) => [node, []] as [AnyStateNode, string[]]),
  ]);
  for (const node of nodes) {
    for (const transition of transitionsOf(node)) {
      const label = escapeLabel(transitionLabel(machine, transition));
      // A transition without a target stays in its state: drawn as a loop.
      const targets = transition.targets.length ? transition.targets : [node];
      for (const target of targets) {
        edgesIn.get(home(node, target))!.push(`${mermaidId(node)} --> ${mermaidId(target)} : ${label}`);
      }
    }
  }

  const lines = ["stateDiagram-v2"];
  const emit = (node: AnyStateNode, depth: number) => {
    const pad = "  ".repeat(depth);
    const id = mermaidId(node);
    lines.push(`${pad}state "${escapeLabel(stateLabel(node))}" as ${id}`);
    if (isCompound(node)) {
      lines.push(`${pad}state ${id} {`);
      const inner = `${pad}  `;
      const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
      if (initial) lines.push(`${inner}[*] --> ${mermaidId(initial)}`);
      for (const child of Object.values(node.states) as AnyStateNode[]) emit(child, depth + 1);
      for (const edge of edgesIn.get(node)!) lines.push(`${inner}${edge}`);
      lines.push(`${pad}}`);
    } else {
      for (const line of descriptions(node)) lines.push(`${pad}${id} : ${escapeLabel(line)}`);
    }
    if (node.type === "final") lines.push(`${pad}${id} --> [*]`);
  };
  emit(machine.root, 1);
  for (const edge of edgesIn.get(null)!) lines.push(`  ${edge}`);
  return `${lines.join("\n")}\n`;
}

/** The hash an SVG carries of the Mermaid text it was drawn from. */
export function mermaidHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The comment that carries that hash at the top of an SVG. */
export const SVG_HASH_PATTERN = /<!-- mermaid-sha256: ([0-9a-f]{64}) -->/;
export const svgHashComment = (text: string) => `<!-- mermaid-sha256: ${mermaidHash(text)} -->`;

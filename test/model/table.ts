/**
 * The QA model of a machine: one table per machine that says, for every event, the gesture a person
 * makes in the browser (or, for a `system` event, what the portal does by itself), and for every
 * state what the screen shows, each with a function doing or checking it in Playwright.
 * `npm run paths` turns a table into path plans a tester follows by hand (docs/qa-paths/), and
 * test/e2e/model-*.test.ts walks the same paths through the built portal in Chromium, as Expensify's
 * App and @xstate/test do. DESIGN.md "Tests"; STYLE.md point 7.
 */
import type { BrowserContext, Page } from "playwright-core";
import type { AnyMachineSnapshot, AnyStateMachine, DoneActorEvent, ErrorActorEvent, EventObject } from "xstate";
import type { RunningServer } from "../../server/start.ts";
import { handledEventTypes, invokeIds, leafStates } from "../machines/support/graph.ts";
import type { HeldCalls } from "./held-calls.ts";

/** What a gesture or a check can reach while a path is walked in the browser. */
export interface Walker {
  page: Page;
  context: BrowserContext;
  server: RunningServer;
  /** The requests of invoked actors, held at the network until the path settles them. */
  calls: HeldCalls;
}

/** How an event happens: a person's gesture, or the portal by itself (a call's answer, a URL sync). */
export interface Gesture<E extends EventObject = EventObject> {
  kind: "user" | "system";
  /** In the tester's words, imperative for a gesture ("Press **Next**"), a statement for the portal. */
  does: (event: E, before: AnyMachineSnapshot) => string;
  /** Does it in the browser; `before` is the model's snapshot the event is sent in. */
  perform: (walker: Walker, event: E, before: AnyMachineSnapshot) => Promise<void>;
  /**
   * Set when the gesture leaves the machine's screens (Back to Home): what shows then, or, as a
   * function, undefined in the states where it does not leave. The machine stays where it was, so a
   * path ends with such a gesture, and `perform` checks where it landed.
   */
  leaves?: string | ((event: E, before: AnyMachineSnapshot) => string | undefined);
}

/** What the screen shows in a state, and the check that it does. */
export interface StateView {
  shows: (snapshot: AnyMachineSnapshot) => string;
  check: (walker: Walker, snapshot: AnyMachineSnapshot) => Promise<void>;
}

/** A state left at once by `always` transitions: never on screen, passed on the way (why it exists). */
export interface TransientState {
  transient: string;
}

/** A request an invoked actor makes: held while the model says the call runs, so its busy state shows. */
export interface ApiCall {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Matched against the URL's path after /api/v1/. */
  path: RegExp;
}

/**
 * Work in the page that waits, the first time only, for a script loaded on first use (a lazily
 * loaded chunk, a worker): held at that script's request. Once the script has loaded, the work runs
 * in the page by itself and is gone before anyone looks: the walk then checks what shows after it.
 */
export interface ScriptLoad {
  /** Matched against the URL's path. */
  script: RegExp;
}

/** What holds an invoked actor, or a spawned child, while the model says it runs. */
export type CallPattern = ApiCall | ScriptLoad;

/** Where the paths of a table begin: a URL, demo data, and the steps that bring a page there. */
export interface Start<Input = unknown> {
  name: string;
  /** In the tester's words, numbered in the plans: the URL to open and what to do there. */
  setup: string[];
  /** Brings a fresh page to the machine's initial state, as `setup` says. */
  arrange: (walker: Walker) => Promise<void>;
  /** The machine's input in that start. */
  input: Input;
  /** The events offered in a state: the table's fixtures, payloads as the demo data gives them. */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Do not walk on from these states. */
  stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /**
   * The facts of a snapshot that tell states apart (default: value and whole context). A view may
   * check only these: they keep the walked graph, and so the simple paths, small.
   */
  facts?: (snapshot: AnyMachineSnapshot) => unknown;
}

/** A machine's QA table. `E` lists its events and its invokes' done and error events. */
export interface ModelTable<E extends EventObject = EventObject> {
  machine: AnyStateMachine;
  /** docs/qa-paths/<file>.md and .json; the same name as docs/charts/<file>.md. */
  file: string;
  /** This table's module, named in the plans. */
  source: string;
  starts: Start[];
  events: { [K in E["type"]]: Gesture<Extract<E, { type: K }>> };
  /** Every atomic and final state by its dotted path. */
  states: Record<string, StateView | TransientState>;
  /** Per invoke id, the request that shows its call is running (walked machines only). */
  calls?: Record<string, CallPattern>;
  /** Per id of a child the machine spawns, the request that shows it at work: held when it is spawned. */
  spawned?: Record<string, CallPattern>;
  /**
   * User-event transitions (graph.ts transitionKey) the screens never offer, with why: listed in
   * the coverage, not counted.
   */
  unreachable?: Record<string, string>;
  /** Puts the demo data back as seeded before each walk (a walk files claims, sends requests). */
  reset?: (server: RunningServer) => Promise<void>;
}

/** The done and error events of invoke `Id`, for a table's event union. */
export type Outcome<Id extends string, Output = unknown> = DoneActorEvent<Output, Id> | ErrorActorEvent<unknown, Id>;

/** Any table, whatever its events. */
export type AnyModelTable = ModelTable<any>;

export const isTransient = (view: StateView | TransientState): view is TransientState => "transient" in view;

/**
 * Throws, naming them, when the table lacks a gesture for an event the machine handles, a view for
 * one of its states, or a call pattern for one of its invokes (when it has calls), or names ones the
 * machine does not have.
 */
export function assertTableComplete(table: AnyModelTable): void {
  const problems: string[] = [];
  const compare = (what: string, wanted: string[], given: string[]) => {
    const missing = wanted.filter((name) => !given.includes(name));
    const unknown = given.filter((name) => !wanted.includes(name));
    if (missing.length) problems.push(`no ${what} for ${missing.join(", ")}`);
    if (unknown.length) problems.push(`${what} for what the machine does not have: ${unknown.join(", ")}`);
  };
  compare("gesture", handledEventTypes(table.machine), Object.keys(table.events));
  compare("state view", leafStates(table.machine), Object.keys(table.states));
  if (table.calls) compare("call pattern", [...new Set(invokeIds(table.machine))], Object.keys(table.calls));
  if (problems.length)
    throw new Error(`The QA table of ${table.machine.id} (${table.source}) is incomplete:\n- ${problems.join("\n- ")}`);
}

/** What a gesture leaves the machine's screens for in `before`, or undefined when it stays. */
export function leavesFor(
  gesture: Gesture | undefined,
  event: EventObject,
  before: AnyMachineSnapshot,
): string | undefined {
  return typeof gesture?.leaves === "function" ? gesture.leaves(event, before) : gesture?.leaves;
}

/** A user gesture. */
export function user<E extends EventObject>(
  does: Gesture<E>["does"],
  perform: Gesture<E>["perform"],
  leaves?: Gesture<E>["leaves"],
): Gesture<E> {
  return { kind: "user", does, perform, ...(leaves ? { leaves } : {}) };
}

/** Something the portal does by itself (an answer, a URL sync); `perform` brings it about in a walk. */
export function system<E extends EventObject>(does: Gesture<E>["does"], perform: Gesture<E>["perform"]): Gesture<E> {
  return { kind: "system", does, perform };
}

/** A state's view. */
export function view(shows: StateView["shows"] | string, check: StateView["check"]): StateView {
  return { shows: typeof shows === "string" ? () => shows : shows, check };
}

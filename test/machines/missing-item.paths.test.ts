/**
 * Generated paths of missingItemMachine: option lists loaded or failing, submit added,
 * another message, or an error with or without a message; replayed with `loadOptions` and
 * `addItem` stubbed.
 */
import { describe } from "vitest";
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import { missingItemMachine, type ManualItem, type MissingItemEvent, type MissingItemInput, type MissingItemOptions } from "../../machines/missing-item.machine.ts";
import type { AddItemOutcome } from "../../machines/outcomes.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { addItemError, missingItemInput, missingItemOptions, recliner } from "./support/missing-item-fixtures.ts";
import { describePathSuite } from "./support/path-suite.ts";

type PathEvent =
  | MissingItemEvent
  | DoneActorEvent<MissingItemOptions, "loadOptions">
  | ErrorActorEvent<unknown, "loadOptions">
  | DoneActorEvent<AddItemOutcome, "addItem">
  | ErrorActorEvent<unknown, "addItem">;

const fixtures = {
  "item.submit": [{ type: "item.submit", item: recliner }],
  "claim.back": [{ type: "claim.back" }],
  "options.retry": [{ type: "options.retry" }],
  "xstate.done.actor.loadOptions": [done("loadOptions", missingItemOptions)],
  "xstate.error.actor.loadOptions": [failed("loadOptions", new Error("Option lists unavailable"))],
  "xstate.done.actor.addItem": [done("addItem", { kind: "added" }), done("addItem", { kind: "notAdded" })],
  "xstate.error.actor.addItem": [failed("addItem", addItemError("Invalid request")), failed("addItem", addItemError(""))],
} as const satisfies FixturesFor<PathEvent>;

const scenarios: Array<Scenario<PathEvent, MissingItemInput>> = [{ name: "claim 55 on plan 1", input: missingItemInput, fixtures }];

describe("missingItem generated paths", () => {
  describePathSuite({
    machine: missingItemMachine,
    build: (gate) =>
      missingItemMachine.provide({
        actors: {
          loadOptions: gate.promise<MissingItemOptions, void>("loadOptions"),
          addItem: gate.promise<AddItemOutcome, { claimId: number; planId: number; item: ManualItem }>("addItem"),
        },
      }),
    scenarios,
    states: ["loading", "optionsFailed", "editing", "submitting", "added"],
    transientStates: [],
  });
});

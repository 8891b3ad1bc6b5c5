/**
 * Generated paths of missingItemMachine: the claim open, unreachable or unchecked, option lists
 * loaded or failing, submit added, another message, or refused with a code or without; replayed
 * with `checkClaim`, `loadOptions` and `addItem` stubbed.
 */
import { describe } from "vitest";
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import {
  missingItemMachine,
  type ClaimReach,
  type ManualItem,
  type MissingItemEvent,
  type MissingItemInput,
  type MissingItemOptions,
} from "../../machines/missing-item.machine.ts";
import type { AddItemOutcome } from "../../machines/outcomes.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import {
  CLAIM_OPEN,
  CLAIM_UNREACHABLE,
  addItemRefusal,
  missingItemInput,
  missingItemOptions,
  recliner,
} from "./support/missing-item-fixtures.ts";
import { describePathSuite } from "./support/path-suite.ts";

type PathEvent =
  | MissingItemEvent
  | DoneActorEvent<ClaimReach, "checkClaim">
  | ErrorActorEvent<unknown, "checkClaim">
  | DoneActorEvent<MissingItemOptions, "loadOptions">
  | ErrorActorEvent<unknown, "loadOptions">
  | DoneActorEvent<AddItemOutcome, "addItem">
  | ErrorActorEvent<unknown, "addItem">;

const fixtures = {
  "item.submit": [{ type: "item.submit", item: recliner }],
  "claim.back": [{ type: "claim.back" }],
  "options.retry": [{ type: "options.retry" }],
  "xstate.done.actor.checkClaim": [done("checkClaim", CLAIM_OPEN), done("checkClaim", CLAIM_UNREACHABLE)],
  "xstate.error.actor.checkClaim": [failed("checkClaim", new Error("No connection"))],
  "xstate.done.actor.loadOptions": [done("loadOptions", missingItemOptions)],
  "xstate.error.actor.loadOptions": [failed("loadOptions", new Error("Option lists unavailable"))],
  "xstate.done.actor.addItem": [done("addItem", { kind: "added" }), done("addItem", { kind: "notAdded" })],
  "xstate.error.actor.addItem": [
    failed(
      "addItem",
      addItemRefusal(409, "TOO_MANY_MISSING_ITEMS", "This claim already has 10 missing items, the most allowed"),
    ),
    failed("addItem", addItemRefusal(500, null, "")),
  ],
} as const satisfies FixturesFor<PathEvent>;

const scenarios: Array<Scenario<PathEvent, MissingItemInput>> = [
  { name: "claim 55 on plan 1", input: missingItemInput, fixtures },
];

describe("missingItem generated paths", () => {
  describePathSuite({
    machine: missingItemMachine,
    build: (gate) =>
      missingItemMachine.provide({
        actors: {
          checkClaim: gate.promise<ClaimReach, MissingItemInput>("checkClaim"),
          loadOptions: gate.promise<MissingItemOptions, void>("loadOptions"),
          addItem: gate.promise<AddItemOutcome, { claimId: number; planId: number; item: ManualItem }>("addItem"),
        },
      }),
    scenarios,
    states: ["checking", "loading", "claimUnreachable", "optionsFailed", "editing", "submitting", "added"],
    transientStates: [],
  });
});

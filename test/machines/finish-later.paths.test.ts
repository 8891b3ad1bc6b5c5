/**
 * Generated paths of finishLaterMachine: the dialog opened, the address on the plan found, absent
 * or not read; Send with the step saved or not, the link sent, refused for too many links, for no
 * email on file, or without an answer; Try Again and Close; replayed with `loadTarget`, `keepStep`
 * and `sendLink` stubbed.
 */
import { describe } from "vitest";
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import {
  finishLaterMachine,
  NoEmailOnFile,
  type FinishLaterEvent,
  type FinishLaterInput,
} from "../../machines/finish-later.machine.ts";
import { CallFailed } from "../../machines/outcomes.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import { describePathSuite } from "./support/path-suite.ts";

type PathEvent =
  | FinishLaterEvent
  | DoneActorEvent<string | null, "loadTarget">
  | ErrorActorEvent<unknown, "loadTarget">
  | DoneActorEvent<void, "keepStep">
  | ErrorActorEvent<unknown, "keepStep">
  | DoneActorEvent<string, "sendLink">
  | ErrorActorEvent<unknown, "sendLink">;

const MASKED = "d•••@example.com";

const fixtures = {
  "dialog.open": [{ type: "dialog.open", step: 3 }],
  "dialog.close": [{ type: "dialog.close" }],
  "link.send": [{ type: "link.send" }],
  "target.retry": [{ type: "target.retry" }],
  "xstate.done.actor.loadTarget": [done("loadTarget", MASKED), done("loadTarget", null)],
  "xstate.error.actor.loadTarget": [failed("loadTarget", new TypeError("Failed to fetch"))],
  "xstate.done.actor.keepStep": [done("keepStep", undefined)],
  "xstate.error.actor.keepStep": [failed("keepStep", new Error("The step was not saved"))],
  "xstate.done.actor.sendLink": [done("sendLink", MASKED)],
  "xstate.error.actor.sendLink": [
    failed("sendLink", new CallFailed({ kind: "rateLimited", retryAfterSeconds: 1800 })),
    failed("sendLink", new NoEmailOnFile()),
    failed("sendLink", new TypeError("Failed to fetch")),
  ],
} as const satisfies FixturesFor<PathEvent>;

const scenarios: Array<Scenario<PathEvent, FinishLaterInput>> = [
  { name: "claim 55 on step 3", input: { claimId: 55 }, fixtures },
];

describe("finishLater generated paths", () => {
  describePathSuite({
    machine: finishLaterMachine,
    build: (gate) =>
      finishLaterMachine.provide({
        actors: {
          loadTarget: gate.promise<string | null, { claimId: number }>("loadTarget"),
          keepStep: gate.promise<void, void>("keepStep"),
          sendLink: gate.promise<string, { claimId: number; step: number }>("sendLink"),
        },
      }),
    scenarios,
    states: [
      "closed",
      "loadingTarget",
      "targetFailed",
      "ready",
      "keepingStep",
      "sending",
      "sent",
      "failed",
      "noEmailOnFile",
    ],
    transientStates: [],
  });
});

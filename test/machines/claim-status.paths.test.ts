/**
 * Generated paths of claimStatusMachine (the claim-status page): a status found, not found, a link
 * expired, a read failing with an answer or rejecting; Retry and Check for updates; replayed with
 * `readStatus` stubbed.
 */
import { describe } from "vitest";
import type { DoneActorEvent, ErrorActorEvent } from "xstate";
import {
  claimStatusMachine,
  type ClaimStatusEvent,
  type ClaimStatusLink,
  type ClaimStatusOutcome,
} from "../../machines/claim-status.machine.ts";
import { done, failed, type FixturesFor, type Scenario } from "./support/graph.ts";
import {
  FOUND,
  LINK_EXPIRED,
  MOVED,
  NOT_FOUND,
  NO_CONNECTION,
  SERVER_FAILED,
  statusLink,
} from "./support/claim-status-fixtures.ts";
import { describePathSuite } from "./support/path-suite.ts";

type PathEvent =
  ClaimStatusEvent | DoneActorEvent<ClaimStatusOutcome, "readStatus"> | ErrorActorEvent<unknown, "readStatus">;

const fixtures = {
  "status.retry": [{ type: "status.retry" }],
  "status.reload": [{ type: "status.reload" }],
  "xstate.done.actor.readStatus": [
    done("readStatus", FOUND),
    done("readStatus", MOVED),
    done("readStatus", NOT_FOUND),
    done("readStatus", LINK_EXPIRED),
    done("readStatus", NO_CONNECTION),
    done("readStatus", SERVER_FAILED),
  ],
  "xstate.error.actor.readStatus": [failed("readStatus", new Error("Unreadable answer"))],
} as const satisfies FixturesFor<PathEvent>;

const scenarios: Array<Scenario<PathEvent, ClaimStatusLink>> = [{ name: "claim CL-55", input: statusLink, fixtures }];

describe("claimStatus generated paths", () => {
  describePathSuite({
    machine: claimStatusMachine,
    build: (gate) =>
      claimStatusMachine.provide({
        actors: { readStatus: gate.promise<ClaimStatusOutcome, ClaimStatusLink>("readStatus") },
      }),
    scenarios,
    states: ["loading", "shown", "notFound", "linkExpired", "failed"],
    transientStates: [],
  });
});

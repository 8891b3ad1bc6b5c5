/**
 * Generated paths of fppClaimMachine from the scenarios of support/fpp-claim-scenarios.ts, replayed
 * on real actors whose invoked actors are settled as each path says.
 */
import { describe } from "vitest";
import type { Claim } from "../../machines/domain.ts";
import type { SubmitOutcome } from "../../machines/outcomes.ts";
import type { LoadClaimInput, LoadedClaim, SaveDamagesInput, SaveItemsInput } from "../../machines/claim-wizard.ts";
import { fppClaimMachine } from "../../machines/fpp-claim.machine.ts";
import { scenarios } from "./support/fpp-claim-scenarios.ts";
import { describePathSuite } from "./support/path-suite.ts";

describe("fppClaim generated paths", () => {
  describePathSuite({
    machine: fppClaimMachine,
    build: (gate) =>
      fppClaimMachine.provide({
        actors: {
          loadClaim: gate.promise<LoadedClaim, LoadClaimInput>("loadClaim"),
          saveItems: gate.promise<Claim, SaveItemsInput>("saveItems"),
          removeItem: gate.promise<Claim, { claimId: number; claimItemId: number }>("removeItem"),
          saveDamages: gate.promise<Claim, SaveDamagesInput>("saveDamages"),
          deleteDamage: gate.promise<Claim, { claimId: number; damageId: number }>("deleteDamage"),
          deleteDocument: gate.promise<Claim, { claimId: number; documentId: number }>("deleteDocument"),
          submitClaim: gate.promise<SubmitOutcome, { claimId: number; customerId: number }>("submitClaim"),
        },
      }),
    scenarios,
    states: [
      "loading",
      "routing",
      "planChoice",
      "selectingItems.editing",
      "selectingItems.removingItem.quiet",
      "selectingItems.removingItem.stillWorking",
      "selectingItems.removingItem.longerThanUsual",
      "selectingItems.keepingItems.quiet",
      "selectingItems.keepingItems.stillWorking",
      "selectingItems.keepingItems.longerThanUsual",
      "confirmingDetails.editing",
      "confirmingDetails.savingItems.quiet",
      "confirmingDetails.savingItems.stillWorking",
      "confirmingDetails.savingItems.longerThanUsual",
      "confirmingDetails.keepingItems.quiet",
      "confirmingDetails.keepingItems.stillWorking",
      "confirmingDetails.keepingItems.longerThanUsual",
      "reportingDamage.editing",
      "reportingDamage.checkingDamages",
      "reportingDamage.savingDamages.quiet",
      "reportingDamage.savingDamages.stillWorking",
      "reportingDamage.savingDamages.longerThanUsual",
      "reportingDamage.deletingDamage.quiet",
      "reportingDamage.deletingDamage.stillWorking",
      "reportingDamage.deletingDamage.longerThanUsual",
      "reportingDamage.deletingDocument.quiet",
      "reportingDamage.deletingDocument.stillWorking",
      "reportingDamage.deletingDocument.longerThanUsual",
      "reportingDamage.keepingDamages.quiet",
      "reportingDamage.keepingDamages.stillWorking",
      "reportingDamage.keepingDamages.longerThanUsual",
      "reviewing.ready",
      "reviewing.submitting.quiet",
      "reviewing.submitting.stillWorking",
      "reviewing.submitting.longerThanUsual",
      "submitted",
      "claimNotFound",
    ],
    transientStates: ["routing", "reportingDamage.checkingDamages"],
  });
});

/**
 * Generated paths of aceClaimMachine from the scenarios of support/ace-claim-scenarios.ts, replayed
 * on real actors whose invoked actors are settled as each path says.
 */
import { describe } from "vitest";
import { aceClaimMachine } from "../../machines/ace-claim.machine.ts";
import type {
  LoadClaimInput,
  LoadedClaim,
  SaveContactInput,
  SaveDamagesInput,
  SaveItemsInput,
} from "../../machines/claim-wizard.ts";
import type { Claim } from "../../machines/domain.ts";
import type { SubmitOutcome } from "../../machines/outcomes.ts";
import { scenarios } from "./support/ace-claim-scenarios.ts";
import { describePathSuite } from "./support/path-suite.ts";

describe("aceClaim generated paths", () => {
  describePathSuite({
    machine: aceClaimMachine,
    build: (gate) =>
      aceClaimMachine.provide({
        actors: {
          loadClaim: gate.promise<LoadedClaim, LoadClaimInput>("loadClaim"),
          saveContact: gate.promise<void, SaveContactInput>("saveContact"),
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
      "confirmingContact.editing",
      "confirmingContact.savingContact.quiet",
      "confirmingContact.savingContact.stillWorking",
      "confirmingContact.savingContact.longerThanUsual",
      "confirmingContact.keepingContact.quiet",
      "confirmingContact.keepingContact.stillWorking",
      "confirmingContact.keepingContact.longerThanUsual",
      "selectingItems.editing",
      "selectingItems.removingItem.quiet",
      "selectingItems.removingItem.stillWorking",
      "selectingItems.removingItem.longerThanUsual",
      "selectingItems.savingItems.quiet",
      "selectingItems.savingItems.stillWorking",
      "selectingItems.savingItems.longerThanUsual",
      "selectingItems.keepingItems.quiet",
      "selectingItems.keepingItems.stillWorking",
      "selectingItems.keepingItems.longerThanUsual",
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

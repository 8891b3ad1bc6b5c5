/**
 * Generated paths of aceClaimMachine from the scenarios of support/ace-claim-scenarios.ts, replayed
 * on real actors whose invoked actors are settled as each path says.
 */
import { describe } from "vitest";
import { aceClaimMachine, type LoadedAceClaim, type SaveAceItemsInput } from "../../machines/ace-claim.machine.ts";
import type { DamageToSave } from "../../machines/claim-drafts.ts";
import type { Contact } from "../../machines/contact-rules.ts";
import type { Claim } from "../../machines/domain.ts";
import { scenarios } from "./support/ace-claim-scenarios.ts";
import { describePathSuite } from "./support/path-suite.ts";

describe("aceClaim generated paths", () => {
  describePathSuite({
    machine: aceClaimMachine,
    build: (gate) =>
      aceClaimMachine.provide({
        actors: {
          loadClaim: gate.promise<LoadedAceClaim, { claimId: number; planId: number; customerId: number }>("loadClaim"),
          saveContact: gate.promise<void, { customerId: number; contact: Contact }>("saveContact"),
          saveItems: gate.promise<Claim, SaveAceItemsInput>("saveItems"),
          removeItem: gate.promise<Claim, { claimId: number; claimItemId: number }>("removeItem"),
          saveDamages: gate.promise<Claim, { claimId: number; customerId: number; damages: DamageToSave[] }>("saveDamages"),
          deleteDamage: gate.promise<Claim, { claimId: number; damageId: number }>("deleteDamage"),
          deleteDocument: gate.promise<Claim, { claimId: number; documentId: number }>("deleteDocument"),
          submitClaim: gate.promise<string, { claimId: number }>("submitClaim"),
        },
      }),
    scenarios,
    states: [
      "loading",
      "routing",
      "confirmingContact",
      "savingContact",
      "choosingItems",
      "removingItem",
      "savingItems",
      "reportingDamage",
      "checkingDamages",
      "savingDamages",
      "deletingDamage",
      "deletingDocument",
      "reviewing",
      "submitting",
      "submitted",
      "claimNotFound",
    ],
    transientStates: ["routing", "checkingDamages"],
  });
});

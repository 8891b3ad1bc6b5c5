/**
 * Domain records of the ACE claim wizard tests (ace-claim.test.ts, ace-claim.paths.test.ts), built
 * on domain-fixtures.ts: an Ace plan, ACE option lists per model number, the customer's contact
 * details, and ACE damages, which have no specific damage (SPEC.md section 3, "absent in the ACE
 * variant").
 */
import { CallFailed, type SubmitOutcome } from "../../../machines/outcomes.ts";
import type { LoadedClaim } from "../../../machines/claim-wizard.ts";
import type { Contact } from "../../../machines/contact-rules.ts";
import type { AceOptions, Claim, DamageEntry, Lookup, ModelOptions, SavedDamage } from "../../../machines/domain.ts";
import { claim, claimItem, newDamage, plan, planItem, savedDamage } from "./domain-fixtures.ts";

const lookup = (id: number, name: string): Lookup => ({ id, name });

/** Valid contact details as the customer record holds them. */
export const validContact: Contact = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "(555) 234-5678",
  address: "12 Analytical Way",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
};

/** Contact details the customer record holds without an email: step 2 must be completed first. */
export const contactWithoutEmail: Contact = { ...validContact, email: "" };

/** The Ace plan of the wizard: two claimable items, one returned, one fully replaced. */
export const acePlan = plan(1, {
  planType: "Ace",
  items: [planItem(1), planItem(2), planItem(3, { returned: true }), planItem(4, { fullReplacement: true })],
});

export const aceOptions: AceOptions = {
  manufacturers: [lookup(1, "Acme")],
  materials: [lookup(2, "Oak")],
  colors: [lookup(3, "Red")],
  remedies: [lookup(6, "None")],
};

const modelOption: ModelOptions = {
  damageTypes: [lookup(4, "Stain")],
  howItHappened: [lookup(5, "Spill")],
  damageAreas: [lookup(7, "Seat")],
};
/** Options per plan item id, as loadClaim answers them (one fetch per model number). */
export const aceModelOptions: Record<number, ModelOptions> = {
  1: modelOption,
  2: modelOption,
  3: modelOption,
  4: modelOption,
};

/** A damage the ACE server holds: no specific damage. */
export const aceSavedDamage = (id: number): SavedDamage => ({ ...savedDamage(id), specificDamageId: null });

/** A saved ACE damage as the screen holds it on step 4. */
export const aceSavedBlock = (id: number): Partial<DamageEntry> => {
  const { id: savedId, ...rest } = aceSavedDamage(id);
  return { savedId, ...rest };
};

/** A complete ACE damage block as typed on step 4: the screen asks no specific damage. */
export const aceNewDamage = (note = "torn seat"): Partial<DamageEntry> => {
  const { specificDamageId: _absent, ...rest } = newDamage(note);
  return rest;
};

/** What saveDamages sends for `aceNewDamage(note)` of plan item `planItemId`. */
export const aceDamageSent = (planItemId: number, note = "torn seat") => ({
  ...newDamage(note),
  specificDamageId: null,
  planItemId,
});

/** A block missing its note (whitespace only) and its area. */
export const incompleteAceBlock: Partial<DamageEntry> = { damageTypeId: 4, note: "   " };

/** A draft with nothing saved yet (just created). */
export const aceFreshClaim = claim();
/** A draft whose item 1 is saved, without damages or documents yet (step 4 reachable, 5 not). */
export const aceItemsSavedClaim = claim({ items: [claimItem(11, 1)] });
/** A draft whose item 1 is saved with one saved damage and one document: ready for review. */
export const aceReadyClaim = claim({
  items: [claimItem(11, 1, { damages: [aceSavedDamage(901)], documents: [{ id: 501, fileName: "sofa.jpg" }] })],
});
/** A claim already submitted. */
export const aceSubmittedClaim = claim({ status: "Open", items: aceReadyClaim.items });

/** loadClaim's answer for a claim, with the customer's contact details. */
export const aceLoaded = (c: Claim, contact: Contact = validContact): LoadedClaim => ({
  claim: c,
  plan: acePlan,
  options: aceOptions,
  modelOptions: aceModelOptions,
  contact,
});

/** A failed call the server answered and refused, as the API layer rejects with it (src/api/http.ts). */
export function httpError(status: number): CallFailed {
  return new CallFailed({ kind: "refused", status, code: null, message: "" });
}

/** Submit outcomes as the API layer resolves them (src/api/claims.ts, src/api/ace-claims.ts). */
export const outcome = {
  submitted: { kind: "submitted" },
  incomplete: { kind: "incomplete" },
  alreadySubmitted: { kind: "alreadySubmitted" },
  gatewayTimeout: { kind: "gatewayTimeout" },
  notTaken: { kind: "notTaken" },
} as const satisfies Record<string, SubmitOutcome>;

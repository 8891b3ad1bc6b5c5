/**
 * What only the ACE wizard does: its step rule (contact details gate steps 3 to 5), the 504 rule,
 * the contact rule, its guards, the contact step, items with their details on one step, damages
 * with options per model number and no specific damage, and its submit rules (SPEC.md section 2
 * "Claim wizard (ACE)", section 4 "Claim flow", section 5). What both wizards share is tested once
 * in claim-wizard.test.ts.
 */
import { describe, expect, it } from "vitest";
import { aceClaimMachine } from "../../machines/ace-claim.machine.ts";
import { CallFailed } from "../../machines/outcomes.ts";
import { hasCompleteDamages, hasDocumentsForEveryItem } from "../../machines/claim-drafts.ts";
import { CLAIM_STEPS, resolveStep, type StepFacts } from "../../machines/claim-steps.ts";
import { initialContext, stepOf, type ClaimWizardContext } from "../../machines/claim-wizard.ts";
import {
  BLANK_CONTACT,
  isValidContact,
  isValidUsPhone,
  phoneDigits,
  type Contact,
} from "../../machines/contact-rules.ts";
import type { Claim, ItemDetails } from "../../machines/domain.ts";
import {
  aceDamageSent,
  aceFreshClaim,
  aceItemsSavedClaim,
  aceLoaded,
  aceModelOptions,
  aceNewDamage,
  aceOptions,
  acePlan,
  aceReadyClaim,
  aceSavedBlock,
  aceSavedDamage,
  aceSubmittedClaim,
  contactWithoutEmail,
  httpError,
  outcome,
  incompleteAceBlock,
  validContact,
} from "./support/ace-claim-fixtures.ts";
import { guardOf } from "./support/actors.ts";
import { claim, claimItem } from "./support/domain-fixtures.ts";
import { FAMILIES, failing, idle, inTurn, openWizard, paramsOf, where } from "./support/wizard-harness.ts";

const context = (overrides: Partial<ClaimWizardContext> = {}): ClaimWizardContext => ({
  ...initialContext("ace", { claimId: 55, planId: 1, customerId: 700, requestedStep: null }),
  stepRequest: null,
  claim: aceFreshClaim,
  plan: acePlan,
  options: aceOptions,
  modelOptions: aceModelOptions,
  contact: validContact,
  contactSaved: true,
  ...overrides,
});

const resolveAceStep = (requested: number | null, facts: StepFacts) => resolveStep("ace", requested, facts);
const ACE_STEPS = CLAIM_STEPS;
const fullDetails: ItemDetails = { manufacturerId: 1, materialId: 2, colorId: 3 };
const guard = (name: string) => guardOf(aceClaimMachine, name);
const ace = FAMILIES.find((family) => family.name === "ace")!;
/** An ACE wizard on `first`: a claim (loaded with valid contact details) or loadClaim's whole answer. */
const open = (
  requestedStep: number | null,
  first: Parameters<typeof openWizard>[2],
  server: Parameters<typeof openWizard>[3] = {},
) => openWizard(ace, requestedStep, first, server);

describe("aceClaim step rule (resolveAceStep)", () => {
  const facts = (
    claimValue: Claim,
    contact: Partial<Contact> = validContact,
    selection: number[] = [],
    contactSaved = true,
  ) => ({ claim: claimValue, contact, contactSaved, selection });

  it("the numbered steps are 1 to 5; the confirmation is step 6", () => {
    expect(ACE_STEPS).toEqual([1, 2, 3, 4, 5]);
    expect(ACE_STEPS.length + 1).toBe(6);
  });

  it("a claim out of the draft group shows the confirmation (6), whatever the step or contact (Not submitted and UNKNOWN count as drafts: claim-status.test.ts)", () => {
    for (const requested of [null, 1, 2, 3, 4, 5, 6, 9, Number.NaN])
      expect(resolveAceStep(requested, facts(aceSubmittedClaim)), String(requested)).toBe(6);
    for (const status of ["Open", "Closed", "In process", "Pending review", "Denied", "Cancelled"] as const) {
      expect(resolveAceStep(3, facts(claim({ status }), {})), status).toBe(6);
    }
  });

  it("step 1 is the plan choice", () => {
    expect(resolveAceStep(1, facts(aceReadyClaim))).toBe("selectPlan");
    expect(resolveAceStep(1, facts(aceFreshClaim, {}))).toBe("selectPlan");
  });

  it("a missing, non-numeric, zero, too high or fractional step resets to 2", () => {
    for (const requested of [null, Number.NaN, 0, -1, 6, 7, 2.5, Number.POSITIVE_INFINITY]) {
      expect(resolveAceStep(requested, facts(aceReadyClaim)), String(requested)).toBe(2);
    }
  });

  it("step 2 is always reachable, even without valid contact details", () => {
    expect(resolveAceStep(2, facts(aceReadyClaim))).toBe(2);
    expect(resolveAceStep(2, facts(aceFreshClaim, {}))).toBe(2);
  });

  it("step 3 needs valid contact details", () => {
    expect(resolveAceStep(3, facts(aceFreshClaim))).toBe(3);
    // Edited and not yet saved: the consumer must press Next on step 2 first.
    expect(resolveAceStep(3, facts(aceFreshClaim, validContact, [], false))).toBe(2);
    expect(resolveAceStep(5, facts(aceReadyClaim, validContact, [], false))).toBe(2);
    expect(resolveAceStep(3, facts(aceFreshClaim, contactWithoutEmail))).toBe(2);
    expect(resolveAceStep(3, facts(aceReadyClaim, {}))).toBe(2);
    expect(resolveAceStep(3, facts(aceReadyClaim, { ...validContact, zipCode: "1234" }))).toBe(2);
  });

  it("step 4 needs valid contact details and saved items", () => {
    expect(resolveAceStep(4, facts(aceItemsSavedClaim))).toBe(4);
    expect(resolveAceStep(4, facts(aceReadyClaim))).toBe(4);
    expect(resolveAceStep(4, facts(aceItemsSavedClaim, contactWithoutEmail))).toBe(2);
    // A selection not yet saved does not count: the server holds no item.
    expect(resolveAceStep(4, facts(aceFreshClaim, validContact, [1]))).toBe(3);
  });

  it("step 5 needs valid contact details and a claim ready for review (each item with a damage and a document)", () => {
    expect(resolveAceStep(5, facts(aceReadyClaim))).toBe(5);
    expect(resolveAceStep(5, facts(aceReadyClaim, contactWithoutEmail))).toBe(2);
    expect(resolveAceStep(5, facts(claim({ items: [claimItem(11, 1, { damages: [aceSavedDamage(901)] })] })))).toBe(4);
    expect(
      resolveAceStep(5, facts(claim({ items: [claimItem(11, 1, { documents: [{ id: 501, fileName: "a.jpg" }] })] }))),
    ).toBe(4);
    expect(resolveAceStep(5, facts(claim({ items: [...aceReadyClaim.items, claimItem(12, 2)] })))).toBe(4);
  });

  it("an unreachable step falls back to the furthest reachable one before it", () => {
    expect(resolveAceStep(5, facts(aceItemsSavedClaim))).toBe(4);
    expect(resolveAceStep(5, facts(aceFreshClaim))).toBe(3);
    expect(resolveAceStep(4, facts(aceFreshClaim))).toBe(3);
    expect(resolveAceStep(5, facts(aceFreshClaim, {}))).toBe(2);
    expect(resolveAceStep(4, facts(aceFreshClaim, {}))).toBe(2);
  });
});

describe("aceClaim contact rule (isValidContact)", () => {
  it("accepts complete contact details, the phone in any US formatting", () => {
    expect(isValidContact(validContact)).toBe(true);
    for (const phone of ["5552345678", "555-234-5678", "(555) 234-5678", "+1 555 234 5678", "1 (555) 234-5678"]) {
      expect(isValidContact({ ...validContact, phone }), phone).toBe(true);
    }
    expect(isValidContact({ ...validContact, state: "tx" })).toBe(true);
    expect(isValidContact({ ...validContact, firstName: "  Ada  " })).toBe(true);
  });

  it("every field is required: missing, empty or whitespace-only fails", () => {
    expect(isValidContact({})).toBe(false);
    expect(isValidContact(BLANK_CONTACT)).toBe(false);
    for (const field of Object.keys(BLANK_CONTACT) as Array<keyof Contact>) {
      const { [field]: _dropped, ...rest } = validContact;
      expect(isValidContact(rest), `without ${field}`).toBe(false);
      expect(isValidContact({ ...validContact, [field]: "" }), `${field} empty`).toBe(false);
      expect(isValidContact({ ...validContact, [field]: "  \t " }), `${field} whitespace`).toBe(false);
    }
  });

  it("a whitespace-only name fails", () => {
    expect(isValidContact({ ...validContact, firstName: "   " })).toBe(false);
    expect(isValidContact({ ...validContact, lastName: "\n " })).toBe(false);
  });

  it("a bad email fails", () => {
    for (const email of [
      "ada",
      "ada@",
      "ada@example",
      "@example.com",
      "ada@@example.com",
      "a da@example.com",
      "ada@example.com x",
    ]) {
      expect(isValidContact({ ...validContact, email }), email).toBe(false);
    }
  });

  it("a bad phone fails: too short or long, letters, area code or exchange starting with 0 or 1", () => {
    for (const phone of [
      "555-2345",
      "55523456789",
      "555234567",
      "phone",
      "(155) 234-5678",
      "(055) 234-5678",
      "(555) 134-5678",
      "(555) 034-5678",
      "2 555 234 5678",
    ]) {
      expect(isValidContact({ ...validContact, phone }), phone).toBe(false);
    }
  });

  it("the masked email, phone and street address a warranty-number session is shown pass: left as is, they keep what is on file", () => {
    expect(isValidContact({ ...validContact, email: "m•••@example.com", phone: "•••-0142", address: "•••" })).toBe(
      true,
    );
  });

  it("the state is a two-letter code: three letters, one letter or digits fail", () => {
    for (const state of ["TEX", "T", "T1", "12", "T X"])
      expect(isValidContact({ ...validContact, state }), state).toBe(false);
  });

  it("the ZIP code is five digits: four, six or letters fail", () => {
    for (const zipCode of ["7870", "787011", "7870a", "78701-1234", "7 870"])
      expect(isValidContact({ ...validContact, zipCode }), zipCode).toBe(false);
  });

  it("phoneDigits drops formatting and a leading US country code; isValidUsPhone judges those digits", () => {
    expect(phoneDigits("+1 (555) 234-5678")).toBe("5552345678");
    expect(phoneDigits("(555) 234-5678")).toBe("5552345678");
    expect(phoneDigits("15552345678")).toBe("5552345678");
    expect(phoneDigits("25552345678")).toBe("25552345678");
    expect(isValidUsPhone("+1 (555) 234-5678")).toBe(true);
    expect(isValidUsPhone("(555) 134-5678")).toBe(false);
  });
});

describe("aceClaim guards", () => {
  const tested = [
    "isLoaded",
    "hasKeptStepRequest",
    "isSubmittedClaim",
    "asksForPlanChoice",
    "canResumeAtReview",
    "canResumeAtDamageReport",
    "canResumeAtItems",
    "hasValidContact",
    "isSelectableItem",
    "isSavedItemSelected",
    "hasSelection",
    "hasCompleteDetails",
    "isFirstDamageBlock",
    "isSavedDamageBlock",
    "isDamageReportComplete",
    "hasUnsavedDamages",
    "isClaimAccepted",
    "isRefusedByServer",
    "hasItemsToKeep",
    "hasContactToKeep",
  ];

  it("every guard of the machine is tested here", () => {
    expect(Object.keys(aceClaimMachine.implementations.guards).sort()).toEqual([...tested].sort());
  });

  it("hasKeptStepRequest: a URL request is waiting to be answered", () => {
    expect(guard("hasKeptStepRequest")(context({ stepRequest: { step: 3 } }))).toBe(true);
    expect(guard("hasKeptStepRequest")(context({ stepRequest: { step: null } }))).toBe(true);
    expect(guard("hasKeptStepRequest")(context({ stepRequest: null }))).toBe(false);
  });

  it("isLoaded: the claim has been loaded", () => {
    expect(guard("isLoaded")(context())).toBe(true);
    expect(guard("isLoaded")(context({ claim: null }))).toBe(false);
  });

  it("routing guards: each names where the URL's request leads with the ACE rule, all false before the claim is loaded", () => {
    const routes = [
      "isSubmittedClaim",
      "asksForPlanChoice",
      "canResumeAtReview",
      "canResumeAtDamageReport",
      "canResumeAtItems",
    ] as const;
    const which = (overrides: Partial<ClaimWizardContext>) => routes.filter((name) => guard(name)(context(overrides)));
    expect(which({ claim: aceReadyClaim, stepRequest: { step: 5 } })).toEqual(["canResumeAtReview"]);
    expect(which({ claim: aceReadyClaim, stepRequest: { step: 5 }, contact: contactWithoutEmail })).toEqual([]);
    expect(which({ claim: aceReadyClaim, stepRequest: { step: 1 } })).toEqual(["asksForPlanChoice"]);
    expect(which({ claim: aceSubmittedClaim, stepRequest: { step: 5 } })).toEqual(["isSubmittedClaim"]);
    expect(which({ claim: aceItemsSavedClaim, stepRequest: { step: 4 } })).toEqual(["canResumeAtDamageReport"]);
    expect(which({ claim: aceFreshClaim, stepRequest: { step: 3 } })).toEqual(["canResumeAtItems"]);
    expect(which({ claim: null, stepRequest: { step: 2 } })).toEqual([]);
  });

  it("hasValidContact: isValidContact of the context's contact", () => {
    expect(guard("hasValidContact")(context())).toBe(true);
    expect(guard("hasValidContact")(context({ contact: contactWithoutEmail }))).toBe(false);
    expect(guard("hasValidContact")(context({ contact: { ...validContact, state: "TEX" } }))).toBe(false);
    expect(guard("hasValidContact")(context({ contact: {} }))).toBe(false);
  });

  it("isSelectableItem: returned and fully replaced items cannot be toggled", () => {
    const isSelectableItem = guard("isSelectableItem");
    expect(isSelectableItem(context(), { planItemId: 1 })).toBe(true);
    expect(isSelectableItem(context(), { planItemId: 2 })).toBe(true);
    expect(isSelectableItem(context(), { planItemId: 3 })).toBe(false);
    expect(isSelectableItem(context(), { planItemId: 4 })).toBe(false);
    expect(isSelectableItem(context(), { planItemId: 99 })).toBe(false);
    expect(isSelectableItem(context({ plan: null }), { planItemId: 1 })).toBe(false);
  });

  it("isSavedItemSelected: chosen and held by the server as a claim item", () => {
    const isSavedItemSelected = guard("isSavedItemSelected");
    expect(isSavedItemSelected(context({ claim: aceItemsSavedClaim, selection: [1] }), { planItemId: 1 })).toBe(true);
    expect(isSavedItemSelected(context({ claim: aceItemsSavedClaim, selection: [] }), { planItemId: 1 })).toBe(false);
    expect(isSavedItemSelected(context({ claim: aceItemsSavedClaim, selection: [1, 2] }), { planItemId: 2 })).toBe(
      false,
    );
    expect(isSavedItemSelected(context({ claim: null, selection: [1] }), { planItemId: 1 })).toBe(false);
  });

  it("hasCompleteDetails: a selection, each item with manufacturer, material and color", () => {
    const hasCompleteDetails = guard("hasCompleteDetails");
    expect(hasCompleteDetails(context({ selection: [1], details: { 1: fullDetails } }))).toBe(true);
    expect(hasCompleteDetails(context({ selection: [], details: { 1: fullDetails } }))).toBe(false);
    expect(hasCompleteDetails(context({ selection: [1, 2], details: { 1: fullDetails } }))).toBe(false);
    expect(hasCompleteDetails(context({ selection: [1], details: { 1: { manufacturerId: 1, materialId: 2 } } }))).toBe(
      false,
    );
    expect(hasCompleteDetails(context({ selection: [1], details: { 1: { ...fullDetails, colorId: 0 } } }))).toBe(false);
  });

  it("isFirstDamageBlock: only index 0", () => {
    expect(guard("isFirstDamageBlock")(context(), { index: 0 })).toBe(true);
    expect(guard("isFirstDamageBlock")(context(), { index: 1 })).toBe(false);
    expect(guard("isFirstDamageBlock")(context(), { index: 2 })).toBe(false);
  });

  it("isSavedDamageBlock: the block carries the id the server gave it", () => {
    const damages = { 1: [aceSavedBlock(901), aceNewDamage()] };
    expect(guard("isSavedDamageBlock")(context({ damages }), { planItemId: 1, index: 0 })).toBe(true);
    expect(guard("isSavedDamageBlock")(context({ damages }), { planItemId: 1, index: 1 })).toBe(false);
    expect(guard("isSavedDamageBlock")(context({ damages }), { planItemId: 1, index: 5 })).toBe(false);
    expect(guard("isSavedDamageBlock")(context({ damages }), { planItemId: 2, index: 0 })).toBe(false);
  });

  it("hasCompleteDamages: every chosen item has blocks, each saved or complete; no specific damage is asked in ACE", () => {
    const isComplete = (ctx: ClaimWizardContext) => hasCompleteDamages(ctx, false);
    expect(isComplete(context({ selection: [1], damages: { 1: [aceSavedBlock(901)] } }))).toBe(true);
    expect(isComplete(context({ selection: [1], damages: { 1: [aceNewDamage()] } }))).toBe(true);
    expect(
      isComplete(context({ selection: [1], damages: { 1: [{ ...aceNewDamage(), specificDamageId: null }] } })),
    ).toBe(true);
    expect(isComplete(context({ selection: [1], damages: { 1: [aceSavedBlock(901), incompleteAceBlock] } }))).toBe(
      false,
    );
    expect(isComplete(context({ selection: [1], damages: { 1: [{ ...aceNewDamage(), note: "  " }] } }))).toBe(false);
    expect(isComplete(context({ selection: [1], damages: { 1: [{ ...aceNewDamage(), damageAreaId: 0 }] } }))).toBe(
      false,
    );
    expect(isComplete(context({ selection: [1], damages: { 1: [] } }))).toBe(false);
    expect(isComplete(context({ selection: [1, 2], damages: { 1: [aceNewDamage()] } }))).toBe(false);
  });

  it("hasDocumentsForEveryItem: each chosen item has a claim item with a document", () => {
    const hasDocuments = (ctx: ClaimWizardContext) => hasDocumentsForEveryItem(ctx);
    expect(hasDocuments(context({ claim: aceReadyClaim, selection: [1] }))).toBe(true);
    expect(hasDocuments(context({ claim: aceItemsSavedClaim, selection: [1] }))).toBe(false);
    expect(hasDocuments(context({ claim: aceReadyClaim, selection: [1, 2] }))).toBe(false);
  });

  it("hasUnsavedDamages: an unsaved complete block of a chosen item, without specific damage", () => {
    const hasUnsavedDamages = guard("hasUnsavedDamages");
    expect(hasUnsavedDamages(context({ selection: [1], damages: { 1: [aceSavedBlock(901), aceNewDamage()] } }))).toBe(
      true,
    );
    expect(hasUnsavedDamages(context({ selection: [1], damages: { 1: [aceSavedBlock(901)] } }))).toBe(false);
    expect(hasUnsavedDamages(context({ selection: [1], damages: { 1: [incompleteAceBlock] } }))).toBe(false);
    expect(hasUnsavedDamages(context({ selection: [2], damages: { 1: [aceNewDamage()] } }))).toBe(false);
  });

  it("isDamageReportComplete: documents for every item and complete damages, no specific damage asked", () => {
    const isComplete = guard("isDamageReportComplete");
    expect(isComplete(context({ claim: aceReadyClaim, selection: [1], damages: { 1: [aceSavedBlock(901)] } }))).toBe(
      true,
    );
    expect(isComplete(context({ claim: aceItemsSavedClaim, selection: [1], damages: { 1: [aceNewDamage()] } }))).toBe(
      false,
    );
    expect(isComplete(context({ claim: aceReadyClaim, selection: [1], damages: { 1: [incompleteAceBlock] } }))).toBe(
      false,
    );
  });

  it("hasItemsToKeep ('Email me a link to finish later'): a selection whose details are all complete, as Next would save", () => {
    expect(
      guard("hasItemsToKeep")(
        context({ selection: [2], details: { 2: { manufacturerId: 1, materialId: 2, colorId: 3 } } }),
      ),
    ).toBe(true);
    expect(
      guard("hasItemsToKeep")(context({ selection: [2], details: { 2: { manufacturerId: 1, materialId: 2 } } })),
    ).toBe(false);
    expect(guard("hasItemsToKeep")(context({ selection: [] }))).toBe(false);
  });

  it("hasContactToKeep ('Email me a link to finish later'): contact details edited, not saved yet, and valid", () => {
    expect(guard("hasContactToKeep")(context({ contactSaved: false }))).toBe(true);
    expect(guard("hasContactToKeep")(context({ contactSaved: true }))).toBe(false);
    expect(guard("hasContactToKeep")(context({ contactSaved: false, contact: contactWithoutEmail }))).toBe(false);
  });

  it("hasSelection: at least one item chosen", () => {
    expect(guard("hasSelection")(context({ selection: [2] }))).toBe(true);
    expect(guard("hasSelection")(context())).toBe(false);
  });

  it("isClaimAccepted: submitted, already submitted or a gateway timeout; not an incomplete claim (SPEC.md section 4: ACE confirms after success and after a 504)", () => {
    const isClaimAccepted = guard("isClaimAccepted");
    for (const kind of ["submitted", "alreadySubmitted", "gatewayTimeout"] as const)
      expect(isClaimAccepted(context(), { outcome: outcome[kind] }), kind).toBe(true);
    for (const kind of ["incomplete", "notTaken"] as const)
      expect(isClaimAccepted(context(), { outcome: outcome[kind] }), kind).toBe(false);
  });

  it("isRefusedByServer: the server answered the failed call (refused, or asked to wait)", () => {
    expect(guard("isRefusedByServer")(context(), { error: httpError(409) })).toBe(true);
    expect(
      guard("isRefusedByServer")(context(), { error: new CallFailed({ kind: "rateLimited", retryAfterSeconds: 60 }) }),
    ).toBe(true);
    expect(guard("isRefusedByServer")(context(), { error: new CallFailed({ kind: "network" }) })).toBe(false);
    expect(guard("isRefusedByServer")(context(), { error: new TypeError("Failed to fetch") })).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour of ACE's own steps and rules

describe("aceClaim behaviour: loading, and the contact details gating steps 3 to 5", () => {
  it("loads the claim with its plan, the customer's contact details and the damage options per model number", async () => {
    const { actor, loadClaim } = open(null, aceFreshClaim);
    const snapshot = await idle(actor);
    expect(loadClaim).toHaveBeenCalledWith({ claimId: 55, planId: 1, customerId: 700 });
    expect(where(actor)).toBe("confirmingContact.editing");
    expect(snapshot.context.contact).toEqual(validContact);
    expect(snapshot.context.contactSaved).toBe(true);
    expect(snapshot.context.options).toEqual(aceOptions);
    expect(snapshot.context.modelOptions).toEqual(aceModelOptions);
    expect(snapshot.context.plan).toEqual(acePlan);
  });

  it("a reload on step 3 with valid contact details shows step 3 with the saved selection and details", async () => {
    const { actor } = open(3, aceItemsSavedClaim);
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("selectingItems.editing");
    expect(stepOf(snapshot)).toBe(3);
    expect(snapshot.context.selection).toEqual([1]);
    expect(snapshot.context.details).toEqual({ 1: fullDetails });
  });

  it.each([3, 4, 5])(
    "step %i requested with invalid contact details shows step 2, answering the URL in place",
    async (step) => {
      const { actor, showStep } = open(step, aceLoaded(aceReadyClaim, contactWithoutEmail));
      const snapshot = await idle(actor);
      expect(where(actor)).toBe("confirmingContact.editing");
      expect(stepOf(snapshot)).toBe(2);
      expect(showStep.mock.calls.map(([, params]) => params)).toEqual([{ step: 2, replace: true }]);
    },
  );
});

describe("aceClaim behaviour: step 2, contact details", () => {
  it("shows again the details typed for this claim by a session without proof, after a reload", async () => {
    const typed = { email: "typed@example.com", phone: "5551234567" };
    const { actor } = open(2, { ...aceLoaded(aceFreshClaim, contactWithoutEmail), contactTypedForClaim: typed });
    await idle(actor);
    expect(actor.getSnapshot().context.contactTypedForClaim).toEqual(typed);
  });

  it("Next needs valid contact details, then saves them and shows step 3", async () => {
    const { actor, saveContact } = open(2, aceLoaded(aceFreshClaim, contactWithoutEmail), {
      saveContact: async () => undefined,
    });
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingContact.editing");
    actor.send({ type: "contact.change", contact: { email: "ada@example" } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingContact.editing");
    expect(saveContact).not.toHaveBeenCalled();
    actor.send({ type: "contact.change", contact: { email: "grace@example.com" } });
    expect(actor.getSnapshot().context.contact).toEqual({ ...validContact, email: "grace@example.com" });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingContact.savingContact.quiet");
    expect(stepOf(actor.getSnapshot())).toBe(2);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(saveContact).toHaveBeenCalledTimes(1);
    expect(saveContact).toHaveBeenCalledWith({
      customerId: 700,
      claimId: 55,
      contact: { ...validContact, email: "grace@example.com" },
    });
    expect(where(actor)).toBe("selectingItems.editing");
    expect(stepOf(snapshot)).toBe(3);
  });

  it("contact.change merges the changed fields; spoiling a field refuses Next again", async () => {
    const { actor, saveContact } = open(2, aceFreshClaim);
    await idle(actor);
    actor.send({ type: "contact.change", contact: { phone: "(555) 134-5678" } });
    expect(actor.getSnapshot().context.contact).toEqual({ ...validContact, phone: "(555) 134-5678" });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingContact.editing");
    actor.send({ type: "contact.change", contact: { state: "TEX", phone: validContact.phone } });
    actor.send({ type: "step.next" });
    actor.send({ type: "contact.change", contact: { state: "TX", zipCode: "7870" } });
    actor.send({ type: "step.next" });
    actor.send({ type: "contact.change", contact: { zipCode: "78701", lastName: "   " } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("confirmingContact.editing");
    expect(saveContact).not.toHaveBeenCalled();
  });

  it("a failed save stays on step 2 with saveFailed and a notice", async () => {
    const { actor, notices, saveContact } = open(2, aceFreshClaim, { saveContact: failing() });
    await idle(actor);
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(saveContact).toHaveBeenCalledTimes(1);
    expect(where(actor)).toBe("confirmingContact.editing");
    expect(stepOf(snapshot)).toBe(2);
    expect(snapshot.context.error).toBe("saveFailed");
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
  });

  it("a retry after a failed save moves on to step 3 and no longer holds the error", async () => {
    const { actor, notices } = open(2, aceFreshClaim, { saveContact: inTurn(failing(), async () => undefined) });
    await idle(actor);
    actor.send({ type: "step.next" });
    await idle(actor);
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("selectingItems.editing");
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
    // Every other successful call clears the error (refreshClaim, dropItem, adoptSavedDamages, submit's clearError).
    expect(snapshot.context.error).toBeNull();
  });

  it("edited contact details cannot be skipped with the browser's Forward: they are saved with Next first", async () => {
    const { actor, saveContact } = open(2, aceFreshClaim, { saveContact: async () => undefined });
    await idle(actor);
    actor.send({ type: "contact.change", contact: { email: "maria.new@example.com" } });
    actor.send({ type: "step.requested", step: 3 });
    expect(where(actor)).toBe("confirmingContact.editing");
    expect(saveContact).not.toHaveBeenCalled();
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("selectingItems.editing");
    expect(saveContact).toHaveBeenCalledTimes(1);
    expect(snapshot.context.contactSaved).toBe(true);
  });

  it("step.requested while the contact details are saved is kept, then answered in place with step 3", async () => {
    let release!: () => void;
    const { actor, showStep } = open(2, aceFreshClaim, {
      saveContact: () => new Promise<void>((resolve) => (release = resolve)),
    });
    await idle(actor);
    actor.send({ type: "step.next" });
    actor.send({ type: "step.requested", step: 5 });
    expect(where(actor)).toBe("confirmingContact.savingContact.quiet");
    expect(actor.getSnapshot().context.stepRequest).toEqual({ step: 5 });
    expect(showStep.mock.calls.map(([, params]) => params)).toEqual([{ step: 2, replace: true }]);
    release();
    await idle(actor);
    expect(where(actor)).toBe("selectingItems.editing");
    expect(showStep.mock.calls.map(([, params]) => params)).toEqual([
      { step: 2, replace: true },
      { step: 3, replace: true },
    ]);
  });

  it("saved contact details push step 3", async () => {
    const { actor, showStep } = open(2, aceFreshClaim, { saveContact: async () => undefined });
    await idle(actor);
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(showStep.mock.calls.at(-1)![1]).toEqual({ step: 3, replace: false });
  });

  it("Back on step 2 leaves for select-plan with claim and plan", async () => {
    const { actor, leaveToSelectPlan } = open(2, aceFreshClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(leaveToSelectPlan).toHaveBeenCalledTimes(1);
    expect(paramsOf(leaveToSelectPlan)).toEqual({ claimId: 55, planId: 1 });
    expect(where(actor)).toBe("planChoice");
  });
});

describe("aceClaim behaviour: step 3, items and details", () => {
  it("Next needs complete details, then saves the items with their ids and shows step 4", async () => {
    const { actor, saveItems } = open(3, aceFreshClaim, {
      saveItems: async () => claim({ items: [claimItem(12, 2)] }),
    });
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("selectingItems.editing");
    actor.send({ type: "item.toggle", planItemId: 2 });
    actor.send({ type: "details.change", details: { 2: { manufacturerId: 1, materialId: 2 } } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("selectingItems.editing");
    expect(saveItems).not.toHaveBeenCalled();
    actor.send({ type: "details.change", details: { 2: fullDetails } });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("selectingItems.savingItems.quiet");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(saveItems).toHaveBeenCalledWith({
      claimId: 55,
      planId: 1,
      items: [{ planItemId: 2, claimItemId: undefined, itemTypeId: 102, manufacturerId: 1, materialId: 2, colorId: 3 }],
    });
    expect(where(actor)).toBe("reportingDamage.editing");
    expect(stepOf(snapshot)).toBe(4);
    expect(snapshot.context.claim?.items.map((item) => item.id)).toEqual([12]);
  });

  it("Back on step 3 goes to step 2", async () => {
    const { actor } = open(3, aceItemsSavedClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(where(actor)).toBe("confirmingContact.editing");
    expect(stepOf(actor.getSnapshot())).toBe(2);
  });
});

describe("aceClaim behaviour: step 4, damages and documents", () => {
  it("with documents, Next saves ONLY the unsaved complete damages, no specific damage needed, then shows the review", async () => {
    const afterSave = claim({
      items: [
        claimItem(11, 1, {
          damages: [aceSavedDamage(901), aceSavedDamage(903)],
          documents: [{ id: 501, fileName: "sofa.jpg" }],
        }),
      ],
    });
    const { actor, saveDamages } = open(4, aceReadyClaim, { saveDamages: async () => afterSave });
    await idle(actor);
    actor.send({
      type: "damages.change",
      damages: {
        1: [aceSavedBlock(901), aceNewDamage("new tear"), { ...aceNewDamage("other"), specificDamageId: null }],
      },
    });
    actor.send({ type: "step.next" });
    expect(where(actor)).toBe("reportingDamage.savingDamages.quiet");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(saveDamages).toHaveBeenCalledWith({
      claimId: 55,
      customerId: 700,
      damages: [aceDamageSent(1, "new tear"), aceDamageSent(1, "other")],
    });
    expect(where(actor)).toBe("reviewing.ready");
    expect(stepOf(snapshot)).toBe(5);
    expect(snapshot.context.claim).toEqual(afterSave);
  });
});

describe("aceClaim behaviour: step 5, submit, confirmation", () => {
  it("a gateway timeout on submit counts as success: the confirmation, without a notice (SPEC.md section 4)", async () => {
    const { actor, notices } = open(5, aceReadyClaim, { submitClaim: async () => outcome.gatewayTimeout });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
    expect(snapshot.context.error).toBeNull();
    expect(notices).toEqual([]);
  });

  it.each(["submitted", "alreadySubmitted"] as const)(
    "submit answered %s shows the confirmation (SPEC.md section 4)",
    async (kind) => {
      const { actor, notices } = open(5, aceReadyClaim, { submitClaim: async () => outcome[kind] });
      await idle(actor);
      actor.send({ type: "claim.submit" });
      const snapshot = await idle(actor);
      expect(where(actor)).toBe("submitted");
      expect(stepOf(snapshot)).toBe(6);
      expect(notices).toEqual([]);
    },
  );

  it("submit answered that the claim is incomplete stays on the review with submitFailed and a notice", async () => {
    const { actor, notices } = open(5, aceReadyClaim, { submitClaim: async () => outcome.incomplete });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reviewing.ready");
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
  });

  it.each([
    ["HTTP 500", httpError(500)],
    ["HTTP 502", httpError(502)],
    ["HTTP 503", httpError(503)],
    ["a network error", new CallFailed({ kind: "network" })],
    ["an unexpected error", new TypeError("Failed to fetch")],
    ["an error whose message says 504", new Error("504 Gateway Timeout")],
  ])("a submit failing with %s stays on the review with submitFailed and a notice", async (_label, error) => {
    const { actor, notices } = open(5, aceReadyClaim, { submitClaim: failing(error) });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(where(actor)).toBe("reviewing.ready");
    expect(stepOf(snapshot)).toBe(5);
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
  });

  it.each([
    ["submitted", async () => outcome.submitted],
    ["a gateway timeout", async () => outcome.gatewayTimeout],
  ])(
    "after a submit answered %s, the browser's Back (step 5 requested) keeps the confirmation",
    async (_label, answer) => {
      const { actor } = open(5, aceReadyClaim, { submitClaim: answer });
      await idle(actor);
      actor.send({ type: "claim.submit" });
      await idle(actor);
      actor.send({ type: "step.requested", step: 5 });
      expect(where(actor)).toBe("submitted");
      expect(stepOf(actor.getSnapshot())).toBe(6);
      actor.send({ type: "step.requested", step: 2 });
      expect(where(actor)).toBe("submitted");
      actor.send({ type: "step.requested", step: 6 });
      expect(where(actor)).toBe("submitted");
    },
  );
});

/**
 * aceClaimMachine: the step rule, the 504 rule, the contact rule, every guard, then behaviour on
 * real actors with every server call stubbed (SPEC.md section 2 "Claim wizard (ACE)", section 4
 * "Claim flow" (an HTTP 504 on ACE submit counts as success), section 5, section 8 claim-not-found).
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  ACE_STEPS,
  aceClaimMachine,
  isGatewayTimeoutError,
  resolveAceStep,
  type AceClaimContext,
  type AceClaimInput,
  type LoadedAceClaim,
  type SaveAceItemsInput,
} from "../../machines/ace-claim.machine.ts";
import type { DamageToSave } from "../../machines/claim-drafts.ts";
import { BLANK_CONTACT, isValidContact, isValidUsPhone, phoneDigits, type Contact } from "../../machines/contact-rules.ts";
import type { Claim, ItemDetails } from "../../machines/domain.ts";
import { stepOf } from "../../machines/fpp-claim.machine.ts";
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
  incompleteAceBlock,
  validContact,
} from "./support/ace-claim-fixtures.ts";
import { collectEmitted, guardOf } from "./support/actors.ts";
import { claim, claimItem, planItem } from "./support/domain-fixtures.ts";

const context = (overrides: Partial<AceClaimContext> = {}): AceClaimContext => ({
  claimId: 55,
  planId: 1,
  customerId: 700,
  requestedStep: null,
  claim: aceFreshClaim,
  plan: acePlan,
  options: aceOptions,
  modelOptions: aceModelOptions,
  contact: validContact,
  contactSaved: true,
  selection: [],
  details: {},
  damages: {},
  showValidation: false,
  removingPlanItemId: null,
  error: null,
  ...overrides,
});

const fullDetails: ItemDetails = { manufacturerId: 1, materialId: 2, colorId: 3 };
const guard = (name: string) => guardOf(aceClaimMachine, name);

describe("aceClaim step rule (resolveAceStep)", () => {
  const facts = (claimValue: Claim, contact: Partial<Contact> = validContact, selection: number[] = [], contactSaved = true) => ({ claim: claimValue, contact, contactSaved, selection });

  it("the numbered steps are 1 to 5; the confirmation is step 6", () => {
    expect(ACE_STEPS).toEqual([1, 2, 3, 4, 5]);
    expect(ACE_STEPS.length + 1).toBe(6);
  });

  it("a claim that is not a Draft shows the confirmation (6), whatever the step or contact", () => {
    for (const requested of [null, 1, 2, 3, 4, 5, 6, 9, Number.NaN]) expect(resolveAceStep(requested, facts(aceSubmittedClaim)), String(requested)).toBe(6);
    for (const status of ["Open", "Closed", "In process", "Pending review", "Denied", "Cancelled", "Not submitted", "UNKNOWN"] as const) {
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
    expect(resolveAceStep(5, facts(claim({ items: [claimItem(11, 1, { documents: [{ id: 501, fileName: "a.jpg" }] })] })))).toBe(4);
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

describe("aceClaim 504 rule (isGatewayTimeoutError)", () => {
  it("is true for an error whose response status is 504", () => {
    expect(isGatewayTimeoutError(httpError(504))).toBe(true);
    expect(isGatewayTimeoutError({ response: { status: 504 } })).toBe(true);
  });

  it("is false for any other status, a status in another place or of another type, and non-errors", () => {
    for (const status of [200, 408, 500, 502, 503]) expect(isGatewayTimeoutError(httpError(status)), String(status)).toBe(false);
    const others: unknown[] = [
      new Error("504"),
      new Error("Gateway Timeout"),
      Object.assign(new Error("timeout"), { name: "TimeoutError" }),
      { status: 504 },
      { statusCode: 504 },
      { response: { status: "504" } },
      { response: { statusCode: 504 } },
      { response: null },
      { response: {} },
      {},
      null,
      undefined,
      504,
      "504",
    ];
    for (const error of others) expect(isGatewayTimeoutError(error), JSON.stringify(error) ?? String(error)).toBe(false);
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
    for (const email of ["ada", "ada@", "ada@example", "@example.com", "ada@@example.com", "a da@example.com", "ada@example.com x"]) {
      expect(isValidContact({ ...validContact, email }), email).toBe(false);
    }
  });

  it("a bad phone fails: too short or long, letters, area code or exchange starting with 0 or 1", () => {
    for (const phone of ["555-2345", "55523456789", "555234567", "phone", "(155) 234-5678", "(055) 234-5678", "(555) 134-5678", "(555) 034-5678", "2 555 234 5678"]) {
      expect(isValidContact({ ...validContact, phone }), phone).toBe(false);
    }
  });

  it("the state is a two-letter code: three letters, one letter or digits fail", () => {
    for (const state of ["TEX", "T", "T1", "12", "T X"]) expect(isValidContact({ ...validContact, state }), state).toBe(false);
  });

  it("the ZIP code is five digits: four, six or letters fail", () => {
    for (const zipCode of ["7870", "787011", "7870a", "78701-1234", "7 870"]) expect(isValidContact({ ...validContact, zipCode }), zipCode).toBe(false);
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
    "isResolvedStep",
    "hasValidContact",
    "isSelectableItem",
    "isSavedItemSelected",
    "hasCompleteDetails",
    "isFirstDamageBlock",
    "isSavedDamageBlock",
    "hasCompleteDamages",
    "hasDocumentsForEveryItem",
    "hasUnsavedDamages",
    "isSucceed",
    "isGatewayTimeout",
  ];

  it("every guard of the machine is tested here", () => {
    expect(Object.keys(aceClaimMachine.implementations.guards).sort()).toEqual([...tested].sort());
  });

  it("isLoaded: the claim has been loaded", () => {
    expect(guard("isLoaded")(context())).toBe(true);
    expect(guard("isLoaded")(context({ claim: null }))).toBe(false);
  });

  it("isResolvedStep: resolveAceStep on the context, false before the claim is loaded", () => {
    const isResolvedStep = guard("isResolvedStep");
    expect(isResolvedStep(context({ claim: aceReadyClaim, requestedStep: 5 }), { step: 5 })).toBe(true);
    expect(isResolvedStep(context({ claim: aceReadyClaim, requestedStep: 5 }), { step: 4 })).toBe(false);
    expect(isResolvedStep(context({ claim: aceReadyClaim, requestedStep: 5, contact: contactWithoutEmail }), { step: 2 })).toBe(true);
    expect(isResolvedStep(context({ claim: aceReadyClaim, requestedStep: 1 }), { step: "selectPlan" })).toBe(true);
    expect(isResolvedStep(context({ claim: aceSubmittedClaim, requestedStep: 5 }), { step: 6 })).toBe(true);
    expect(isResolvedStep(context({ claim: null, requestedStep: 2 }), { step: 2 })).toBe(false);
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
    expect(isSavedItemSelected(context({ claim: aceItemsSavedClaim, selection: [1, 2] }), { planItemId: 2 })).toBe(false);
    expect(isSavedItemSelected(context({ claim: null, selection: [1] }), { planItemId: 1 })).toBe(false);
  });

  it("hasCompleteDetails: a selection, each item with manufacturer, material and color", () => {
    const hasCompleteDetails = guard("hasCompleteDetails");
    expect(hasCompleteDetails(context({ selection: [1], details: { 1: fullDetails } }))).toBe(true);
    expect(hasCompleteDetails(context({ selection: [], details: { 1: fullDetails } }))).toBe(false);
    expect(hasCompleteDetails(context({ selection: [1, 2], details: { 1: fullDetails } }))).toBe(false);
    expect(hasCompleteDetails(context({ selection: [1], details: { 1: { manufacturerId: 1, materialId: 2 } } }))).toBe(false);
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
    const hasCompleteDamages = guard("hasCompleteDamages");
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [aceSavedBlock(901)] } }))).toBe(true);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [aceNewDamage()] } }))).toBe(true);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [{ ...aceNewDamage(), specificDamageId: null }] } }))).toBe(true);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [aceSavedBlock(901), incompleteAceBlock] } }))).toBe(false);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [{ ...aceNewDamage(), note: "  " }] } }))).toBe(false);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [{ ...aceNewDamage(), damageAreaId: 0 }] } }))).toBe(false);
    expect(hasCompleteDamages(context({ selection: [1], damages: { 1: [] } }))).toBe(false);
    expect(hasCompleteDamages(context({ selection: [1, 2], damages: { 1: [aceNewDamage()] } }))).toBe(false);
  });

  it("hasDocumentsForEveryItem: each chosen item has a claim item with a document", () => {
    const hasDocuments = guard("hasDocumentsForEveryItem");
    expect(hasDocuments(context({ claim: aceReadyClaim, selection: [1] }))).toBe(true);
    expect(hasDocuments(context({ claim: aceItemsSavedClaim, selection: [1] }))).toBe(false);
    expect(hasDocuments(context({ claim: aceReadyClaim, selection: [1, 2] }))).toBe(false);
  });

  it("hasUnsavedDamages: an unsaved complete block of a chosen item, without specific damage", () => {
    const hasUnsavedDamages = guard("hasUnsavedDamages");
    expect(hasUnsavedDamages(context({ selection: [1], damages: { 1: [aceSavedBlock(901), aceNewDamage()] } }))).toBe(true);
    expect(hasUnsavedDamages(context({ selection: [1], damages: { 1: [aceSavedBlock(901)] } }))).toBe(false);
    expect(hasUnsavedDamages(context({ selection: [1], damages: { 1: [incompleteAceBlock] } }))).toBe(false);
    expect(hasUnsavedDamages(context({ selection: [2], damages: { 1: [aceNewDamage()] } }))).toBe(false);
  });

  it("isSucceed only for exactly 'Succeed'", () => {
    const isSucceed = guard("isSucceed");
    expect(isSucceed(context(), { message: "Succeed" })).toBe(true);
    for (const message of ["succeed", "Succeed ", "SUCCEED", "Success", "Succeeded", ""]) expect(isSucceed(context(), { message }), message).toBe(false);
  });

  it("isGatewayTimeout: isGatewayTimeoutError of the failed call", () => {
    const isGatewayTimeout = guard("isGatewayTimeout");
    expect(isGatewayTimeout(context(), { error: httpError(504) })).toBe(true);
    expect(isGatewayTimeout(context(), { error: httpError(500) })).toBe(false);
    expect(isGatewayTimeout(context(), { error: new Error("504") })).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour

type LoadInput = { claimId: number; planId: number; customerId: number };
type SaveDamagesInput = { claimId: number; customerId: number; damages: DamageToSave[] };

interface Server {
  loadClaim: (input: LoadInput) => Promise<LoadedAceClaim>;
  saveContact: (input: { customerId: number; contact: Contact }) => Promise<void>;
  saveItems: (input: SaveAceItemsInput) => Promise<Claim>;
  removeItem: (input: { claimId: number; claimItemId: number }) => Promise<Claim>;
  saveDamages: (input: SaveDamagesInput) => Promise<Claim>;
  deleteDamage: (input: { claimId: number; damageId: number }) => Promise<Claim>;
  deleteDocument: (input: { claimId: number; documentId: number }) => Promise<Claim>;
  submitClaim: (input: { claimId: number }) => Promise<string>;
}

const unexpected = (name: string) => async () => {
  throw new Error(`unexpected call to ${name}`);
};

/** Answers in turn: each call takes the next one. */
const inTurn = <I, O>(...answers: Array<(input: I) => Promise<O>>) => (input: I) => answers.shift()!(input);
const failing = (error: unknown = new Error("500")) => async (): Promise<never> => {
  throw error;
};

function open(requestedStep: number | null, first: Claim | LoadedAceClaim | (() => Promise<LoadedAceClaim>), server: Partial<Server> = {}) {
  const load: Server["loadClaim"] = typeof first === "function" ? first : "plan" in first ? async () => first : async () => aceLoaded(first);
  const calls = {
    loadClaim: vi.fn(load),
    saveContact: vi.fn(server.saveContact ?? unexpected("saveContact")),
    saveItems: vi.fn(server.saveItems ?? unexpected("saveItems")),
    removeItem: vi.fn(server.removeItem ?? unexpected("removeItem")),
    saveDamages: vi.fn(server.saveDamages ?? unexpected("saveDamages")),
    deleteDamage: vi.fn(server.deleteDamage ?? unexpected("deleteDamage")),
    deleteDocument: vi.fn(server.deleteDocument ?? unexpected("deleteDocument")),
    submitClaim: vi.fn(server.submitClaim ?? unexpected("submitClaim")),
  };
  const spies = { leaveToSelectPlan: vi.fn(), goHome: vi.fn() };
  const machine = aceClaimMachine.provide({
    actors: {
      loadClaim: fromPromise(({ input }: { input: LoadInput }) => calls.loadClaim(input)),
      saveContact: fromPromise(({ input }: { input: { customerId: number; contact: Contact } }) => calls.saveContact(input)),
      saveItems: fromPromise(({ input }: { input: SaveAceItemsInput }) => calls.saveItems(input)),
      removeItem: fromPromise(({ input }: { input: { claimId: number; claimItemId: number } }) => calls.removeItem(input)),
      saveDamages: fromPromise(({ input }: { input: SaveDamagesInput }) => calls.saveDamages(input)),
      deleteDamage: fromPromise(({ input }: { input: { claimId: number; damageId: number } }) => calls.deleteDamage(input)),
      deleteDocument: fromPromise(({ input }: { input: { claimId: number; documentId: number } }) => calls.deleteDocument(input)),
      submitClaim: fromPromise(({ input }: { input: { claimId: number } }) => calls.submitClaim(input)),
    },
    actions: spies,
  });
  const input: AceClaimInput = { claimId: 55, planId: 1, customerId: 700, requestedStep };
  const actor = createActor(machine, { input });
  const notices = collectEmitted<{ type: "notify"; code: string }>(actor, "notify");
  actor.start();
  return { actor, notices, ...calls, ...spies };
}

type Actor = ReturnType<typeof open>["actor"];
const BUSY = ["loading", "savingContact", "removingItem", "savingItems", "savingDamages", "deletingDamage", "deletingDocument", "submitting"] as const;
/** Waits until no server call is running. */
const idle = (actor: Actor) => waitFor(actor, (snapshot) => !BUSY.some((state) => snapshot.matches(state)), { timeout: 1000 });
const paramsOf = (spy: ReturnType<typeof vi.fn>, call = 0) => spy.mock.calls[call]?.[1];
/** A call the test answers when it wants. */
function held<O>() {
  let release!: (output: O) => void;
  const call = () => new Promise<O>((resolve) => (release = resolve));
  return { call, release: (output: O) => release(output) };
}

describe("aceClaim behaviour: loading and routing", () => {
  it("loads the claim with its plan and customer, and shows step 2 with the customer's contact details", async () => {
    const { actor, loadClaim } = open(null, aceFreshClaim);
    expect(actor.getSnapshot().value).toBe("loading");
    expect(stepOf(actor.getSnapshot())).toBeNull();
    const snapshot = await idle(actor);
    expect(loadClaim).toHaveBeenCalledWith({ claimId: 55, planId: 1, customerId: 700 });
    expect(snapshot.value).toBe("confirmingContact");
    expect(stepOf(snapshot)).toBe(2);
    expect(snapshot.context.contact).toEqual(validContact);
    expect(snapshot.context.options).toEqual(aceOptions);
    expect(snapshot.context.modelOptions).toEqual(aceModelOptions);
    expect(snapshot.context.plan).toEqual(acePlan);
  });

  it("a reload on step 3 with valid contact details shows step 3 with the saved selection and details", async () => {
    const { actor } = open(3, aceItemsSavedClaim);
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("choosingItems");
    expect(stepOf(snapshot)).toBe(3);
    expect(snapshot.context.selection).toEqual([1]);
    expect(snapshot.context.details).toEqual({ 1: fullDetails });
  });

  it("step 3 requested with invalid contact details shows step 2", async () => {
    const { actor } = open(3, aceLoaded(aceReadyClaim, contactWithoutEmail));
    expect((await idle(actor)).value).toBe("confirmingContact");
  });

  it("a reload on step 4 with saved items resumes step 4, with the saved damages", async () => {
    const { actor } = open(4, aceReadyClaim);
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reportingDamage");
    expect(stepOf(snapshot)).toBe(4);
    expect(snapshot.context.damages).toEqual({ 1: [aceSavedBlock(901)] });
  });

  it("a reload on step 5 of a ready claim shows the review", async () => {
    const { actor } = open(5, aceReadyClaim);
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reviewing");
    expect(stepOf(snapshot)).toBe(5);
  });

  it.each([
    ["only items saved", aceItemsSavedClaim, "reportingDamage"],
    ["nothing saved", aceFreshClaim, "choosingItems"],
  ] as const)("step 5 requested but %s: falls back to the furthest reachable step", async (_label, claimValue, state) => {
    const { actor } = open(5, claimValue);
    expect((await idle(actor)).value).toBe(state);
  });

  it.each([null, Number.NaN, 0, 7, 2.5])("step %s resets to 2", async (requested) => {
    const { actor } = open(requested, aceReadyClaim);
    expect((await idle(actor)).value).toBe("confirmingContact");
  });

  it("step 1 leaves for select-plan with claim, plan and customer", async () => {
    const { actor, leaveToSelectPlan } = open(1, aceReadyClaim);
    const snapshot = await idle(actor);
    expect(leaveToSelectPlan).toHaveBeenCalledTimes(1);
    expect(paramsOf(leaveToSelectPlan)).toEqual({ claimId: 55, planId: 1, customerId: 700 });
    expect(snapshot.value).toBe("confirmingContact");
  });

  it("a submitted claim shows its confirmation (step 6)", async () => {
    const { actor } = open(3, aceSubmittedClaim);
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
  });

  it("a step requested while loading is the one routed to", async () => {
    const load = held<LoadedAceClaim>();
    const { actor } = open(null, load.call);
    actor.send({ type: "step.requested", step: 4 });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.requestedStep).toBe(4);
    load.release(aceLoaded(aceReadyClaim));
    expect((await idle(actor)).value).toBe("reportingDamage");
  });

  it("a load failure shows claim-not-found, and no step request leaves it", async () => {
    const { actor } = open(2, failing(new Error("CLAIM_NOT_FOUND")));
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("claimNotFound");
    expect(stepOf(snapshot)).toBeNull();
    actor.send({ type: "step.requested", step: 3 });
    expect(actor.getSnapshot().value).toBe("claimNotFound");
  });

  it("step.requested while loaded re-routes (back and forward in the browser)", async () => {
    const { actor } = open(5, aceReadyClaim);
    await idle(actor);
    actor.send({ type: "step.requested", step: 2 });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    actor.send({ type: "step.requested", step: 4 });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    actor.send({ type: "step.requested", step: 3 });
    expect(actor.getSnapshot().value).toBe("choosingItems");
    actor.send({ type: "step.requested", step: Number.NaN });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    actor.send({ type: "step.requested", step: 5 });
    expect(actor.getSnapshot().value).toBe("reviewing");
  });

  it("step.requested during a save is kept for later and does not interrupt it", async () => {
    const save = held<Claim>();
    const { actor } = open(3, aceItemsSavedClaim, { saveItems: save.call });
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("savingItems");
    actor.send({ type: "step.requested", step: 2 });
    expect(actor.getSnapshot().value).toBe("savingItems");
    expect(actor.getSnapshot().context.requestedStep).toBe(2);
    save.release(aceItemsSavedClaim);
    expect((await idle(actor)).value).toBe("reportingDamage");
  });
});

describe("aceClaim behaviour: step 2, contact details", () => {
  it("Next needs valid contact details, then saves them and shows step 3", async () => {
    const { actor, saveContact } = open(2, aceLoaded(aceFreshClaim, contactWithoutEmail), { saveContact: async () => undefined });
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    actor.send({ type: "contact.change", contact: { email: "ada@example" } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    expect(saveContact).not.toHaveBeenCalled();
    actor.send({ type: "contact.change", contact: { email: "grace@example.com" } });
    expect(actor.getSnapshot().context.contact).toEqual({ ...validContact, email: "grace@example.com" });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("savingContact");
    expect(stepOf(actor.getSnapshot())).toBe(2);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(saveContact).toHaveBeenCalledTimes(1);
    expect(saveContact).toHaveBeenCalledWith({ customerId: 700, contact: { ...validContact, email: "grace@example.com" } });
    expect(snapshot.value).toBe("choosingItems");
    expect(stepOf(snapshot)).toBe(3);
  });

  it("contact.change merges the changed fields; spoiling a field refuses Next again", async () => {
    const { actor, saveContact } = open(2, aceFreshClaim);
    await idle(actor);
    actor.send({ type: "contact.change", contact: { phone: "(555) 134-5678" } });
    expect(actor.getSnapshot().context.contact).toEqual({ ...validContact, phone: "(555) 134-5678" });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    actor.send({ type: "contact.change", contact: { state: "TEX", phone: validContact.phone } });
    actor.send({ type: "step.next" });
    actor.send({ type: "contact.change", contact: { state: "TX", zipCode: "7870" } });
    actor.send({ type: "step.next" });
    actor.send({ type: "contact.change", contact: { zipCode: "78701", lastName: "   " } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    expect(saveContact).not.toHaveBeenCalled();
  });

  it("a failed save stays on step 2 with saveFailed and a notice", async () => {
    const { actor, notices, saveContact } = open(2, aceFreshClaim, { saveContact: failing() });
    await idle(actor);
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(saveContact).toHaveBeenCalledTimes(1);
    expect(snapshot.value).toBe("confirmingContact");
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
    expect(snapshot.value).toBe("choosingItems");
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
    // Every other successful call clears the error (refreshClaim, dropItem, adoptSavedDamages, submit's clearError).
    expect(snapshot.context.error).toBeNull();
  });

  it("edited contact details cannot be skipped with the browser's Forward: they are saved with Next first", async () => {
    const { actor, saveContact } = open(2, aceFreshClaim, { saveContact: async () => undefined });
    await idle(actor);
    actor.send({ type: "contact.change", contact: { email: "maria.new@example.com" } });
    actor.send({ type: "step.requested", step: 3 });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    expect(saveContact).not.toHaveBeenCalled();
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("choosingItems");
    expect(saveContact).toHaveBeenCalledTimes(1);
    expect(snapshot.context.contactSaved).toBe(true);
  });

  it("Back on step 2 leaves for select-plan with claim, plan and customer", async () => {
    const { actor, leaveToSelectPlan } = open(2, aceFreshClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(leaveToSelectPlan).toHaveBeenCalledTimes(1);
    expect(paramsOf(leaveToSelectPlan)).toEqual({ claimId: 55, planId: 1, customerId: 700 });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
  });
});

describe("aceClaim behaviour: step 3, items and details", () => {
  it("returned and fully replaced items cannot be ticked", async () => {
    const { actor } = open(3, aceFreshClaim);
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 3 });
    actor.send({ type: "item.toggle", planItemId: 4 });
    expect(actor.getSnapshot().context.selection).toEqual([]);
    expect(actor.getSnapshot().context.details).toEqual({});
  });

  it("an unsaved item ticks and unticks locally", async () => {
    const { actor, removeItem } = open(3, aceFreshClaim);
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    actor.send({ type: "item.toggle", planItemId: 2 });
    expect(actor.getSnapshot().context.selection).toEqual([1, 2]);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().context.selection).toEqual([2]);
    expect(actor.getSnapshot().value).toBe("choosingItems");
    expect(removeItem).not.toHaveBeenCalled();
  });

  it("a newly ticked item starts from the plan item's manufacturer, material and color", async () => {
    const planWithDetails = {
      ...acePlan,
      items: [planItem(1, { manufacturer: { id: 1, name: "Acme" }, material: { id: 2, name: "Oak" }, color: { id: 3, name: "Red" } })],
    };
    const { actor } = open(3, { ...aceLoaded(aceFreshClaim), plan: planWithDetails });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().context.details[1]).toEqual(fullDetails);
  });

  it("unticking a saved item removes its claim item on the server and drops its details and damages", async () => {
    const twoItems = claim({ items: [...aceReadyClaim.items, claimItem(12, 2, { damages: [aceSavedDamage(905)] })] });
    const afterRemoval = claim({ items: [claimItem(12, 2, { damages: [aceSavedDamage(905)] })] });
    const { actor, removeItem } = open(3, twoItems, { removeItem: async () => afterRemoval });
    await idle(actor);
    expect(actor.getSnapshot().context.selection).toEqual([1, 2]);
    actor.send({ type: "item.toggle", planItemId: 1 });
    expect(actor.getSnapshot().value).toBe("removingItem");
    expect(stepOf(actor.getSnapshot())).toBe(3);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(removeItem).toHaveBeenCalledTimes(1);
    expect(removeItem).toHaveBeenCalledWith({ claimId: 55, claimItemId: 11 });
    expect(snapshot.value).toBe("choosingItems");
    expect(snapshot.context.selection).toEqual([2]);
    expect(snapshot.context.details).toEqual({ 2: fullDetails });
    expect(snapshot.context.damages).toEqual({ 2: [aceSavedBlock(905)] });
    expect(snapshot.context.claim).toEqual(afterRemoval);
    expect(snapshot.context.removingPlanItemId).toBeNull();
  });

  it("a failed removal keeps the item and notifies removeFailed", async () => {
    const { actor, notices } = open(3, aceReadyClaim, { removeItem: failing() });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 1 });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("choosingItems");
    expect(snapshot.context.selection).toEqual([1]);
    expect(snapshot.context.damages).toEqual({ 1: [aceSavedBlock(901)] });
    expect(notices).toEqual([{ type: "notify", code: "removeFailed" }]);
  });

  it("Next needs complete details, then saves the items with their ids and shows step 4", async () => {
    const { actor, saveItems } = open(3, aceFreshClaim, { saveItems: async () => claim({ items: [claimItem(12, 2)] }) });
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("choosingItems");
    actor.send({ type: "item.toggle", planItemId: 2 });
    actor.send({ type: "details.change", details: { 2: { manufacturerId: 1, materialId: 2 } } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("choosingItems");
    expect(saveItems).not.toHaveBeenCalled();
    actor.send({ type: "details.change", details: { 2: fullDetails } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("savingItems");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(saveItems).toHaveBeenCalledWith({
      claimId: 55,
      planId: 1,
      items: [{ planItemId: 2, claimItemId: undefined, itemTypeId: 102, manufacturerId: 1, materialId: 2, colorId: 3 }],
    });
    expect(snapshot.value).toBe("reportingDamage");
    expect(stepOf(snapshot)).toBe(4);
    expect(snapshot.context.claim?.items.map((item) => item.id)).toEqual([12]);
  });

  it("a saved item is re-sent with its claim item id beside a new one", async () => {
    const { actor, saveItems } = open(3, aceItemsSavedClaim, { saveItems: async () => aceItemsSavedClaim });
    await idle(actor);
    actor.send({ type: "item.toggle", planItemId: 2 });
    actor.send({ type: "details.change", details: { 2: fullDetails } });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveItems.mock.calls[0]![0].items).toEqual([
      { planItemId: 1, claimItemId: 11, itemTypeId: 101, ...fullDetails },
      { planItemId: 2, claimItemId: undefined, itemTypeId: 102, ...fullDetails },
    ]);
  });

  it("a failed save stays on step 3 with saveFailed and a notice", async () => {
    const { actor, notices } = open(3, aceItemsSavedClaim, { saveItems: failing() });
    await idle(actor);
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("choosingItems");
    expect(snapshot.context.error).toBe("saveFailed");
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
  });

  it("Back on step 3 goes to step 2", async () => {
    const { actor } = open(3, aceItemsSavedClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toBe("confirmingContact");
    expect(stepOf(actor.getSnapshot())).toBe(2);
  });
});

describe("aceClaim behaviour: step 4, damages and documents", () => {
  it("Next without documents shows validation and stays on step 4", async () => {
    const { actor, saveDamages } = open(4, aceItemsSavedClaim);
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceNewDamage()] } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("Next with an incomplete damage block shows validation and stays on step 4", async () => {
    const { actor, saveDamages } = open(4, aceReadyClaim);
    await idle(actor);
    expect(actor.getSnapshot().context.showValidation).toBe(false);
    actor.send({ type: "damages.change", damages: { 1: [aceSavedBlock(901), aceNewDamage(), incompleteAceBlock] } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("Next on an item without any damage block shows validation and stays on step 4", async () => {
    const { actor } = open(4, claim({ items: [claimItem(11, 1, { documents: [{ id: 501, fileName: "sofa.jpg" }] })] }));
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.showValidation).toBe(true);
  });

  it("with documents, Next saves ONLY the unsaved complete damages, no specific damage needed, then shows the review", async () => {
    const afterSave = claim({
      items: [claimItem(11, 1, { damages: [aceSavedDamage(901), aceSavedDamage(903)], documents: [{ id: 501, fileName: "sofa.jpg" }] })],
    });
    const { actor, saveDamages } = open(4, aceReadyClaim, { saveDamages: async () => afterSave });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceSavedBlock(901), aceNewDamage("new tear"), { ...aceNewDamage("other"), specificDamageId: null }] } });
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("savingDamages");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(saveDamages).toHaveBeenCalledWith({ claimId: 55, customerId: 700, damages: [aceDamageSent(1, "new tear"), aceDamageSent(1, "other")] });
    expect(snapshot.value).toBe("reviewing");
    expect(stepOf(snapshot)).toBe(5);
    expect(snapshot.context.claim).toEqual(afterSave);
  });

  it("damages of two items are each sent with their plan item", async () => {
    const twoItems = claim({
      items: [
        claimItem(11, 1, { documents: [{ id: 501, fileName: "sofa.jpg" }] }),
        claimItem(12, 2, { damages: [aceSavedDamage(905)], documents: [{ id: 502, fileName: "chair.jpg" }] }),
      ],
    });
    const { actor, saveDamages } = open(4, twoItems, { saveDamages: async () => twoItems });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceNewDamage("on sofa")], 2: [aceSavedBlock(905), aceNewDamage("on chair")] } });
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveDamages.mock.calls[0]![0].damages).toEqual([aceDamageSent(1, "on sofa"), aceDamageSent(2, "on chair")]);
  });

  // The server's answer to saving the new block of the tests below: it holds it as damage 903.
  const savedNewBlock = claim({
    items: [
      claimItem(11, 1, {
        damages: [aceSavedDamage(901), { ...aceSavedDamage(903), note: "new tear", noticedOn: "2024-06-01" }],
        documents: [{ id: 501, fileName: "sofa.jpg" }],
      }),
    ],
  });

  it("after saving, the damages are held once each, as the server's saved blocks", async () => {
    const { actor } = open(4, aceReadyClaim, { saveDamages: async () => savedNewBlock });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceSavedBlock(901), aceNewDamage("new tear")] } });
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reviewing");
    expect(snapshot.context.damages).toEqual({ 1: [aceSavedBlock(901), { ...aceSavedBlock(903), note: "new tear", noticedOn: "2024-06-01" }] });
  });

  it("after saving, Back to step 4 and Next again re-sends nothing", async () => {
    const { actor, saveDamages } = open(4, aceReadyClaim, { saveDamages: async () => savedNewBlock });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceSavedBlock(901), aceNewDamage("new tear")] } });
    actor.send({ type: "step.next" });
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    actor.send({ type: "step.next" });
    await idle(actor);
    expect(saveDamages).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe("reviewing");
  });

  it("with only saved damages and documents, Next shows the review without saving", async () => {
    const { actor, saveDamages } = open(4, aceReadyClaim);
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reviewing");
    expect(saveDamages).not.toHaveBeenCalled();
  });

  it("a failed damage save stays on step 4 with saveFailed and a notice, keeping the new block", async () => {
    const { actor, notices } = open(4, aceReadyClaim, { saveDamages: failing() });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceSavedBlock(901), aceNewDamage()] } });
    actor.send({ type: "step.next" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reportingDamage");
    expect(snapshot.context.error).toBe("saveFailed");
    expect(snapshot.context.damages[1]).toEqual([aceSavedBlock(901), aceNewDamage()]);
    expect(notices).toEqual([{ type: "notify", code: "saveFailed" }]);
  });

  it("damage.remove on index 0 does nothing, saved or not", async () => {
    const { actor, deleteDamage } = open(4, aceReadyClaim);
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 1, index: 0 });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.damages[1]).toEqual([aceSavedBlock(901)]);
    const unsaved = open(4, aceItemsSavedClaim);
    await idle(unsaved.actor);
    unsaved.actor.send({ type: "damages.change", damages: { 1: [aceNewDamage("first")] } });
    unsaved.actor.send({ type: "damage.remove", planItemId: 1, index: 0 });
    expect(unsaved.actor.getSnapshot().context.damages[1]).toEqual([aceNewDamage("first")]);
    expect(deleteDamage).not.toHaveBeenCalled();
    expect(unsaved.deleteDamage).not.toHaveBeenCalled();
  });

  it("removing an unsaved block drops it locally", async () => {
    const { actor, deleteDamage } = open(4, aceReadyClaim);
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceSavedBlock(901), aceNewDamage("a"), aceNewDamage("b")] } });
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    expect(actor.getSnapshot().context.damages[1]).toEqual([aceSavedBlock(901), aceNewDamage("b")]);
    expect(deleteDamage).not.toHaveBeenCalled();
  });

  it("removing a saved block deletes it on the server by its id, keeping unsaved blocks", async () => {
    const twoDamages = claim({
      items: [claimItem(11, 1, { damages: [aceSavedDamage(901), aceSavedDamage(902)], documents: [{ id: 501, fileName: "a.jpg" }] })],
    });
    const { actor, deleteDamage } = open(4, twoDamages, { deleteDamage: async () => aceReadyClaim });
    await idle(actor);
    actor.send({ type: "damages.change", damages: { 1: [aceSavedBlock(901), aceSavedBlock(902), aceNewDamage("kept")] } });
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    expect(actor.getSnapshot().value).toBe("deletingDamage");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(deleteDamage).toHaveBeenCalledWith({ claimId: 55, damageId: 902 });
    expect(snapshot.value).toBe("reportingDamage");
    expect(snapshot.context.damages[1]).toEqual([aceSavedBlock(901), aceNewDamage("kept")]);
  });

  it("a failed damage deletion keeps the block and notifies damageDeleteFailed", async () => {
    const twoDamages = claim({ items: [claimItem(11, 1, { damages: [aceSavedDamage(901), aceSavedDamage(902)] })] });
    const { actor, notices } = open(4, twoDamages, { deleteDamage: failing() });
    await idle(actor);
    actor.send({ type: "damage.remove", planItemId: 1, index: 1 });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reportingDamage");
    expect(snapshot.context.damages[1]).toEqual([aceSavedBlock(901), aceSavedBlock(902)]);
    expect(notices).toEqual([{ type: "notify", code: "damageDeleteFailed" }]);
  });

  it("a document added on step 4 counts for Next", async () => {
    const { actor } = open(4, claim({ items: [claimItem(11, 1, { damages: [aceSavedDamage(901)] })] }));
    await idle(actor);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
    actor.send({ type: "document.added", claimItemId: 11, document: { id: 502, fileName: "arm.jpg" } });
    expect(actor.getSnapshot().context.claim?.items[0]?.documents).toEqual([{ id: 502, fileName: "arm.jpg" }]);
    actor.send({ type: "step.next" });
    expect(actor.getSnapshot().value).toBe("reviewing");
  });

  it("a document added to an unknown claim item changes nothing", async () => {
    const { actor } = open(4, aceReadyClaim);
    await idle(actor);
    actor.send({ type: "document.added", claimItemId: 99, document: { id: 502, fileName: "arm.jpg" } });
    expect(actor.getSnapshot().context.claim).toEqual(aceReadyClaim);
  });

  it("deleting a document calls deleteDocument and notifies documentDeleted; a failure notifies documentDeleteFailed", async () => {
    const withoutDocument = claim({ items: [claimItem(11, 1, { damages: [aceSavedDamage(901)] })] });
    const { actor, deleteDocument, notices } = open(4, aceReadyClaim, { deleteDocument: inTurn(async () => withoutDocument, failing()) });
    await idle(actor);
    actor.send({ type: "document.delete", documentId: 501 });
    expect(actor.getSnapshot().value).toBe("deletingDocument");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    let snapshot = await idle(actor);
    expect(deleteDocument).toHaveBeenCalledWith({ claimId: 55, documentId: 501 });
    expect(snapshot.value).toBe("reportingDamage");
    expect(snapshot.context.claim).toEqual(withoutDocument);
    actor.send({ type: "document.delete", documentId: 501 });
    snapshot = await idle(actor);
    expect(snapshot.value).toBe("reportingDamage");
    expect(snapshot.context.claim).toEqual(withoutDocument);
    expect(notices).toEqual([
      { type: "notify", code: "documentDeleted" },
      { type: "notify", code: "documentDeleteFailed" },
    ]);
  });

  it("Back on step 4 goes to step 3", async () => {
    const { actor } = open(4, aceReadyClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toBe("choosingItems");
  });
});

describe("aceClaim behaviour: step 5, submit, confirmation", () => {
  it("submit answered 'Succeed' shows the confirmation (step 6); Back to Home calls goHome", async () => {
    const { actor, submitClaim, goHome, notices } = open(5, aceReadyClaim, { submitClaim: async () => "Succeed" });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    expect(actor.getSnapshot().value).toBe("submitting");
    expect(stepOf(actor.getSnapshot())).toBe(5);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    const snapshot = await idle(actor);
    expect(submitClaim).toHaveBeenCalledWith({ claimId: 55 });
    expect(snapshot.value).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
    expect(snapshot.context.claim?.status).not.toBe("Draft");
    expect(snapshot.context.error).toBeNull();
    expect(notices).toEqual([]);
    actor.send({ type: "claim.close" });
    expect(goHome).toHaveBeenCalledTimes(1);
  });

  it("an HTTP 504 on submit counts as success: the confirmation, without a notice (SPEC.md section 4)", async () => {
    const { actor, notices } = open(5, aceReadyClaim, { submitClaim: failing(httpError(504)) });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("submitted");
    expect(stepOf(snapshot)).toBe(6);
    expect(snapshot.context.error).toBeNull();
    expect(notices).toEqual([]);
  });

  it.each(["Failed", "succeed", "Succeed ", ""])("submit answered %j stays on the review with submitFailed and a notice", async (message) => {
    const { actor, notices } = open(5, aceReadyClaim, { submitClaim: async () => message });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reviewing");
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
  });

  it.each([
    ["HTTP 500", httpError(500)],
    ["HTTP 502", httpError(502)],
    ["HTTP 503", httpError(503)],
    ["a network error", new TypeError("Failed to fetch")],
    ["an error whose message says 504", new Error("504 Gateway Timeout")],
  ])("a submit failing with %s stays on the review with submitFailed and a notice", async (_label, error) => {
    const { actor, notices } = open(5, aceReadyClaim, { submitClaim: failing(error) });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    const snapshot = await idle(actor);
    expect(snapshot.value).toBe("reviewing");
    expect(stepOf(snapshot)).toBe(5);
    expect(snapshot.context.error).toBe("submitFailed");
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
  });

  it("a retry after a failed submit clears the error and can succeed", async () => {
    const { actor } = open(5, aceReadyClaim, { submitClaim: inTurn(failing(httpError(500)), async () => "Succeed") });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect((await idle(actor)).value).toBe("submitted");
  });

  it("Back on the review goes to step 4", async () => {
    const { actor } = open(5, aceReadyClaim);
    await idle(actor);
    actor.send({ type: "step.back" });
    expect(actor.getSnapshot().value).toBe("reportingDamage");
  });

  it.each([
    ["'Succeed'", async () => "Succeed"],
    ["an HTTP 504", failing(httpError(504))],
  ])("after a submit answered %s, the browser's Back (step 5 requested) keeps the confirmation", async (_label, answer) => {
    const { actor } = open(5, aceReadyClaim, { submitClaim: answer });
    await idle(actor);
    actor.send({ type: "claim.submit" });
    await idle(actor);
    actor.send({ type: "step.requested", step: 5 });
    expect(actor.getSnapshot().value).toBe("submitted");
    expect(stepOf(actor.getSnapshot())).toBe(6);
    actor.send({ type: "step.requested", step: 2 });
    expect(actor.getSnapshot().value).toBe("submitted");
    actor.send({ type: "step.requested", step: 6 });
    expect(actor.getSnapshot().value).toBe("submitted");
  });
});

describe("aceClaim busy tag", () => {
  // The screens disable their buttons and show a spinner while a server call runs ('busy').
  const busyStates = ["savingContact", "removingItem", "savingItems", "savingDamages", "deletingDamage", "deletingDocument", "submitting"];
  const restingStates = ["confirmingContact", "choosingItems", "reportingDamage", "reviewing", "submitted", "claimNotFound"];

  it("every state waiting for a save, delete or submit carries 'busy'; resting states do not", () => {
    const states = aceClaimMachine.root.states;
    for (const name of busyStates) expect([...states[name]!.tags], name).toContain("busy");
    for (const name of restingStates) expect([...states[name]!.tags], name).not.toContain("busy");
  });

  it("the resting states of a real actor are not busy", async () => {
    const { actor } = open(2, aceFreshClaim);
    expect((await idle(actor)).hasTag("busy")).toBe(false);
    const submitted = open(3, aceSubmittedClaim);
    expect((await idle(submitted.actor)).hasTag("busy")).toBe(false);
  });
});

/**
 * What the claim wizard behaviour tests share: a family table (FPP and ACE: machine, fixtures, the
 * state of each step) and `openWizard`, a real actor of a family's machine with every server call
 * stubbed, the injected navigation spied on, and its notices collected.
 */
import type { SubmitOutcome } from "../../../machines/outcomes.ts";
import { vi } from "vitest";
import { createActor, fromPromise, waitFor, type ActorRefFrom } from "xstate";
import { aceClaimMachine } from "../../../machines/ace-claim.machine.ts";
import type { DamageToSave, KeptDraft } from "../../../machines/claim-drafts.ts";
import type {
  LoadClaimInput,
  LoadedClaim,
  SaveContactInput,
  SaveDamagesInput,
  SaveItemsInput,
} from "../../../machines/claim-wizard.ts";
import type { Claim, DamageEntry, Plan, SavedDamage } from "../../../machines/domain.ts";
import { fppClaimMachine } from "../../../machines/fpp-claim.machine.ts";
import { collectEmitted } from "./actors.ts";
import {
  aceDamageSent,
  aceFreshClaim,
  aceItemsSavedClaim,
  aceLoaded,
  aceNewDamage,
  aceReadyClaim,
  aceSavedBlock,
  aceSavedDamage,
  aceSubmittedClaim,
} from "./ace-claim-fixtures.ts";
import {
  freshClaim,
  itemsSavedClaim,
  loaded,
  newDamage,
  readyClaim,
  savedDamage,
  submittedClaim,
} from "./domain-fixtures.ts";
import { stateKey } from "./graph.ts";

export interface WizardFamily {
  name: "fpp" | "ace";
  machine: typeof fppClaimMachine;
  customerId: number | null;
  /** loadClaim's answer for a claim (ACE: with valid contact details). */
  loaded(claim: Claim, plan?: Plan): LoadedClaim;
  fresh: Claim;
  itemsSaved: Claim;
  ready: Claim;
  submitted: Claim;
  /** A complete new damage block as typed, what saveDamages sends for it, a saved one. */
  newDamage(note?: string): Partial<DamageEntry>;
  damageSent(planItemId: number, note?: string): DamageToSave;
  savedDamage(id: number): SavedDamage;
  savedBlock(id: number): Partial<DamageEntry>;
  /** Step 2's state, the items step (number and state), the details step, and saving items. */
  firstStep: string;
  itemsStep: number;
  itemsState: string;
  detailsStep: number;
  detailsState: string;
  savingItemsState: string;
}

const fppSavedBlock = (id: number): Partial<DamageEntry> => {
  const { id: savedId, ...rest } = savedDamage(id);
  return { savedId, ...rest };
};

export const FAMILIES: WizardFamily[] = [
  {
    name: "fpp",
    machine: fppClaimMachine,
    customerId: null,
    loaded: (claim, plan) => ({ ...loaded(claim), ...(plan && { plan }) }),
    fresh: freshClaim,
    itemsSaved: itemsSavedClaim,
    ready: readyClaim,
    submitted: submittedClaim,
    newDamage,
    damageSent: (planItemId, note) => ({ ...newDamage(note), planItemId }),
    savedDamage,
    savedBlock: fppSavedBlock,
    firstStep: "selectingItems.editing",
    itemsStep: 2,
    itemsState: "selectingItems.editing",
    detailsStep: 3,
    detailsState: "confirmingDetails.editing",
    savingItemsState: "confirmingDetails.savingItems",
  },
  {
    name: "ace",
    machine: aceClaimMachine as unknown as typeof fppClaimMachine,
    customerId: 700,
    loaded: (claim, plan) => ({ ...aceLoaded(claim), ...(plan && { plan }) }),
    fresh: aceFreshClaim,
    itemsSaved: aceItemsSavedClaim,
    ready: aceReadyClaim,
    submitted: aceSubmittedClaim,
    newDamage: aceNewDamage,
    damageSent: aceDamageSent,
    savedDamage: aceSavedDamage,
    savedBlock: aceSavedBlock,
    firstStep: "confirmingContact.editing",
    itemsStep: 3,
    itemsState: "selectingItems.editing",
    detailsStep: 3,
    detailsState: "selectingItems.editing",
    savingItemsState: "selectingItems.savingItems",
  },
];

export interface WizardServer {
  loadClaim: (input: LoadClaimInput) => Promise<LoadedClaim>;
  saveContact: (input: SaveContactInput) => Promise<void>;
  saveItems: (input: SaveItemsInput) => Promise<Claim>;
  removeItem: (input: { claimId: number; claimItemId: number }) => Promise<Claim>;
  saveDamages: (input: SaveDamagesInput) => Promise<Claim>;
  deleteDamage: (input: { claimId: number; damageId: number }) => Promise<Claim>;
  deleteDocument: (input: { claimId: number; documentId: number }) => Promise<Claim>;
  submitClaim: (input: { claimId: number; customerId: number }) => Promise<SubmitOutcome>;
}

const unexpected = (name: string) => async (): Promise<never> => {
  throw new Error(`unexpected call to ${name}`);
};

/** Answers in turn: each call takes the next one. */
export const inTurn =
  <I, O>(...answers: Array<(input: I) => Promise<O>>) =>
  (input: I) =>
    answers.shift()!(input);
export const failing =
  (error: unknown = new Error("500")) =>
  async (): Promise<never> => {
    throw error;
  };

/**
 * A running wizard of `family` at URL step `requestedStep`, its claim loaded from `first` (a claim,
 * loadClaim's whole answer, or a function answering it), with `keptDraft` as the input kept on the
 * device from before a reload, and `given` as the claim the page came with (the server rendered it).
 */
export function openWizard(
  family: WizardFamily,
  requestedStep: number | null,
  first: Claim | LoadedClaim | (() => Promise<LoadedClaim>),
  server: Partial<WizardServer> = {},
  keptDraft: KeptDraft | null = null,
  given: LoadedClaim | null = null,
) {
  const load: WizardServer["loadClaim"] =
    typeof first === "function" ? first : "plan" in first ? async () => first : async () => family.loaded(first);
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
  // The signal of each call's latest run: its actor aborts it when the machine stops the call (call.cancel).
  const signals: Partial<Record<keyof WizardServer, AbortSignal>> = {};
  const stub = <Output, Input>(name: keyof WizardServer) =>
    fromPromise<Output, Input>(({ input, signal }) => {
      signals[name] = signal;
      return (calls[name] as unknown as (input: Input) => Promise<Output>)(input);
    });
  const spies = { leaveToSelectPlan: vi.fn(), goHome: vi.fn(), showStep: vi.fn() };
  const machine = family.machine.provide({
    actors: {
      loadClaim: stub<LoadedClaim, LoadClaimInput>("loadClaim"),
      saveContact: stub<void, SaveContactInput>("saveContact"),
      saveItems: stub<Claim, SaveItemsInput>("saveItems"),
      removeItem: stub<Claim, { claimId: number; claimItemId: number }>("removeItem"),
      saveDamages: stub<Claim, SaveDamagesInput>("saveDamages"),
      deleteDamage: stub<Claim, { claimId: number; damageId: number }>("deleteDamage"),
      deleteDocument: stub<Claim, { claimId: number; documentId: number }>("deleteDocument"),
      submitClaim: stub<SubmitOutcome, { claimId: number; customerId: number }>("submitClaim"),
    },
    actions: spies,
  });
  const actor = createActor(machine, {
    input: { claimId: 55, planId: 1, customerId: family.customerId, requestedStep, keptDraft, loaded: given },
  });
  const notices = collectEmitted<{ type: "notify"; code: string }>(actor, "notify");
  actor.start();
  return { actor, machine, notices, signals, ...calls, ...spies };
}

export type WizardActor = ActorRefFrom<typeof fppClaimMachine>;

/** The active state as a dotted path: 'reportingDamage.editing'. */
export const where = (actor: WizardActor) => stateKey(actor.getSnapshot().value);

/** Waits until the claim is loaded and no server call is running. */
export const idle = (actor: WizardActor) =>
  waitFor(actor, (snapshot) => !snapshot.matches("loading") && !snapshot.hasTag("busy"), { timeout: 1000 });

/** The params an injected action was called with (xstate calls actions as (args, params)). */
export const paramsOf = (spy: ReturnType<typeof vi.fn>, call = 0) => spy.mock.calls[call]?.[1];

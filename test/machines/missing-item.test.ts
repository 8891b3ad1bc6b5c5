/**
 * missingItemMachine: the guards, then behaviour on real actors with stubbed `checkClaim`,
 * `loadOptions` and `addItem` (SPEC.md section 2 "Missing line item", section 8 "Missing item add";
 * SECURITY.md "Every record is checked": a claim this browser cannot reach is said before the form).
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  missingItemMachine,
  type ClaimReach,
  type ManualItem,
  type MissingItemInput,
  type MissingItemOptions,
} from "../../machines/missing-item.machine.ts";
import { CallFailed, type AddItemOutcome } from "../../machines/outcomes.ts";
import { guardOf } from "./support/actors.ts";
import {
  CLAIM_OPEN,
  CLAIM_UNREACHABLE,
  addItemRefusal,
  missingItemInput,
  missingItemOptions,
  recliner,
} from "./support/missing-item-fixtures.ts";

describe("missingItem guard", () => {
  it("isAdded: true only for an added outcome", () => {
    const isAdded = guardOf(missingItemMachine, "isAdded");
    const context = { ...missingItemInput, options: null, failure: null };
    expect(isAdded(context, { outcome: ADDED })).toBe(true);
    expect(isAdded(context, { outcome: NOT_ADDED })).toBe(false);
  });

  it("isUnreachable: true only for an unreachable claim", () => {
    const isUnreachable = guardOf(missingItemMachine, "isUnreachable");
    const context = { ...missingItemInput, options: null, failure: null };
    expect(isUnreachable(context, { reach: CLAIM_UNREACHABLE })).toBe(true);
    expect(isUnreachable(context, { reach: CLAIM_OPEN })).toBe(false);
  });
});

type AddItemInput = { claimId: number; planId: number; item: ManualItem };
const ADDED: AddItemOutcome = { kind: "added" };
const NOT_ADDED: AddItemOutcome = { kind: "notAdded" };

function start(
  stubs: {
    checkClaim?: (input: MissingItemInput) => Promise<ClaimReach>;
    loadOptions?: () => Promise<MissingItemOptions>;
    addItem?: (input: AddItemInput) => Promise<AddItemOutcome>;
  } = {},
) {
  const checkClaim = vi.fn(stubs.checkClaim ?? (async (): Promise<ClaimReach> => CLAIM_OPEN));
  const loadOptions = vi.fn(stubs.loadOptions ?? (async () => missingItemOptions));
  const addItem = vi.fn(stubs.addItem ?? (async () => ADDED));
  const backToClaim = vi.fn();
  const machine = missingItemMachine.provide({
    actors: {
      checkClaim: fromPromise<ClaimReach, MissingItemInput>(({ input }) => checkClaim(input)),
      loadOptions: fromPromise<MissingItemOptions, void>(() => loadOptions()),
      addItem: fromPromise<AddItemOutcome, AddItemInput>(({ input }) => addItem(input)),
    },
    actions: { backToClaim },
  });
  const actor = createActor(machine, { input: missingItemInput }).start();
  return { actor, checkClaim, loadOptions, addItem, backToClaim };
}

type Started = ReturnType<typeof start>;
// No timeout of their own: the test's (vite.config.ts testTimeout) bounds these waits, ample on a busy CI.
const settle = (actor: Started["actor"], state: "editing" | "optionsFailed" | "added" | "claimUnreachable") =>
  waitFor(actor, (snapshot) => snapshot.matches(state));

/** The params the backToClaim action was last called with. */
const backParams = (backToClaim: Started["backToClaim"]) =>
  backToClaim.mock.calls.at(-1)![1] as { claimId: number; planId: number };

describe("missingItem behaviour", () => {
  it("checks the claim first, then loads the option lists, then edits with them", async () => {
    let answer: (reach: ClaimReach) => void = () => {};
    const { actor, checkClaim, loadOptions } = start({
      checkClaim: () => new Promise<ClaimReach>((resolve) => (answer = resolve)),
    });
    expect(actor.getSnapshot().value).toBe("checking");
    expect(checkClaim).toHaveBeenCalledExactlyOnceWith({ claimId: 55, planId: 1 });
    expect(loadOptions).not.toHaveBeenCalled();
    answer(CLAIM_OPEN);
    const snapshot = await settle(actor, "editing");
    expect(snapshot.context).toEqual({ ...missingItemInput, options: missingItemOptions, failure: null });
    expect(loadOptions).toHaveBeenCalledTimes(1);
  });

  it("a claim this browser cannot reach -> claimUnreachable before any form; no lists are loaded and nothing is sent", async () => {
    const { actor, loadOptions, addItem, backToClaim } = start({ checkClaim: async () => CLAIM_UNREACHABLE });
    await settle(actor, "claimUnreachable");
    expect(loadOptions).not.toHaveBeenCalled();
    for (const event of [
      { type: "item.submit", item: recliner },
      { type: "claim.back" },
      { type: "options.retry" },
    ] as const)
      actor.send(event);
    expect(actor.getSnapshot().value).toBe("claimUnreachable");
    expect(addItem).not.toHaveBeenCalled();
    expect(backToClaim).not.toHaveBeenCalled();
  });

  it("the claim's check getting no answer -> optionsFailed; options.retry checks again", async () => {
    let fail = true;
    const { actor, checkClaim } = start({
      checkClaim: async () => (fail ? Promise.reject(new CallFailed({ kind: "network" })) : CLAIM_OPEN),
    });
    await settle(actor, "optionsFailed");
    fail = false;
    actor.send({ type: "options.retry" });
    expect(actor.getSnapshot().value).toBe("checking");
    await settle(actor, "editing");
    expect(checkClaim).toHaveBeenCalledTimes(2);
  });

  it("lists failing to load -> optionsFailed; options.retry -> loading again, and editing once they load", async () => {
    let fail = true;
    const { actor, loadOptions } = start({
      loadOptions: async () => (fail ? Promise.reject(new Error("Option lists unavailable")) : missingItemOptions),
    });
    expect((await settle(actor, "optionsFailed")).context.options).toBeNull();
    fail = false;
    actor.send({ type: "options.retry" });
    expect(actor.getSnapshot().value).toBe("checking");
    expect((await settle(actor, "editing")).context.options).toEqual(missingItemOptions);
    expect(loadOptions).toHaveBeenCalledTimes(2);
  });

  it("ignores a submit while the lists are loading or failed", async () => {
    const { actor, addItem } = start({ loadOptions: () => Promise.reject(new Error("down")) });
    actor.send({ type: "item.submit", item: recliner });
    await settle(actor, "optionsFailed");
    actor.send({ type: "item.submit", item: recliner });
    expect(actor.getSnapshot().value).toBe("optionsFailed");
    expect(addItem).not.toHaveBeenCalled();
  });

  it("submit added -> added, with claim and plan ids and the item sent", async () => {
    const { actor, addItem } = start();
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    expect(actor.getSnapshot().value).toBe("submitting");
    const snapshot = await settle(actor, "added");
    expect(snapshot.context.failure).toBeNull();
    expect(addItem).toHaveBeenCalledExactlyOnceWith({ claimId: 55, planId: 1, item: recliner });
  });

  it("not added (any other answer) -> editing with failure {call: null} (the screen says 'Something went wrong')", async () => {
    const { actor } = start({ addItem: async () => NOT_ADDED });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.failure).toEqual({ call: null });
  });

  it("a refusal -> editing with the call's failure kept, for the screen to say in its language", async () => {
    const { actor } = start({
      addItem: () => Promise.reject(addItemRefusal(404, "CLAIM_NOT_FOUND", "Claim not found")),
    });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.failure).toEqual({
      call: { kind: "refused", status: 404, code: "CLAIM_NOT_FOUND", message: "Claim not found" },
    });
  });

  it("a rejection that is no call's failure -> failure {call: {kind: 'network'}} (no usable answer)", async () => {
    const { actor } = start({ addItem: () => Promise.reject(new Error("")) });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual({ call: { kind: "network" } });
  });

  it("a new submit clears the last failure while it runs, and a success leaves none", async () => {
    const answers = [NOT_ADDED, ADDED];
    let release: () => void = () => {};
    const { actor } = start({
      addItem: async () => {
        const answer = answers.shift()!;
        if (answer === ADDED) await new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
    });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    actor.send({ type: "item.submit", item: recliner });
    expect(actor.getSnapshot().value).toBe("submitting");
    expect(actor.getSnapshot().context.failure).toBeNull();
    release();
    expect((await settle(actor, "added")).context.failure).toBeNull();
  });

  it("ignores claim.back and another submit while submitting", async () => {
    let release: (outcome: AddItemOutcome) => void = () => {};
    const { actor, addItem, backToClaim } = start({
      addItem: () => new Promise<AddItemOutcome>((resolve) => (release = resolve)),
    });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    actor.send({ type: "claim.back" });
    actor.send({ type: "item.submit", item: recliner });
    expect(actor.getSnapshot().value).toBe("submitting");
    expect(backToClaim).not.toHaveBeenCalled();
    expect(addItem).toHaveBeenCalledTimes(1);
    release(ADDED);
    await settle(actor, "added");
  });

  it("claim.back -> backToClaim({claimId, planId}) from editing, optionsFailed and added, staying put", async () => {
    const editing = start();
    await settle(editing.actor, "editing");
    editing.actor.send({ type: "claim.back" });
    expect(editing.backToClaim).toHaveBeenCalledTimes(1);
    expect(backParams(editing.backToClaim)).toMatchObject({ claimId: 55, planId: 1 });
    expect(editing.actor.getSnapshot().value).toBe("editing");

    const failed = start({ loadOptions: () => Promise.reject(new Error("down")) });
    await settle(failed.actor, "optionsFailed");
    failed.actor.send({ type: "claim.back" });
    expect(failed.backToClaim).toHaveBeenCalledTimes(1);
    expect(backParams(failed.backToClaim)).toMatchObject({ claimId: 55, planId: 1 });
    expect(failed.actor.getSnapshot().value).toBe("optionsFailed");

    const added = start();
    await settle(added.actor, "editing");
    added.actor.send({ type: "item.submit", item: recliner });
    await settle(added.actor, "added");
    added.actor.send({ type: "claim.back" });
    expect(added.backToClaim).toHaveBeenCalledTimes(1);
    expect(backParams(added.backToClaim)).toMatchObject({ claimId: 55, planId: 1 });
    expect(added.actor.getSnapshot().value).toBe("added");
  });

  it("claim.back is ignored while checking and loading", async () => {
    const { actor, backToClaim } = start({ loadOptions: () => new Promise(() => {}) });
    actor.send({ type: "claim.back" });
    expect(actor.getSnapshot().value).toBe("checking");
    await waitFor(actor, (snapshot) => snapshot.matches("loading"));
    actor.send({ type: "claim.back" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(backToClaim).not.toHaveBeenCalled();
  });
});

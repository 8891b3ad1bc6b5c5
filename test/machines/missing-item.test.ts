/**
 * missingItemMachine: the guard, then behaviour on real actors with stubbed `loadOptions` and
 * `addItem` (SPEC.md section 2 "Missing line item", section 8 "Missing item add").
 */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { missingItemMachine, type ManualItem, type MissingItemOptions } from "../../machines/missing-item.machine.ts";
import { guardOf } from "./support/actors.ts";
import { missingItemInput, missingItemOptions, recliner } from "./support/missing-item-fixtures.ts";

describe("missingItem guard", () => {
  it("isSucceed: true only for the exact message 'Succeed'", () => {
    const isSucceed = guardOf(missingItemMachine, "isSucceed");
    const context = { ...missingItemInput, options: null, failure: null };
    expect(isSucceed(context, { message: "Succeed" })).toBe(true);
    for (const message of ["succeed", "Succeeded", " Succeed", "Succeed ", "", "Failed", "OK"]) expect(isSucceed(context, { message }), message).toBe(false);
  });
});

type AddItemInput = { claimId: number; planId: number; item: ManualItem };

function start(stubs: { loadOptions?: () => Promise<MissingItemOptions>; addItem?: (input: AddItemInput) => Promise<string> } = {}) {
  const loadOptions = vi.fn(stubs.loadOptions ?? (async () => missingItemOptions));
  const addItem = vi.fn(stubs.addItem ?? (async () => "Succeed"));
  const backToClaim = vi.fn();
  const machine = missingItemMachine.provide({
    actors: {
      loadOptions: fromPromise<MissingItemOptions, void>(() => loadOptions()),
      addItem: fromPromise<string, AddItemInput>(({ input }) => addItem(input)),
    },
    actions: { backToClaim },
  });
  const actor = createActor(machine, { input: missingItemInput }).start();
  return { actor, loadOptions, addItem, backToClaim };
}

type Started = ReturnType<typeof start>;
const settle = (actor: Started["actor"], state: "editing" | "optionsFailed" | "added") => waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });

/** The params the backToClaim action was last called with. */
const backParams = (backToClaim: Started["backToClaim"]) => backToClaim.mock.calls.at(-1)![1] as { claimId: number; planId: number };

describe("missingItem behaviour", () => {
  it("loads the option lists, then edits with them", async () => {
    const { actor, loadOptions } = start();
    expect(actor.getSnapshot().value).toBe("loading");
    const snapshot = await settle(actor, "editing");
    expect(snapshot.context).toEqual({ ...missingItemInput, options: missingItemOptions, failure: null });
    expect(loadOptions).toHaveBeenCalledTimes(1);
  });

  it("lists failing to load -> optionsFailed; options.retry -> loading again, and editing once they load", async () => {
    let fail = true;
    const { actor, loadOptions } = start({ loadOptions: async () => (fail ? Promise.reject(new Error("Option lists unavailable")) : missingItemOptions) });
    expect((await settle(actor, "optionsFailed")).context.options).toBeNull();
    fail = false;
    actor.send({ type: "options.retry" });
    expect(actor.getSnapshot().value).toBe("loading");
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

  it("submit answered 'Succeed' -> added, with claim and plan ids and the item sent", async () => {
    const { actor, addItem } = start();
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    expect(actor.getSnapshot().value).toBe("submitting");
    const snapshot = await settle(actor, "added");
    expect(snapshot.context.failure).toBeNull();
    expect(addItem).toHaveBeenCalledExactlyOnceWith({ claimId: 55, planId: 1, item: recliner });
  });

  it("any other message -> editing with failure {message: null} (the screen says 'Something went wrong')", async () => {
    const { actor } = start({ addItem: async () => "Failed" });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.failure).toEqual({ message: null });
  });

  it("a rejection with Error('Invalid request') -> editing with failure {message: 'Invalid request'}", async () => {
    const { actor } = start({ addItem: () => Promise.reject(new Error("Invalid request")) });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.failure).toEqual({ message: "Invalid request" });
  });

  it("a rejection without a message -> failure {message: null}", async () => {
    const { actor } = start({ addItem: () => Promise.reject(new Error("")) });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    await waitFor(actor, (snapshot) => snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toEqual({ message: null });
  });

  it("a new submit clears the last failure while it runs, and a success leaves none", async () => {
    const answers = ["Failed", "Succeed"];
    let release: () => void = () => {};
    const { actor } = start({
      addItem: async () => {
        const answer = answers.shift()!;
        if (answer === "Succeed") await new Promise<void>((resolve) => (release = resolve));
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
    let release: (message: string) => void = () => {};
    const { actor, addItem, backToClaim } = start({ addItem: () => new Promise<string>((resolve) => (release = resolve)) });
    await settle(actor, "editing");
    actor.send({ type: "item.submit", item: recliner });
    actor.send({ type: "claim.back" });
    actor.send({ type: "item.submit", item: recliner });
    expect(actor.getSnapshot().value).toBe("submitting");
    expect(backToClaim).not.toHaveBeenCalled();
    expect(addItem).toHaveBeenCalledTimes(1);
    release("Succeed");
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

  it("claim.back is ignored while loading", () => {
    const { actor, backToClaim } = start({ loadOptions: () => new Promise(() => {}) });
    actor.send({ type: "claim.back" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(backToClaim).not.toHaveBeenCalled();
  });
});

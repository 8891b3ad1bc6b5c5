/**
 * inShownLanguage (src/screens/claim-wizard/names-in-language.ts): the claim wizard's context as
 * the screens show it after a language switch: the plan, option lists, ACE model lists and damage
 * areas loaded in the new language, over the machine's own records, ids and input untouched. A list
 * whose call failed in the new language stays in the last one instead of offering no choice.
 */
import { expect, it } from "vitest";
import { initialContext, type ClaimWizardContext } from "../../machines/claim-wizard.ts";
import type { AceOptions, Claim, Lookup, ModelOptions, Plan } from "../../machines/domain.ts";
import { inShownLanguage, type ClaimNames } from "../../src/screens/claim-wizard/names-in-language.ts";

const list = (...names: string[]): Lookup[] => names.map((name, at) => ({ id: at + 1, name }));
const model = (words: string): ModelOptions => ({
  damageTypes: list(`${words} type`),
  howItHappened: list(`${words} how`),
  damageAreas: list(`${words} area`),
});
const ace = (words: string): AceOptions => ({
  manufacturers: list("Ashley"),
  materials: list(words),
  colors: list(`${words} color`),
  remedies: list(`${words} remedy`),
});

const loaded: ClaimWizardContext = {
  ...initialContext("ace", { claimId: 1, planId: 2, customerId: 3, requestedStep: 3 }),
  claim: { id: 1, damageAreas: list("Seat"), items: [] } as unknown as Claim,
  plan: {
    id: 2,
    status: "active",
    items: [
      {
        id: 10,
        type: { id: 1, name: "Sofa" },
        material: { id: 1, name: "Leather" },
        color: { id: 4, name: "Brown" },
        manufacturer: { id: 2, name: "Ashley" },
        price: 1200,
        quantity: 1,
      },
      {
        id: 11,
        type: { id: 2, name: "Chair" },
        material: null,
        color: null,
        manufacturer: null,
        price: 300,
        quantity: 2,
      },
    ],
  } as unknown as Plan,
  options: ace("Leather"),
  modelOptions: { 10: model("English") },
  selection: [10],
  details: { 10: { materialId: 1 } },
};

const spanish: ClaimNames = {
  // Loaded later: what is not words (status, price, quantity, an item) may have changed since, and stays the machine's.
  plan: {
    id: 2,
    status: "expired",
    items: [
      {
        id: 10,
        type: { id: 1, name: "Sofá" },
        material: { id: 1, name: "Cuero" },
        color: null,
        manufacturer: { id: 2, name: "Ashley" },
        price: 999,
        quantity: 5,
      },
      {
        id: 12,
        type: { id: 3, name: "Mesa" },
        material: null,
        color: null,
        manufacturer: null,
        price: 50,
        quantity: 1,
      },
    ],
  } as unknown as Plan,
  options: { ...ace("Cuero"), colors: [] },
  modelOptions: { 10: { ...model("Spanish"), damageAreas: [] } },
  damageAreas: list("Asiento"),
};

it("lays the new language's names over the records and keeps the consumer's input", () => {
  const shown = inShownLanguage(loaded, spanish);
  expect(shown.plan?.items[0]?.type?.name).toBe("Sofá");
  expect(shown.options?.materials).toEqual(list("Cuero"));
  expect(shown.modelOptions[10]?.damageTypes).toEqual(list("Spanish type"));
  expect(shown.claim?.damageAreas).toEqual(list("Asiento"));
  expect([shown.selection, shown.details, shown.claim?.id]).toEqual([loaded.selection, loaded.details, 1]);
});

it("lays only the items' names over the machine's plan, by item id; all else of the plan stays the machine's", () => {
  const plan = inShownLanguage(loaded, spanish).plan;
  expect(plan?.status).toBe("active");
  expect(plan?.items.map((item) => [item.id, item.type?.name, item.material?.name, item.price, item.quantity])).toEqual(
    [
      [10, "Sofá", "Cuero", 1200, 1],
      [11, "Chair", undefined, 300, 2],
    ],
  );
  // A name the new language did not give stays in the last language rather than none.
  expect(plan?.items[0]?.color).toEqual({ id: 4, name: "Brown" });
});

it("keeps a list the new language could not give (an empty answer) in the last language", () => {
  const shown = inShownLanguage(loaded, spanish);
  expect(shown.options?.colors).toEqual(list("Leather color"));
  expect(shown.modelOptions[10]?.damageAreas).toEqual(list("English area"));
});

it("gives the same object for the same context, and the context itself without names or before the claim loads", () => {
  expect(inShownLanguage(loaded, spanish)).toBe(inShownLanguage(loaded, spanish));
  expect(inShownLanguage(loaded, null)).toBe(loaded);
  const loading = { ...loaded, claim: null };
  expect(inShownLanguage(loading, spanish)).toBe(loading);
});

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
const model = (words: string): ModelOptions => ({ damageTypes: list(`${words} type`), howItHappened: list(`${words} how`), damageAreas: list(`${words} area`) });
const ace = (words: string): AceOptions => ({ manufacturers: list("Ashley"), materials: list(words), colors: list(`${words} color`), remedies: list(`${words} remedy`) });

const loaded: ClaimWizardContext = {
  ...initialContext("ace", { claimId: 1, planId: 2, customerId: 3, requestedStep: 3 }),
  claim: { id: 1, damageAreas: list("Seat"), items: [] } as unknown as Claim,
  plan: { id: 2, items: [{ id: 10, type: { id: 1, name: "Sofa" } }] } as unknown as Plan,
  options: ace("Leather"),
  modelOptions: { 10: model("English") },
  selection: [10],
  details: { 10: { materialId: 1 } },
};

const spanish: ClaimNames = {
  plan: { id: 2, items: [{ id: 10, type: { id: 1, name: "Sofá" } }] } as unknown as Plan,
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

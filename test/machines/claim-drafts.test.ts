/**
 * The consumer's draft of a claim beside what the server holds (machines/claim-drafts.ts; SPEC.md
 * section 4 "Claim flow", section 5 steps 2-4): the details a newly ticked item starts from, the
 * damage blocks an item shows after the server answers, and whether a step holds typed damage input
 * that would be lost. The wizard tests (claim-wizard.test.ts) reach these through the machines.
 */
import { describe, expect, it } from "vitest";
import { hasUnsavedDamageInput, mergeDamages, toggleSelection } from "../../machines/claim-drafts.ts";
import { claim, claimItem, plan, planItem, savedDamage } from "./support/domain-fixtures.ts";

describe("a newly ticked item", () => {
  const twoFurnished = plan(1, {
    items: [
      planItem(1, {
        manufacturer: { id: 1, name: "Acme" },
        material: { id: 2, name: "Oak" },
        color: { id: 3, name: "Red" },
      }),
      planItem(2, {
        manufacturer: { id: 11, name: "Birch & Co" },
        material: { id: 12, name: "Leather" },
        color: { id: 13, name: "Tan" },
      }),
    ],
  });

  it("starts from its own plan item's manufacturer, material and color, not another item's", () => {
    const ticked = toggleSelection({ selection: [], details: {}, plan: twoFurnished }, 2);
    expect(ticked).toEqual({ selection: [2], details: { 2: { manufacturerId: 11, materialId: 12, colorId: 13 } } });
  });

  it("starts with no details when the plan is not known yet or does not list it", () => {
    const blank = { manufacturerId: undefined, materialId: undefined, colorId: undefined };
    expect(toggleSelection({ selection: [1], details: {}, plan: null }, 2)).toEqual({
      selection: [1, 2],
      details: { 2: blank },
    });
    expect(toggleSelection({ selection: [], details: {}, plan: twoFurnished }, 9)).toEqual({
      selection: [9],
      details: { 9: blank },
    });
  });

  it("keeps the details already confirmed for it when ticked again", () => {
    const confirmed = { manufacturerId: 1, materialId: 2, colorId: 99 };
    expect(toggleSelection({ selection: [], details: { 2: confirmed }, plan: twoFurnished }, 2).details).toEqual({
      2: confirmed,
    });
  });
});

describe("the damage blocks an item shows after the server answers", () => {
  it("an item the server has just added starts with no blocks", () => {
    const answer = claim({ items: [claimItem(11, 1, { damages: [savedDamage(901)] }), claimItem(12, 2)] });
    const blocks = mergeDamages(answer, { 1: [{ note: "being typed" }] });
    expect(blocks[2]).toEqual([]);
    expect(blocks[1]!.map((block) => block.savedId ?? block.note)).toEqual([901, "being typed"]);
  });
});

describe("typed damage input that leaving would lose", () => {
  it("counts an item among several chosen when only that one has typed input", () => {
    expect(hasUnsavedDamageInput({ selection: [1, 2], damages: { 1: [{ note: "torn" }], 2: [{}] } })).toBe(true);
    expect(hasUnsavedDamageInput({ selection: [1, 2], damages: { 2: [{ damageTypeId: 4 }] } })).toBe(true);
  });

  it("does not count a block whose fields were cleared back to empty", () => {
    expect(
      hasUnsavedDamageInput({
        selection: [1],
        damages: { 1: [{ damageTypeId: undefined, note: "", noticedOn: undefined }] },
      }),
    ).toBe(false);
    expect(hasUnsavedDamageInput({ selection: [1], damages: { 1: [{ specificDamageId: null, note: "" }] } })).toBe(
      false,
    );
  });
});

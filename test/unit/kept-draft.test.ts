// @vitest-environment jsdom
/**
 * The copy of a wizard's unsaved input in session storage (src/lib/kept-draft.ts): it
 * comes back as it was kept, per claim and family, and anything else found there (an older shape,
 * a hand edit, broken JSON) is dropped rather than trusted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { clearKeptDraft, loadKeptDraft, saveKeptDraft } from "../../src/lib/kept-draft.ts";

const draft = {
  selection: [1, 2],
  details: { 1: { manufacturerId: 4, materialId: 5, colorId: 6 } },
  damages: { 2: [{ damageTypeId: 9, note: "torn seam", noticedOn: "2026-11-02" }] },
};

beforeEach(() => window.sessionStorage.clear());

describe("the kept draft of a claim", () => {
  it("comes back as kept, for its own claim and family only, and goes when cleared", () => {
    saveKeptDraft("fpp", 55, draft);
    expect(loadKeptDraft("fpp", 55)).toEqual(draft);
    expect(loadKeptDraft("ace", 55)).toBeNull();
    expect(loadKeptDraft("fpp", 56)).toBeNull();
    clearKeptDraft("fpp", 55);
    expect(loadKeptDraft("fpp", 55)).toBeNull();
  });

  it("drops what does not parse: broken JSON, a wrong shape, ids that are not ids", () => {
    for (const stored of [
      "{not json",
      JSON.stringify({ selection: "1" }),
      JSON.stringify({ ...draft, selection: [1.5] }),
      JSON.stringify({ ...draft, details: { x: {} } }),
    ]) {
      window.sessionStorage.setItem("claimDraft:fpp:55", stored);
      expect(loadKeptDraft("fpp", 55), stored).toBeNull();
    }
  });
});

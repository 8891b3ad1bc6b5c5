// @vitest-environment jsdom
/**
 * The plan-search try counter kept for the visit (src/lib/try-counter.ts) and the app's planSearch
 * actor that restores it and keeps it through the machine's `keepFailedSearches`
 * (src/screens/shared/plan-search-actor.ts): a reload of
 * no-warranty-found after 3 failed searches still offers Contact Service (SPEC.md sections 2 "No
 * warranty found" and 4 "Plan-search try counter"), and a kept value that is not a count is ignored.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { offersContactService, SEARCH_LIMIT, type PlanLink } from "../../machines/plan-search.machine.ts";
import { loadFailedSearches, parseFailedSearches, saveFailedSearches } from "../../src/lib/try-counter.ts";
import { createPlanSearch } from "../../src/screens/shared/plan-search-actor.ts";

const KEY = "planSearch.failedSearches";
/** A link of a plan type that never opens: counted as a failed search without any call. */
const UNKNOWN_TYPE_LINK: PlanLink = { planId: 7, customerId: 8, planType: "GOLD" };

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("the kept try counter", () => {
  it("comes back as kept, and is zero when nothing is kept", () => {
    expect(loadFailedSearches()).toBe(0);
    saveFailedSearches(3);
    expect(window.sessionStorage.getItem(KEY)).toBe("3");
    expect(loadFailedSearches()).toBe(3);
    saveFailedSearches(0);
    expect(loadFailedSearches()).toBe(0);
  });

  it("ignores a kept value that is not a count: garbage, negative, fractional, padded, past the safe integers", () => {
    for (const stored of [
      "",
      "abc",
      "3abc",
      "-1",
      "2.5",
      "1e3",
      " 3",
      "03",
      "0x3",
      "Infinity",
      "NaN",
      "null",
      "[3]",
      "9007199254740993",
    ]) {
      expect(parseFailedSearches(stored), stored).toBeNull();
      window.sessionStorage.setItem(KEY, stored);
      expect(loadFailedSearches(), stored).toBe(0);
    }
    expect(parseFailedSearches(null)).toBeNull();
    expect(parseFailedSearches("0")).toBe(0);
    expect(parseFailedSearches("12")).toBe(12);
  });

  it("survives a storage that refuses to read or write", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    expect(loadFailedSearches()).toBe(0);
    expect(() => saveFailedSearches(2)).not.toThrow();
  });
});

describe("the app's planSearch actor and the kept counter", () => {
  it("keeps each failed search, so a new actor (a reload) offers Contact Service at the limit", () => {
    const first = createPlanSearch();
    for (let i = 1; i <= SEARCH_LIMIT; i++) {
      first.send({ type: "plan.open", link: UNKNOWN_TYPE_LINK });
      expect(window.sessionStorage.getItem(KEY)).toBe(String(i));
    }
    expect(offersContactService(first.getSnapshot())).toBe(true);
    first.stop();

    const reloaded = createPlanSearch();
    expect(reloaded.getSnapshot().value).toBe("idle");
    expect(reloaded.getSnapshot().context.failedSearches).toBe(SEARCH_LIMIT);
    expect(offersContactService(reloaded.getSnapshot())).toBe(true);
  });

  it("below the limit a reload offers Try Again", () => {
    window.sessionStorage.setItem(KEY, String(SEARCH_LIMIT - 1));
    expect(offersContactService(createPlanSearch().getSnapshot())).toBe(false);
  });

  it("keeps the reset of the method screen's Search for the next reload", () => {
    window.sessionStorage.setItem(KEY, String(SEARCH_LIMIT));
    const actor = createPlanSearch();
    actor.send({ type: "method.confirmed" });
    expect(window.sessionStorage.getItem(KEY)).toBe("0");
    expect(offersContactService(createPlanSearch().getSnapshot())).toBe(false);
  });

  it("starts at zero from a kept value that is not a count, and counts on from there", () => {
    window.sessionStorage.setItem(KEY, "lots");
    const actor = createPlanSearch();
    expect(actor.getSnapshot().context.failedSearches).toBe(0);
    actor.send({ type: "plan.open", link: UNKNOWN_TYPE_LINK });
    expect(actor.getSnapshot().context.failedSearches).toBe(1);
    expect(window.sessionStorage.getItem(KEY)).toBe("1");
  });
});

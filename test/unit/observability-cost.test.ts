import { describe, expect, it } from "vitest";
import { meetsObservabilityBudget, sideP99 } from "../../scripts/bench/observability-cost.ts";

/** A round of 100 requests: `slowCount` at `slow` ms (at least two, so its p99 is `slow`), the rest at `typical` ms. */
const round = (typical: number, slow: number, slowCount = 2) => [
  ...Array.from({ length: 100 - slowCount }, () => typical),
  ...Array.from({ length: slowCount }, () => slow),
];

describe("sideP99", () => {
  it("takes the median of the rounds' p99s, so one pause in one round does not decide it", () => {
    const p99 = sideP99([round(3, 10), round(3, 12), round(3, 400, 10), round(3, 11), round(3, 9)]);
    expect(p99.medianRoundMs).toBe(11);
    // Over all requests the one paused round decides it.
    expect(p99.pooledMs).toBe(400);
  });
});

describe("meetsObservabilityBudget", () => {
  const side = (medianRoundMs: number) => ({ medianRoundMs, pooledMs: medianRoundMs * 3 });
  it("passes a median p99 up to 10% above the one without logs and metrics, with nothing failed", () => {
    expect(meetsObservabilityBudget({ on: side(10.9), off: side(10), offAgain: side(10), failed: 0 })).toBe(true);
    expect(meetsObservabilityBudget({ on: side(11.2), off: side(10), offAgain: side(10), failed: 0 })).toBe(false);
    expect(meetsObservabilityBudget({ on: side(10), off: side(10), offAgain: side(10), failed: 1 })).toBe(false);
  });
});

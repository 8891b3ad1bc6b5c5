/**
 * The bench's Lighthouse figures (scripts/bench/lighthouse.ts): each figure's median over the
 * runs, and how far the runs strayed, so docs/performance.md shows the spread behind a verdict.
 */
import { expect, it } from "vitest";
import { medianOf } from "../../scripts/bench/lighthouse.ts";

it("takes each figure's median on its own and keeps the least and most LCP and TBT", () => {
  const runs = [
    { score: 96, fcpMs: 900, lcpMs: 950, tbtMs: 240 },
    { score: 99, fcpMs: 800, lcpMs: 1200, tbtMs: 35 },
    { score: 97, fcpMs: 850, lcpMs: 900, tbtMs: 150 },
    { score: 92, fcpMs: 950, lcpMs: 1010, tbtMs: 477 },
    { score: 98, fcpMs: 820, lcpMs: 980, tbtMs: 200 },
  ];
  expect(medianOf(runs)).toEqual({
    score: 97,
    fcpMs: 850,
    lcpMs: 980,
    tbtMs: 200,
    range: { lcpMs: [900, 1200], tbtMs: [35, 477] },
  });
});

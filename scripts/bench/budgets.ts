/**
 * The speed budgets, as ratios to the bare React 19 page measured in the same run, and their
 * verdicts. Pure: figures in, verdicts out.
 */
import type { LighthouseFigures } from "./lighthouse.ts";

/** A page's figures: its script and what Lighthouse measured (times in milliseconds). */
export interface PageFigures extends LighthouseFigures {
  name: string;
  /** Gzip bytes of the scripts the page loads. */
  scriptBytes: number;
  /** Gzip bytes it loads beyond the app shell (the app's entry and what it preloads). */
  beyondShellBytes: number;
}

export interface Verdict {
  budget: string;
  measured: string;
  pass: boolean;
}

const times = (ratio: number) => `${ratio.toFixed(2)}x`;

/** Least Lighthouse performance score of every measured page. */
const SCORE_AT_LEAST = 95;

/** Most a page's LCP may be, as a multiple of the bare page's in the same run. */
const LCP_AT_MOST = 1.5;

/** Total blocking time every measured page stays under, in milliseconds (Lighthouse, median). */
const TBT_UNDER_MS = 200;

/**
 * The verdicts for a run: each page's score, LCP against the bare page's, and TBT. Script weight is
 * printed, not judged: the pages' LCP and TBT are what a person waits for.
 * @param bare the floor; @param pages every measured page, each reached as a person reaches it
 */
export function judge(bare: PageFigures, pages: PageFigures[]): Verdict[] {
  return pages.flatMap((page) => [
    {
      budget: `${page.name}: Lighthouse performance at least ${SCORE_AT_LEAST}`,
      measured: String(page.score),
      pass: page.score >= SCORE_AT_LEAST,
    },
    {
      budget: `${page.name}: LCP at most ${LCP_AT_MOST}x the bare page's`,
      measured: `${Math.round(page.lcpMs)} ms = ${times(page.lcpMs / bare.lcpMs)}`,
      pass: page.lcpMs <= LCP_AT_MOST * bare.lcpMs,
    },
    {
      budget: `${page.name}: total blocking time under ${TBT_UNDER_MS} ms`,
      measured: `${Math.round(page.tbtMs)} ms`,
      pass: page.tbtMs < TBT_UNDER_MS,
    },
  ]);
}

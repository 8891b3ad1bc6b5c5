/**
 * The speed budgets, as ratios to the bare React 19 page measured in the same run, and their
 * verdicts. Pure: figures in, verdicts out.
 */

/** A page's figures: its script and what Lighthouse measured (times in milliseconds). */
export interface PageFigures {
  name: string;
  /** Gzip bytes of the scripts the page loads. */
  scriptBytes: number;
  /** Gzip bytes it loads beyond the app shell (the app's entry and what it preloads). */
  beyondShellBytes: number;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

export interface Verdict {
  budget: string;
  measured: string;
  pass: boolean;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const times = (ratio: number) => `${ratio.toFixed(2)}x`;

/** Most gzip bytes a route other than the welcome page may add to the app shell. */
const ROUTE_ADDS_AT_MOST_BYTES = 40 * 1024;

/** Total blocking time every measured screen stays under, in milliseconds (Lighthouse, median). */
const TBT_UNDER_MS = 150;

/** Least Lighthouse performance score of a claim step opened cold from a link. */
const COLD_LINK_SCORE_AT_LEAST = 95;

const tbtBudget = (page: PageFigures): Verdict => ({
  budget: `${page.name}: total blocking time under ${TBT_UNDER_MS} ms`,
  measured: `${Math.round(page.tbtMs)} ms`,
  pass: page.tbtMs < TBT_UNDER_MS,
});

const lcpBudget = (page: PageFigures, bare: PageFigures): Verdict => ({
  budget: `${page.name}: LCP at most 1.5x the bare page's`,
  measured: `${Math.round(page.lcpMs)} ms = ${times(page.lcpMs / bare.lcpMs)}`,
  pass: page.lcpMs <= 1.5 * bare.lcpMs,
});

/**
 * The verdicts for a run.
 * @param bare the floor; @param welcome the welcome page; @param others the other screens, reached
 *   as a person reaches them; @param coldLink a claim step opened cold from a link, when measured
 */
export function judge(bare: PageFigures, welcome: PageFigures, others: PageFigures[], coldLink?: PageFigures): Verdict[] {
  const verdicts: Verdict[] = [
    { budget: "welcome script at most 1.4x the bare page's", measured: `${kB(welcome.scriptBytes)} = ${times(welcome.scriptBytes / bare.scriptBytes)}`, pass: welcome.scriptBytes <= 1.4 * bare.scriptBytes },
    { budget: "welcome Lighthouse performance 100", measured: String(welcome.score), pass: welcome.score === 100 },
    { budget: "welcome LCP at most 1.1x the bare page's", measured: `${Math.round(welcome.lcpMs)} ms = ${times(welcome.lcpMs / bare.lcpMs)}`, pass: welcome.lcpMs <= 1.1 * bare.lcpMs },
    tbtBudget(welcome),
  ];
  for (const page of others) {
    verdicts.push(
      { budget: `${page.name}: adds at most 40 kB to the app shell`, measured: kB(page.beyondShellBytes), pass: page.beyondShellBytes <= ROUTE_ADDS_AT_MOST_BYTES },
      { budget: `${page.name}: Lighthouse performance at least 98`, measured: String(page.score), pass: page.score >= 98 },
      lcpBudget(page, bare),
      tbtBudget(page),
    );
  }
  if (coldLink) {
    verdicts.push(
      { budget: `${coldLink.name}: Lighthouse performance at least ${COLD_LINK_SCORE_AT_LEAST}`, measured: String(coldLink.score), pass: coldLink.score >= COLD_LINK_SCORE_AT_LEAST },
      lcpBudget(coldLink, bare),
      tbtBudget(coldLink),
    );
  }
  return verdicts;
}

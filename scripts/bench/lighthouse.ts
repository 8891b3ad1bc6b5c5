/**
 * Lighthouse in the project's Chromium: mobile form factor, performance only, the median of several
 * runs per page, with applied throttling (Lighthouse's `devtools` method: the CPU slowed 4x and the
 * network held to a slow 4G phone's while the page loads). Lighthouse's default, simulated
 * throttling, estimates the slow load from a fast one, and counted a script as needed for the
 * largest paint whenever, on loopback, it happened to finish before that paint: a page's LCP then
 * flipped between runs with no change to the page.
 */
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CLOSED_NETWORK_FLAGS, findChromium } from "../chromium.ts";

/** One page's figures: score 0-100, times in milliseconds. */
export interface LighthouseFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** For a median of several runs: the least and the most of the runs' LCP and TBT. */
  range?: { lcpMs: [number, number]; tbtMs: [number, number] };
}

/** A headless Chromium for Lighthouse, with the closed-network flags of scripts/chromium.ts. */
export async function launchForLighthouse(): Promise<LaunchedChrome> {
  const binary = await findChromium();
  return launch({
    chromePath: binary.path,
    envVars: { ...(process.env as Record<string, string>), ...binary.env },
    chromeFlags: ["--headless=new", ...CLOSED_NETWORK_FLAGS],
  });
}

/**
 * One Lighthouse run on `url` in `chrome`.
 * @param keepStorage keep the browser's cookies, storage and HTTP cache as the caller left them (a
 *   page that needs a search made first, or a cold link whose caller emptied the cache itself);
 *   otherwise Lighthouse empties the HTTP cache first
 * @throws when Lighthouse reports a runtime error for the page
 */
export async function lighthouseOnce(
  chrome: LaunchedChrome,
  url: string,
  keepStorage = false,
): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    disableStorageReset: keepStorage,
    throttlingMethod: "devtools",
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
  };
}

/**
 * The median of each figure over several runs (each figure on its own), with the least and the
 * most of LCP and TBT, so a reader sees how far one run strays from another.
 */
export function medianOf(results: LighthouseFigures[]): LighthouseFigures {
  const sorted = (pick: (figures: LighthouseFigures) => number) => results.map(pick).sort((a, b) => a - b);
  const median = (pick: (figures: LighthouseFigures) => number) => sorted(pick)[Math.floor(results.length / 2)]!;
  const range = (pick: (figures: LighthouseFigures) => number): [number, number] => [
    sorted(pick)[0]!,
    sorted(pick).at(-1)!,
  ];
  return {
    score: median((f) => f.score),
    fcpMs: median((f) => f.fcpMs),
    lcpMs: median((f) => f.lcpMs),
    tbtMs: median((f) => f.tbtMs),
    range: { lcpMs: range((f) => f.lcpMs), tbtMs: range((f) => f.tbtMs) },
  };
}

/**
 * Runs Lighthouse `runs` times on `url` and returns the median of each figure.
 * @param keepStorage as for lighthouseOnce
 */
export async function medianLighthouse(
  chrome: LaunchedChrome,
  url: string,
  runs: number,
  keepStorage = false,
): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) results.push(await lighthouseOnce(chrome, url, keepStorage));
  return medianOf(results);
}

/**
 * A claim step opened cold from a link, as from an email: a new browser, nothing cached, no search
 * made in it. Only a search or a signed plan link grants a browser a plan and its claims
 * (SECURITY.md "Access follows knowledge", "Plan links for email"), so the new browser first opens
 * the plan's signed link, which leaves it the session cookie; then everything else that load left
 * (HTTP and code caches, storage) is emptied, and the step's own URL is what is measured: by
 * Lighthouse (a new Chromium for each run) and, in Playwright, the scripts it requests, how many
 * levels deep their chain goes and the API calls it makes until the network is idle.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CLAIM_LOOKUP_PATHS } from "../../contract/schemas.ts";
import { familyOf } from "../../server/domain/plan-family.ts";
import { PLAN_LINK_TTL_SECONDS, signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import type { RunningServer } from "../../server/start.ts";
import { launchForLighthouse, lighthouseOnce, medianOf, type LighthouseFigures } from "./lighthouse.ts";
import { openPlanLink, STEP4_HEADING } from "./journeys.ts";

/** Every kind of origin storage but cookies (CDP Storage.clearDataForOrigin): the session stays. */
const ALL_BUT_COOKIES =
  "file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage,storage_buckets";

/**
 * The signed link an email would carry for a plan, signed as `npm run plan-link` signs it
 * (scripts/plan-link.ts), with the running server's link secret.
 * @returns the absolute URL
 * @throws when the server has no such plan
 */
export async function signedPlanLink(server: RunningServer, warrantyNumber: string): Promise<string> {
  const [plan] = await server.db.query<{ id: number; customer_id: number; plan_type: string }>(
    "SELECT id, customer_id, plan_type FROM plans WHERE upper(number) = upper($1)",
    [warrantyNumber],
  );
  if (!plan) throw new Error(`No plan ${warrantyNumber} to sign a link for`);
  const expires = Math.floor(Date.now() / 1000) + PLAN_LINK_TTL_SECONDS;
  return `${server.url}${signedPlanLinkPath(server.config.linkSecret!, { planId: plan.id, customerId: plan.customer_id, planType: familyOf(plan.plan_type), expires })}`;
}

/** What the cold step's page requested until the network was idle. */
export interface ColdLinkRequests {
  /** The scripts it loaded (file names) and their gzip total, in bytes. */
  files: string[];
  gzipBytes: number;
  /** How many script requests each level of the chain holds: [from the page, from those, ...]. */
  scriptsPerLevel: number[];
  /** Its API calls in the order sent, as `GET /api/v1/plan/1`. */
  apiCalls: string[];
  /** How many of them fetch lookup lists (the seven of SPEC.md or GET /lookups). */
  lookupCalls: number;
}

interface SeenRequest {
  url: string;
  method: string;
  type: string | undefined;
  sentAt: number;
  doneAt: number;
  /** URLs the browser names as having caused the request (CDP Network.Initiator). */
  causes: string[];
  byParser: boolean;
}

const assetName = (url: string) => /\/assets\/([^/?]+\.js)$/.exec(new URL(url, "http://x").pathname)?.[1];

/**
 * Cookies a new browser holds after opening `link`: the session it grants (and the language cookie
 * the portal sets), nothing else.
 */
async function cookiesOfLink(browser: Browser, link: string): ReturnType<BrowserContext["cookies"]> {
  const context = await browser.newContext();
  try {
    await openPlanLink(await context.newPage(), link);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/**
 * Opens `stepUrl` cold (see the module's comment) in Playwright and records its requests until the
 * network is idle.
 * @param portalDir the served build, whose scripts name what they import (for the chain's levels)
 * @param sizes gzip sizes of its scripts (page-weight.ts scriptSizes)
 * @throws when the step does not open (no heading STEP4_HEADING): the link did not grant the claim
 */
export async function coldLinkRequests(
  browser: Browser,
  link: string,
  stepUrl: string,
  portalDir: string,
  sizes: Map<string, number>,
): Promise<ColdLinkRequests> {
  const cookies = await cookiesOfLink(browser, link);
  const context = await browser.newContext({
    storageState: { cookies, origins: [] },
    viewport: { width: 375, height: 812 },
  });
  try {
    const page = await context.newPage();
    const seen = await recordRequests(page, stepUrl);
    if (!(await page.getByRole("heading", { name: STEP4_HEADING }).isVisible())) {
      throw new Error(`${stepUrl}, opened after the signed plan link ${link}, does not show "${STEP4_HEADING}"`);
    }
    const scripts = seen.filter((request) => assetName(request.url));
    const files = [...new Set(scripts.map((request) => assetName(request.url)!))].sort();
    const texts = new Map(
      await Promise.all(
        files.map(async (name) => [name, await readFile(join(portalDir, "assets", name), "utf8")] as const),
      ),
    );
    const api = seen.filter((request) => new URL(request.url).pathname.startsWith("/api/"));
    const lookups = new Set<string>([...CLAIM_LOOKUP_PATHS, "lookups"]);
    return {
      files,
      gzipBytes: files.reduce((sum, name) => sum + (sizes.get(name) ?? 0), 0),
      scriptsPerLevel: scriptLevels(scripts, (name) => texts.get(name) ?? ""),
      apiCalls: api.map((request) => `${request.method} ${new URL(request.url).pathname}`),
      lookupCalls: api.filter((request) => lookups.has(new URL(request.url).pathname.split("/").at(-1)!)).length,
    };
  } finally {
    await context.close();
  }
}

/** Opens `url` and returns every request it made until the network was idle, in the order sent. */
async function recordRequests(page: Page, url: string): Promise<SeenRequest[]> {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map<string, SeenRequest>();
  cdp.on("Network.requestWillBeSent", ({ requestId, request, type, timestamp, initiator }) => {
    const frames: string[] = [];
    for (let stack = initiator.stack; stack; stack = stack.parent)
      frames.push(...stack.callFrames.map((frame) => frame.url));
    requests.set(requestId, {
      url: request.url,
      method: request.method,
      type,
      sentAt: timestamp,
      doneAt: Number.POSITIVE_INFINITY,
      causes: [initiator.url ?? "", ...frames].filter(Boolean),
      byParser: initiator.type === "parser" || initiator.type === "preload",
    });
  });
  cdp.on("Network.loadingFinished", ({ requestId, timestamp }) => {
    const request = requests.get(requestId);
    if (request) request.doneAt = timestamp;
  });
  await cdp.send("Network.enable");
  await page.goto(url, { waitUntil: "networkidle" });
  await cdp.detach();
  return [...requests.values()].sort((a, b) => a.sentAt - b.sentAt);
}

/**
 * The level of each script request in the chain that led to it: 1 for what the page's HTML names,
 * n + 1 for what a level-n script asked for. Chromium names the cause when a script's stack made
 * the request (the top frame is the cause); a module import or a preload the loader started names
 * none, so its cause is taken as the script, among those loaded before the request was sent and
 * whose text names its file, that finished loading last: one loaded earlier that wanted it would
 * have asked for it then.
 * @returns how many requests each level holds
 */
function scriptLevels(scripts: SeenRequest[], textOf: (name: string) => string): number[] {
  const levels = new Map<string, number>();
  const doneAt = new Map<string, number>();
  for (const request of scripts) {
    const name = assetName(request.url)!;
    if (levels.has(name)) continue;
    const named = request.causes.map(assetName).find((cause) => cause && levels.has(cause));
    const cause =
      named ??
      (request.byParser
        ? undefined
        : [...levels.keys()]
            .filter((other) => doneAt.get(other)! <= request.sentAt && textOf(other).includes(name))
            .sort((x, y) => doneAt.get(y)! - doneAt.get(x)!)[0]);
    levels.set(name, cause ? levels.get(cause)! + 1 : 1);
    doneAt.set(name, request.doneAt);
  }
  const counts: number[] = [];
  for (const level of levels.values()) counts[level - 1] = (counts[level - 1] ?? 0) + 1;
  return Array.from(counts, (count) => count ?? 0);
}

/**
 * Lighthouse on `stepUrl` opened cold, `runs` times, each in a new Chromium: it opens `link`, is
 * emptied of all but its cookies and its HTTP cache, and Lighthouse then loads the step.
 * @returns the median of each figure
 */
export async function coldLinkLighthouse(link: string, stepUrl: string, runs: number): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await launchForLighthouse();
    try {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        const page = await cdp.contexts()[0]!.newPage();
        await openPlanLink(page, link);
        const session = await page.context().newCDPSession(page);
        await session.send("Storage.clearDataForOrigin", {
          origin: new URL(stepUrl).origin,
          storageTypes: ALL_BUT_COOKIES,
        });
        await session.send("Network.clearBrowserCache");
        await page.close();
      } finally {
        await cdp.close();
      }
      // Storage kept: the session cookie is all that is left, and the cache was emptied above.
      results.push(await lighthouseOnce(chrome, stepUrl, true));
    } finally {
      await chrome.kill();
    }
  }
  return medianOf(results);
}

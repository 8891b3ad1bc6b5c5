/**
 * Browser journey harness: the reference server on a free loopback port with its own data folder,
 * serving the built portal (global-setup.ts builds it), and a Chromium of the file's own driven by
 * playwright-core at phone size.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { launchChromium } from "../../scripts/chromium.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { DEFAULT_RATE_LIMITS, type ServerConfig } from "../../server/config.ts";
import { startServer, type RunningServer } from "../../server/start.ts";

export interface Portal {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Another phone-sized context of the same browser, with cookies and storage of its own; its browser language `locale` (en-US unless given). */
  newContext(locale?: string): Promise<BrowserContext>;
  /** Closes the file's browser, stops the server and removes the data folder. */
  close(): Promise<void>;
}

/**
 * The proof-of-work of plan search, unless a test asks for it: never asked for (the journeys search
 * and fail far more often than a person), and tiny work when a test's walk makes challenges itself.
 */
const NO_SEARCH_CHALLENGE: ServerConfig["searchChallenge"] = { after: [1_000, 600], cost: 1 };

/**
 * Starts a fresh server and database with the built portal, and a phone-sized browser page.
 * @param settings server settings to change, e.g. a tight `rateLimits` to meet the 429 path, or a
 *   `searchChallenge` that asks for a proof-of-work after a few failed searches
 */
export async function openPortal(settings: Partial<ServerConfig> = {}): Promise<Portal> {
  // The portal is built while the run goes on (global-setup.ts): wait for it, or fail with its error.
  const built = await fetch(inject("portalBuilt"));
  if (!built.ok) throw new Error(await built.text());
  const dataDir = await mkdtemp(join(tmpdir(), "claims-e2e-data-"));
  // Mail to DATA_DIR/outbox and the staff key in DATA_DIR, whatever the shell exports (the tests read both there).
  const server = await startServer({
    searchChallenge: NO_SEARCH_CHALLENGE,
    smtpUrl: undefined,
    mailFrom: "Claims Portal <claims@localhost>",
    staffKey: undefined,
    // Closing a file's server waits for no call its browser left hanging.
    shutdownGraceSeconds: 2,
    ...settings,
    // A file's journeys make drafts and read statuses from one address far more often than a person.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      draftsPerAddress: [10_000, 600],
      claimStatusPerAddress: [10_000, 600],
      ...settings.rateLimits,
    },
    dataDir,
    staticDir: inject("portalDir"),
  });
  // A browser of the file's own, not one shared by the run: a shared browser's every protocol
  // message went through the vitest main process that served it, which cost more CPU than a
  // launch per file (measured on 3 journey files, 116 -> 107 CPU-s; on 8 short ones, 67 -> 61).
  const browser = await launchChromium();
  // Reduced motion: nothing fades or slides (src/styles.css), so neither a locator nor an axe scan
  // meets a half-drawn element; the slow-machine flake was a toast caught mid-fade by color-contrast.
  const errors: string[] = [];
  const newContext = async (locale = "en-US"): Promise<BrowserContext> => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 812 },
      locale,
      hasTouch: false,
      reducedMotion: "reduce",
    });
    context.on("weberror", (error) =>
      errors.push(`${error.page()?.url() ?? "a closed page"}: ${error.error().message}`),
    );
    return context;
  };
  const context = await newContext();
  const page = await context.newPage();
  return {
    server,
    browser,
    context,
    page,
    newContext,
    close: async () => {
      await browser.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      if (errors.length) throw new Error(`Uncaught errors in the page:\n${errors.join("\n")}`);
    },
  };
}

/**
 * fetch from the test with the browser's cookies, i.e. in the session its searches were granted
 * (stored documents are served to their owner only, SECURITY.md).
 */
export async function fetchInSession(context: BrowserContext, url: string, init: RequestInit = {}): Promise<Response> {
  const cookies = await context.cookies(url);
  const headers = new Headers(init.headers);
  if (cookies.length) headers.set("cookie", cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "));
  return fetch(url, { ...init, headers });
}

/** The path of a signed plan link for email (server/domain/plan-links.ts), as `npm run plan-link` makes. */
export function signedPlanLink(
  server: RunningServer,
  link: { planId: number; customerId: number; planType: string },
): string {
  return signedPlanLinkPath(server.config.linkSecret!, { ...link, expires: Math.floor(Date.now() / 1000) + 600 });
}

/**
 * Runs axe (WCAG 2.1 A and AA) on the page as it is and returns the violations, one line each,
 * so a failing assertion names the rule and the elements.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const { AxeBuilder } = await import("@axe-core/playwright");
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

/**
 * Waits until no CSS animation or transition is running, so axe measures colours and sizes as they
 * end up rather than a frame of a fade. With reduced motion there should be none; one still running
 * after a few seconds is a bug of its own, named in the error.
 */
async function animationsSettled(page: Page, timeout = 5_000): Promise<void> {
  try {
    await page.waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== "running"),
      undefined,
      { timeout },
    );
  } catch (error) {
    const running = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running")
        .map((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const name =
            animation instanceof CSSAnimation
              ? animation.animationName
              : animation instanceof CSSTransition
                ? `transition of ${animation.transitionProperty}`
                : "animation";
          return `${name} on ${target ? target.outerHTML.slice(0, 120) : "(no target)"}`;
        }),
    );
    throw new Error(`Animations still running after ${timeout} ms:\n${running.join("\n")}`, { cause: error });
  }
}

/**
 * Every tap counts: on a phone-speed CPU (Chromium at 4x CPU throttling), a page opened fresh and
 * tapped the moment its control is painted does what the tap asked, without waiting for the page's
 * code to load or hydrate. The welcome page's tutorial button and FAQ are HTML that works before any
 * script (a dialog opened by `command`/`commandfor`, a `<details>`); select-search-method arrives
 * rendered in its HTML, its choices plain radios, and the app takes up a choice made before it
 * hydrated the page, then enables Search. Each control is tapped
 * on ten fresh loads, each in a new browser context, with one server and one browser for all.
 */
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

const LOADS = 10;
/**
 * How long a tap's effect may take to show. A tap that works shows it at once; this only bounds
 * how long a lost tap is waited for, so it is generous for a busy machine.
 */
const EFFECT_WAIT_MS = 15_000;

interface Tapped {
  path: string;
  /** The control to tap, found as soon as it is painted. */
  control(page: Page): Locator;
  /** What the page shows now of what the tap asks for, in words, e.g. "dialog open". */
  state(page: Page): Promise<string>;
  /** The state once the tap has taken effect. */
  wanted: string;
}

/** A fresh page in a context of its own, its CPU slowed to a phone's (4x). */
async function phonePage(): Promise<Page> {
  const context = await portal.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return page;
}

/** Waits until the page shows the wanted state; the last state seen if it never did within EFFECT_WAIT_MS. */
async function settlesOn(page: Page, tapped: Tapped): Promise<string> {
  const until = Date.now() + EFFECT_WAIT_MS;
  let state = await tapped.state(page);
  while (state !== tapped.wanted && Date.now() < until) {
    await page.waitForTimeout(100);
    state = await tapped.state(page);
  }
  return state;
}

const TOOK_EFFECT = "took effect";

/**
 * Opens `tapped.path` fresh LOADS times; each time taps the control as soon as it is painted.
 * Returns what became of each tap: TOOK_EFFECT when its effect showed and still held once the
 * page's code had loaded and run, else what the page showed instead and when.
 */
async function whatTheTapsDid(tapped: Tapped): Promise<string[]> {
  const outcomes: string[] = [];
  for (let load = 0; load < LOADS; load++) {
    const page = await phonePage();
    try {
      // Only the first byte: no waiting for the load event, the network or hydration.
      await page.goto(tapped.path, { waitUntil: "commit" });
      const control = tapped.control(page);
      await control.waitFor({ state: "visible" });
      await control.click();
      const shown = await settlesOn(page, tapped);
      if (shown !== tapped.wanted) {
        outcomes.push(`never took effect: ${shown}`);
        continue;
      }
      // The page's code arriving afterwards must keep what the tap did, not undo it. Its load
      // event comes once every script the page names has run; network idle is no sign of that
      // (a busy machine kept the network from going quiet for 30 s).
      await page.waitForLoadState("load", { timeout: 60_000 });
      const kept = await tapped.state(page);
      outcomes.push(kept === tapped.wanted ? TOOK_EFFECT : `undone once the page's code ran: ${kept}`);
    } finally {
      await page.context().close();
    }
  }
  return outcomes;
}

/** Asserts every tap took effect; the message counts them, the diff shows what became of the others. */
function expectEveryTapTookEffect(outcomes: string[]): void {
  const took = outcomes.filter((outcome) => outcome === TOOK_EFFECT).length;
  expect(outcomes, `${took} of ${LOADS} taps took effect`).toEqual(Array.from({ length: LOADS }, () => TOOK_EFFECT));
}

describe("a tap right after first paint, at 4x CPU throttling", () => {
  it("'Claim Video Tutorial' opens the tutorial dialog, every time", { timeout: 600_000 }, async () => {
    const outcomes = await whatTheTapsDid({
      path: "/",
      control: (page) => page.getByRole("button", { name: "Claim Video Tutorial" }),
      state: async (page) =>
        (await page.getByRole("dialog", { name: "Claim Video Tutorial" }).isVisible())
          ? "dialog open"
          : "dialog closed",
      wanted: "dialog open",
    });
    expectEveryTapTookEffect(outcomes);
  });

  it("an FAQ question collapses its answer (all start expanded), every time", { timeout: 600_000 }, async () => {
    const outcomes = await whatTheTapsDid({
      path: "/",
      control: (page) => page.getByRole("heading", { level: 3, name: "How long does a review take?" }),
      state: async (page) =>
        (await page.getByText("Claims are typically reviewed within 3 to 5 business days.").isVisible())
          ? "answer shown"
          : "answer folded",
      wanted: "answer folded",
    });
    expectEveryTapTookEffect(outcomes);
  });

  it("the first search method is chosen and the app enables Search, every time", { timeout: 600_000 }, async () => {
    const outcomes = await whatTheTapsDid({
      path: "/find-claim/select-search-method",
      control: (page) => page.getByRole("radio").first(),
      state: async (page) => {
        const chosen = await page.getByRole("radio").first().isChecked();
        const search = await page.getByRole("button", { name: "Search" }).isEnabled();
        return `${chosen ? "chosen" : "not chosen"}, Search ${search ? "enabled" : "disabled"}`;
      },
      wanted: "chosen, Search enabled",
    });
    expectEveryTapTookEffect(outcomes);
  });
});

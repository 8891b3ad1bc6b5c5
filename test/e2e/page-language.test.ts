/**
 * One language for the welcome page and the app (SPEC.md section 9), in Chromium: the server
 * detects it once per page (?lng=, the language cookie, the browser's languages in order) and
 * the app starts in the language its page was sent in, so a deep link and the welcome page agree;
 * a person's choice, kept in the cookie, wins next time on both, and ?lng= over it. A static host
 * sends the built page as it is, naming no language: the app then finds it by the same rules.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { heading, shows } from "../model/screen.ts";
import { openPortal, type Portal } from "./harness.ts";

const WELCOME = {
  es: "Presente un reclamo por daños en su plan de protección",
  en: "File a damage claim on your protection plan",
};
const SEARCH = { es: "Buscar", en: "Search" };
const DEEP_LINK = "/find-claim/select-search-method";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

/**
 * A phone's languages: those of its browser in order (navigator.languages and Accept-Language
 * both), or only an Accept-Language it sends (set by the phone's settings or a proxy, its script
 * seeing en-US).
 */
type Languages = { languages: string[] } | { extraHTTPHeaders: Record<string, string> };

/** A phone's browser context speaking `settings`: its locale (Intl's) is its first language. */
function phone(settings: Languages): Promise<BrowserContext> {
  const speaking = "languages" in settings ? { locale: settings.languages[0] } : settings;
  return portal.browser.newContext({
    baseURL: portal.server.url,
    viewport: { width: 375, height: 812 },
    reducedMotion: "reduce",
    ...speaking,
  });
}

/**
 * A new page of a phone's context, with its browser's languages. Playwright's `locale` is one
 * language (Chromium refuses a list there: "Invalid locale name"), so the list goes to Chromium's
 * own language emulation, which its requests and navigator.languages both follow, as its settings
 * would make them; the static host's test needs the latter. An empty userAgent keeps Chromium's.
 */
async function newPage(context: BrowserContext, settings: Languages): Promise<Page> {
  const page = await context.newPage();
  if ("languages" in settings) {
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setUserAgentOverride", {
      userAgent: "",
      acceptLanguage: settings.languages.join(","),
    });
  }
  return page;
}
const FRENCH_THEN_SPANISH = { languages: ["fr-FR", "es"] };
const SENDS_FRENCH_THEN_SPANISH = { extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9,es;q=0.8" } };
const ENGLISH = { languages: ["en-US"] };

/**
 * Opens `path` on a new page of a fresh context with `settings`, and closes it after `check`.
 * @param setUp what the context needs before the page opens (a cookie, a static host's answers)
 */
async function openFresh(
  settings: Languages,
  path: string,
  check: (page: Page) => Promise<void>,
  setUp?: (context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await phone(settings);
  try {
    await setUp?.(context);
    const page = await newPage(context, settings);
    await page.goto(path);
    await check(page);
  } finally {
    await context.close();
  }
}

/** Waits for the welcome page in `language`, and checks the page names it. */
async function welcomeIn(page: Page, language: "en" | "es"): Promise<void> {
  await shows(heading(page, WELCOME[language]));
  expect(await page.locator("html").getAttribute("lang")).toBe(language);
}

/** Waits for the app's search method page in `language`, its switch and `<html lang>` saying so. */
async function appIn(page: Page, language: "en" | "es"): Promise<void> {
  await shows(page.getByRole("button", { name: SEARCH[language], exact: true }));
  expect(await page.locator("html").getAttribute("lang")).toBe(language);
  expect(await page.locator(".language-switch select").inputValue()).toBe(language);
}

it("a browser whose languages are French, then Spanish, gets a deep link and the welcome page both in Spanish", async () => {
  await openFresh(FRENCH_THEN_SPANISH, DEEP_LINK, (page) => appIn(page, "es"));
  await openFresh(FRENCH_THEN_SPANISH, "/", (page) => welcomeIn(page, "es"));
});

it("the app follows the languages the browser sent, as the welcome page does, even where its script sees others", async () => {
  await openFresh(SENDS_FRENCH_THEN_SPANISH, "/", (page) => welcomeIn(page, "es"));
  await openFresh(SENDS_FRENCH_THEN_SPANISH, DEEP_LINK, (page) => appIn(page, "es"));
});

it("English chosen in the app wins on the next visit to both pages, and ?lng= wins over the choice", async () => {
  const context = await phone(FRENCH_THEN_SPANISH);
  try {
    const page = await newPage(context, FRENCH_THEN_SPANISH);
    await page.goto(DEEP_LINK);
    await appIn(page, "es");
    await page.locator(".language-switch select").selectOption("en");
    await appIn(page, "en");
    expect((await context.cookies()).find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe("en");

    await page.goto("/");
    await welcomeIn(page, "en");
    await page.goto(DEEP_LINK);
    await appIn(page, "en");
    await page.goto(`${DEEP_LINK}?lng=es`);
    await appIn(page, "es");
  } finally {
    await context.close();
  }
});

it("from a static host, which sends the built page naming no language, the app finds it by the same rules and keeps the visitor's choice", async () => {
  const builtPage = await readFile(join(inject("portalDir"), "index.html"), "utf8");
  expect(builtPage).toMatch(/<html lang="">/);
  /** The context's app pages come as a static host sends them: the built file, unchanged. */
  const staticHost = (cookie?: string) => async (context: BrowserContext) => {
    await context.route(
      (url) => url.pathname === DEEP_LINK,
      (route) => route.fulfill({ contentType: "text/html", body: builtPage }),
    );
    if (cookie) await context.addCookies([{ name: LANGUAGE_COOKIE, value: cookie, url: portal.server.url }]);
  };
  const cookieOf = async (page: Page) =>
    (await page.context().cookies()).find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value;

  await openFresh(FRENCH_THEN_SPANISH, DEEP_LINK, (page) => appIn(page, "es"), staticHost());
  // The cookie, which a browser never lets a script put in a Request's headers, still counts.
  await openFresh(
    FRENCH_THEN_SPANISH,
    DEEP_LINK,
    async (page) => {
      await appIn(page, "en");
      expect(await cookieOf(page)).toBe("en");
    },
    staticHost("en"),
  );
  await openFresh(
    ENGLISH,
    DEEP_LINK,
    async (page) => {
      await appIn(page, "es");
      expect(await cookieOf(page)).toBe("es");
    },
    staticHost("es"),
  );
  await openFresh(ENGLISH, `${DEEP_LINK}?lng=es`, (page) => appIn(page, "es"), staticHost("en"));
});

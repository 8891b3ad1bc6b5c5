/**
 * What a first visit loads (docs/first-load.md): the method screen sent rendered in its HTML and
 * hydrated, a choice made before its scripts ran kept, without a hydration mismatch or an error; a
 * claim's step from a link sent rendered for its owner, and hydrated;
 * another app page's frame replaced by the app's own; a build whose chunks import each other in no cycle;
 * the built files sent compressed, the hashed ones cached for good; and only the startup scripts
 * compiled eagerly, with no date library among them.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, ConsoleMessage, Cookie, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LANGUAGE_COOKIE } from "../../contract/locales.ts";
import { fileUpToStep4 } from "../../scripts/bench/journeys.ts";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

const PATH = "/find-claim/select-search-method";

/** The build's manifest: per chunk, the chunks it imports statically. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Each cycle of static imports between the build's chunks, as the files around it. */
function importCycles(manifest: Manifest): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (chunk: string, path: string[]) => {
    state.set(chunk, "open");
    for (const next of manifest[chunk]?.imports ?? []) {
      if (state.get(next) === "open")
        cycles.push([...path.slice(path.indexOf(next)), chunk, next].map((key) => manifest[key]?.file ?? key));
      else if (!state.has(next)) visit(next, [...path, chunk]);
    }
    state.set(chunk, "done");
  };
  for (const chunk of Object.keys(manifest)) if (!state.has(chunk)) visit(chunk, []);
  return cycles;
}

/** What the page logs as an error or a warning, and the errors it throws, from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** A phone-sized browser context asking for `locale`, with JavaScript off: what the HTML alone shows. */
function phoneWithoutScript(locale: string): Promise<BrowserContext> {
  return portal.browser.newContext({
    baseURL: portal.server.url,
    locale,
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
  });
}

/** Runs `check` on a new page of the browser context `opening`, then closes the context, also when the check fails. */
async function onPage(opening: Promise<BrowserContext>, check: (page: Page) => Promise<void>): Promise<void> {
  const context = await opening;
  try {
    await check(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Holds back the app's startup libraries, as a slow phone would wait for them, so the page shows
 * its HTML alone until the returned function lets them come.
 */
async function holdLibraries(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/startup-libraries-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe("a first visit", () => {
  it("draws the first app page with no error or hydration warning, and it works at once", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const problems = problemsOf(page);
    await page.goto(PATH);
    await page.getByRole("radio", { name: "I have my warranty number" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/warranty-number");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is drawn in the language the browser asks for", async () => {
    const context = await portal.browser.newContext({
      baseURL: portal.server.url,
      locale: "es-MX",
      reducedMotion: "reduce",
    });
    try {
      const page = await context.newPage();
      await page.goto(PATH);
      await page.getByRole("heading", { level: 1, name: "Necesitamos encontrar su garantía" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows the header and the loading line from the page's HTML, in its language, before any script runs", async () => {
    for (const [locale, loading, skip] of [
      ["en-US", "Loading…", "Skip to content"],
      ["es-MX", "Cargando…", "Saltar al contenido"],
    ] as const) {
      await onPage(phoneWithoutScript(locale), async (page) => {
        await page.goto("/find-claim/create-claim?step=4&claimId=1&warranty_id=1");
        expect(await page.getByRole("status").textContent(), locale).toBe(loading);
        expect(await page.getByRole("link", { name: "ProtectPlan Claims" }).getAttribute("href")).toBe("/");
        expect(await page.getByRole("link", { name: skip }).getAttribute("href")).toBe("#main");
        // No control that needs a script: the language switch comes with the app.
        expect(await page.getByRole("combobox").count()).toBe(0);
      });
    }
  });

  it("says so when its scripts never come: a line without JavaScript, and one the stylesheet alone reveals in time when they fail to load", async () => {
    for (const path of [PATH, "/find-claim/create-claim?step=4&claimId=1&warranty_id=1"]) {
      await onPage(phoneWithoutScript("es-MX"), async (page) => {
        await page.goto(path);
        // Playwright's text search skips <noscript>, which the browser shows with JavaScript off.
        const noScript = page.locator("noscript p");
        expect(await noScript.isVisible(), path).toBe(true);
        expect(await noScript.textContent(), path).toMatch(/^Este portal necesita JavaScript\./);
      });
      await onPage(portal.newContext(), async (page) => {
        await page.route(/\.js$/, (route) => route.abort());
        // The reveal is a CSS animation's delay; the browser's own animation clock is sped up, not the page's timers.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Animation.enable");
        await page.goto(path);
        const late = page.getByText("This page is taking longer than it should.", { exact: false });
        expect(await late.isVisible(), path).toBe(false);
        await cdp.send("Animation.setPlaybackRate", { playbackRate: 1000 });
        await late.waitFor({ state: "visible", timeout: 20_000 });
      });
    }
  });

  it("shows the method screen from its HTML, in its language, before any script runs: its heading, choices, a disabled Search and Back as a link", async () => {
    for (const [locale, heading, choice] of [
      ["en-US", "We need to find your warranty", "I have my warranty number"],
      ["es-MX", "Necesitamos encontrar su garantía", "Tengo mi número de garantía"],
    ] as const) {
      await onPage(phoneWithoutScript(locale), async (page) => {
        await page.goto(PATH);
        expect(await page.getByRole("heading", { level: 1 }).textContent(), locale).toBe(heading);
        expect(await page.getByRole("radio").count()).toBe(3);
        expect(await page.getByRole("radio", { name: choice }).isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: /^(Search|Buscar)$/ }).isDisabled()).toBe(true);
        expect(await page.getByRole("status").count()).toBe(0);
        // Back is a link home, so it works before the app hydrates the page.
        expect(await page.getByRole("link", { name: /^(Back|Atrás)$/ }).getAttribute("href")).toBe("/");
      });
    }
  });

  it("hydrates the method screen it sent, keeping a choice made while the scripts load: Search is enabled and goes on", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const problems = problemsOf(page);
    // The app's libraries come late, as on a slow phone: the choice is made before the app runs.
    const release = await holdLibraries(page);
    try {
      await page.goto(PATH, { waitUntil: "commit" });
      const choice = page.getByRole("radio", { name: "Use my invoice or receipt" });
      await choice.check();
      await page.evaluate(() => Object.assign(window, { sentHeading: document.querySelector("h1") }));
      expect(await page.getByRole("button", { name: "Search" }).isDisabled()).toBe(true);
      release();
      await expect.poll(() => page.getByRole("button", { name: "Search" }).isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await choice.isChecked()).toBe(true);
      // Hydrated, not drawn again: the heading the HTML held is the one on screen.
      expect(
        await page.evaluate(
          () => (window as unknown as { sentHeading: Element }).sentHeading === document.querySelector("h1"),
        ),
      ).toBe(true);
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByRole("heading", { level: 1, name: "Find your plan with your invoice" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/find-claim/upload-invoice");
      expect(problems).toEqual([]);
    } finally {
      release();
      await context.close();
    }
  });

  it("switches to the language chosen on the method screen while its scripts load, once the app hydrates it, with no hydration mismatch on a slow phone", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const problems = problemsOf(page);
    // A slow phone's CPU: the screen below the header hydrates well after the header, which is when
    // a switch applied at once drew Spanish over the page's English HTML.
    await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const release = await holdLibraries(page);
    try {
      await page.goto(PATH, { waitUntil: "commit" });
      await page.getByRole("combobox", { name: "Language" }).selectOption("es");
      release();
      await page
        .getByRole("heading", { level: 1, name: "Necesitamos encontrar su garantía" })
        .waitFor({ timeout: 30_000 });
      expect(await page.getByRole("combobox", { name: "Idioma" }).inputValue()).toBe("es");
      // Hydrated, not drawn again: the choices the HTML held are on screen and work.
      await page.getByRole("radio", { name: "Tengo mi número de garantía" }).check();
      await expect.poll(() => page.getByRole("button", { name: "Buscar" }).isEnabled()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      release();
      await context.close();
    }
  });

  it("replaces that frame with the app's own when the app draws: one header, one main, the language switch", async () => {
    const context = await portal.newContext();
    try {
      const page = await context.newPage();
      await page.goto("/find-claim/warranty-number");
      await page.getByRole("heading", { level: 1, name: "Find your warranty" }).waitFor();
      expect(await page.locator("header").count()).toBe(1);
      expect(await page.locator("main").count()).toBe(1);
      expect(await page.getByRole("link", { name: "Skip to content" }).count()).toBe(1);
      expect(await page.getByRole("combobox", { name: "Language" }).isVisible()).toBe(true);
      expect(await page.getByRole("status").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("comes from a build whose chunks import each other in no cycle", async () => {
    const manifest = JSON.parse(
      await readFile(join(inject("portalDir"), ".vite", "manifest.json"), "utf8"),
    ) as Manifest;
    expect(Object.keys(manifest).length).toBeGreaterThan(20);
    expect(importCycles(manifest)).toEqual([]);
    // The check itself sees a cycle where there is one (the entry and shell chunks once imported each other).
    expect(
      importCycles({
        "index.html": { file: "index.js", imports: ["_shell"] },
        _shell: { file: "shell.js", imports: ["index.html"] },
      }),
    ).toEqual([["index.js", "shell.js", "index.js"]]);
  });

  it("sends the welcome page in a language compressed when the browser takes it, and plain when not", async () => {
    const compressed = await fetch(`${portal.server.url}/`, {
      headers: { "accept-encoding": "br, gzip", "accept-language": "es" },
    });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("vary")).toContain("Accept-Encoding");
    expect(await compressed.text()).toContain('<html lang="es">');
    const plain = await fetch(`${portal.server.url}/`, {
      headers: { "accept-encoding": "identity", "accept-language": "es" },
    });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain('<div id="root"');
  });

  it("sends scripts compressed, and hashed ones cached for a year", async () => {
    const html = await (await fetch(`${portal.server.url}/find-claim/create-claim`)).text();
    const startup = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const sizes = await Promise.all(
      startup.map(
        async (path) =>
          (
            await (
              await fetch(`${portal.server.url}${path}`, { headers: { "accept-encoding": "identity" } })
            ).arrayBuffer()
          ).byteLength,
      ),
    );
    // The largest of them, the libraries, is what compression is for (a tiny file is sent as it is).
    const largest = startup[sizes.indexOf(Math.max(...sizes))]!;
    const response = await fetch(`${portal.server.url}${largest}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    for (const path of startup)
      expect((await fetch(`${portal.server.url}${path}`)).headers.get("cache-control"), path).toContain("immutable");
    expect((await fetch(`${portal.server.url}${PATH}`)).headers.get("cache-control")).toBe("no-cache");
  });

  it("runs no date library at startup: luxon comes with the screens that ask for a date", async () => {
    const html = await (await fetch(`${portal.server.url}/find-claim/create-claim`)).text();
    const startup = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const code = async (path: string) => (await fetch(`${portal.server.url}${path}`)).text();
    const named = new Set<string>();
    for (const path of startup) {
      const text = await code(path);
      // luxon's own text for an invalid date: absent from every startup script.
      expect(text, path).not.toContain("Invalid DateTime");
      for (const match of text.matchAll(/"(?:\.\/|assets\/)([\w-]+\.js)"/g)) named.add(`/assets/${match[1]}`);
    }
    // ...and present in a chunk the startup scripts only name, to load later.
    const lazy = [...named].filter((path) => !startup.includes(path));
    const withLuxon = [];
    for (const path of lazy) if ((await code(path)).includes("Invalid DateTime")) withLuxon.push(path);
    expect(withLuxon).toHaveLength(1);
  });
});

describe("a claim's step opened from a link, with nothing cached", () => {
  /** The step 4 address of a claim filed up to there, and the cookies of the browser that filed it. */
  let step4: string;
  let owner: Cookie[];
  beforeAll(async () => {
    const context = await portal.newContext();
    step4 = await fileUpToStep4(await context.newPage(), portal.server.url);
    // The claim's session; a new browser has not chosen a language yet.
    owner = (await context.cookies()).filter((cookie) => cookie.name !== LANGUAGE_COOKIE);
    await context.close();
  });

  /** A phone (a touch screen) holding the claim's session: a new browser opening the emailed link. */
  async function ownersPhone(options: { javaScriptEnabled?: boolean; locale?: string } = {}): Promise<BrowserContext> {
    const context = await portal.browser.newContext({
      baseURL: portal.server.url,
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
      reducedMotion: "reduce",
      ...options,
    });
    await context.addCookies(owner);
    return context;
  }

  it("shows the step with the claim from the page's HTML, in its language, before any script runs; its controls wait for the app", async () => {
    for (const [locale, heading, hint, drop] of [
      ["en-US", "Report your damage", "Photos (also HEIC) or PDF; PDFs up to 10 MB.", "You can also drop files here."],
      [
        "es-MX",
        "Informe el daño",
        "Fotos (también HEIC) o PDF; PDF de hasta 10 MB.",
        "También puede soltar archivos aquí.",
      ],
    ] as const) {
      await onPage(ownersPhone({ javaScriptEnabled: false, locale }), async (page) => {
        await page.goto(step4);
        expect(await page.getByRole("heading", { level: 1 }).textContent(), locale).toBe(heading);
        // The claim's item, as the claim holds it, with its upload area.
        expect(await page.getByRole("heading", { level: 2 }).first().textContent(), locale).toMatch(/^Sof/);
        expect(await page.getByText(hint).isVisible(), locale).toBe(true);
        // A phone is not told it can drop files: the stylesheet chooses, with no script.
        expect(await page.getByText(drop).isVisible(), locale).toBe(false);
        // Nothing to tap before the app runs: Next would send the form to the browser.
        expect(await page.getByRole("button", { name: /^(Next|Siguiente)$/ }).isDisabled(), locale).toBe(true);
        // And it says why, since without JavaScript the app never comes.
        expect(await page.locator("noscript p").isVisible(), locale).toBe(true);
      });
    }
    // Without the claim's session the page holds nothing of it: the app's loading frame.
    await onPage(phoneWithoutScript("en-US"), async (page) => {
      await page.goto(step4);
      expect(await page.getByRole("status").textContent()).toBe("Loading…");
      expect(await page.getByRole("heading").count()).toBe(0);
    });
  });

  it("hydrates the step it sent: the same elements on screen, its controls enabled, Next checks the step, nothing logged", async () => {
    const context = await ownersPhone();
    const page = await context.newPage();
    const problems = problemsOf(page);
    const release = await holdLibraries(page);
    try {
      await page.goto(step4, { waitUntil: "commit" });
      const next = page.getByRole("button", { name: "Next" });
      await next.waitFor();
      expect(await next.isDisabled()).toBe(true);
      await page.evaluate(() =>
        Object.assign(window, {
          sentHeading: document.querySelector("h1"),
          sentHint: document.querySelector(".upload-area p.hint:last-of-type"),
        }),
      );
      release();
      await expect.poll(() => next.isEnabled(), { timeout: 15_000 }).toBe(true);
      // Hydrated, not drawn again: the heading and the upload hint the HTML held are on screen.
      expect(
        await page.evaluate(() => {
          const sent = window as unknown as { sentHeading: Element; sentHint: Element };
          return sent.sentHeading === document.querySelector("h1") && sent.sentHint.isConnected;
        }),
      ).toBe(true);
      // A phone offers its camera, by the stylesheet, as the app would.
      expect(await page.getByText("Take a photo").isVisible()).toBe(true);
      await next.click();
      await page.getByText("We need at least one photo from you").first().waitFor();
      expect(new URL(page.url()).searchParams.get("step")).toBe("4");
      expect(problems).toEqual([]);
    } finally {
      release();
      await context.close();
    }
  });
});

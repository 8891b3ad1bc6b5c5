/**
 * The app's first screen after the welcome page, select-search-method, as a page load gets it
 * (issue 12): prerendered HTML in the visitor's language, painted before any script, then hydrated
 * in place by the app without a mismatch; and the built files sent compressed, the hashed ones
 * cached for good.
 */
import type { ConsoleMessage } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILE_HINT } from "../../scripts/compile-hints.ts";
import { openPortal, scriptsBesidesTheEntry, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

const PATH = "/find-claim/select-search-method";

describe("the prerendered select-search-method page", () => {
  it("arrives as HTML in the language asked for", async () => {
    const html = async (headers: Record<string, string>) => (await fetch(`${portal.server.url}${PATH}`, { headers })).text();
    expect(await html({ "accept-language": "es-MX,es;q=0.9" })).toContain("Necesitamos encontrar su garantía");
    expect(await html({ "accept-language": "en-US" })).toContain("We need to find your warranty");
    expect(await html({ cookie: "i18next=es" })).toContain('data-prerendered="es"');
  });

  it("shows the screen with JavaScript turned off", async () => {
    const context = await portal.browser.newContext({ baseURL: portal.server.url, javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(PATH);
    await page.getByRole("heading", { level: 1, name: "We need to find your warranty" }).waitFor();
    await context.close();
  });

  it("hydrates the same elements without a mismatch, then searches", async () => {
    const context = await portal.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(PATH);
    const heading = await page.locator("h1").elementHandle();
    await page.waitForLoadState("networkidle");
    // Hydrated, not replaced: the heading painted from the HTML is the one the app now owns.
    expect(await heading!.evaluate((element) => element.isConnected)).toBe(true);
    await page.getByRole("radio", { name: "I have my warranty number" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/warranty-number");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks for no script but the small entry of prerendered pages until the page is on screen", async () => {
    const { asked, beforeShown } = await scriptsBesidesTheEntry(portal, PATH);
    expect(asked).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
    expect(beforeShown).toEqual([]);
  });

  /**
   * Opens the page with `gated` requests held until the returned release is called, and a watch
   * that notes whether the warranty-number radio, once chosen, was ever seen unchosen again.
   */
  async function openHeld(gated: RegExp) {
    const context = await portal.newContext();
    await context.addInitScript(() => {
      const page = window as unknown as { choiceLost: boolean };
      page.choiceLost = false;
      let chosen = false;
      const watch = () => {
        const radio = document.querySelector<HTMLInputElement>('input[value="warrantyNumber"]');
        if (radio?.checked) chosen = true;
        else if (radio && chosen) page.choiceLost = true;
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const page = await context.newPage();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(gated, async (route) => {
      asked();
      await gate;
      await route.continue();
    });
    await page.goto(PATH, { waitUntil: "commit" });
    return { context, page, release, requested };
  }

  async function searchesWithTheEarlyChoice(page: Awaited<ReturnType<typeof openHeld>>["page"]) {
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/find-claim/warranty-number");
    expect(await page.evaluate(() => (window as unknown as { choiceLost: boolean }).choiceLost)).toBe(false);
  }

  it("keeps a choice made before the app's script ran, on screen throughout: Search works once it has", async () => {
    const { context, page, release } = await openHeld(/\/assets\/index-[^/]*\.js$/);
    await page.getByRole("radio", { name: "I have my warranty number" }).check();
    release();
    await searchesWithTheEarlyChoice(page);
    await context.close();
  });

  it("keeps a choice made while the app loads, before it hydrates the page", async () => {
    // The entry script has run once it asks for the language's catalog; hydration waits for it.
    const { context, page, release, requested } = await openHeld(/\/assets\/messages-[^/]*\.js$/);
    await requested;
    await page.getByRole("radio", { name: "I have my warranty number" }).check();
    release();
    await searchesWithTheEarlyChoice(page);
    await context.close();
  });

  it("sends the pages in a language compressed when the browser takes it, and plain when not", async () => {
    for (const path of ["/", PATH]) {
      const compressed = await fetch(`${portal.server.url}${path}`, { headers: { "accept-encoding": "br, gzip", "accept-language": "es" } });
      expect(compressed.headers.get("content-encoding"), path).toBe("br");
      expect(compressed.headers.get("vary"), path).toContain("Accept-Encoding");
      expect(await compressed.text(), path).toContain('<html lang="es">');
      const plain = await fetch(`${portal.server.url}${path}`, { headers: { "accept-encoding": "identity", "accept-language": "es" } });
      expect(plain.headers.get("content-encoding"), path).toBeNull();
      expect(await plain.text(), path).toContain("<div id=\"root\"");
    }
  });

  it("sends scripts compressed, and hashed ones cached for a year", async () => {
    const html = await (await fetch(`${portal.server.url}${PATH}`)).text();
    // The app's entry, which the page's own small entry (under 1 kB, sent as it is) loads.
    const entry = /data-entry="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const response = await fetch(`${portal.server.url}${entry}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${portal.server.url}${PATH}`)).headers.get("cache-control")).toBe("no-cache");
  });

  it("marks the scripts the app runs at startup for eager compiling, and no lazily loaded one", async () => {
    const html = await (await fetch(`${portal.server.url}/find-claim/create-claim`)).text();
    const startup = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(startup.length).toBeGreaterThan(3);
    const firstLine = async (path: string) => (await (await fetch(`${portal.server.url}${path}`, { headers: { "accept-encoding": "br, gzip" } })).text()).split("\n", 1)[0];
    for (const path of startup) expect(await firstLine(path), path).toBe(COMPILE_HINT);
    // The lazily loaded chunks the startup scripts name (route and step code) are compiled as used.
    const named = new Set<string>();
    for (const path of startup) for (const match of (await (await fetch(`${portal.server.url}${path}`)).text()).matchAll(/"(?:\.\/|assets\/)([\w-]+\.js)"/g)) named.add(`/assets/${match[1]}`);
    const lazy = [...named].filter((path) => !startup.includes(path));
    expect(lazy.length).toBeGreaterThan(10);
    for (const path of lazy) expect(await firstLine(path), path).not.toContain(COMPILE_HINT);
  });

  it("runs no date library at startup: luxon comes in its own chunk with the screens that ask for a date", async () => {
    const html = await (await fetch(`${portal.server.url}/find-claim/create-claim`)).text();
    const startup = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const code = async (path: string) => (await fetch(`${portal.server.url}${path}`)).text();
    const named = new Set<string>();
    for (const path of startup) {
      const text = await code(path);
      // A static import would run it at startup; a name in Vite's preload map only fetches it later.
      expect(text, path).not.toMatch(/(?:from|import)\s*"\.\/luxon-[\w-]+\.js"/);
      // luxon's own text for an invalid date: present in its chunk, absent from every startup script.
      expect(text, path).not.toContain("Invalid DateTime");
      for (const match of text.matchAll(/"(?:\.\/|assets\/)(luxon-[\w-]+\.js)"/g)) named.add(`/assets/${match[1]}`);
    }
    expect(startup.filter((path) => path.includes("/luxon-"))).toEqual([]);
    expect(named.size).toBe(1);
    expect(await code([...named][0]!)).toContain("Invalid DateTime");
  });
});

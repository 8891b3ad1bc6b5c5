/**
 * `npm run dev` sends the app's page in the language the reference server would (SPEC.md section
 * 9): the Vite dev server's plugin runs the server's one detection (?lng=, the language cookie,
 * Accept-Language) on the page request and names the result in `<html lang>`, so the portal has
 * no detection of its own to fall back to in development either.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pageLanguageInDev } from "../../scripts/dev-page-language.ts";
import { startDevServer } from "./dev-server.ts";

let root: string;
let vite: ViteDevServer;
let base: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "claims-dev-language-"));
  await writeFile(
    join(root, "index.html"),
    '<!doctype html>\n<html lang="">\n  <head><title>Dev</title></head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  ({ vite, base } = await startDevServer(root, pageLanguageInDev()));
});
afterAll(async () => {
  await vite?.close();
  await rm(root, { recursive: true, force: true });
});

/** The `<html lang>` of the page the dev server sends for `path`. */
async function devPageLanguage(path: string, headers: Record<string, string>): Promise<string | undefined> {
  const response = await fetch(`${base}${path}`, { headers: { accept: "text/html", ...headers } });
  expect(response.status).toBe(200);
  const html = await response.text();
  // Still the page Vite prepares for development (its client script injected).
  expect(html).toContain("/@vite/client");
  return /<html lang="([^"]*)"/.exec(html)?.[1];
}

it("names the language the server's detection finds, on '/' and on a deep link", async () => {
  for (const path of ["/", "/find-claim/123"]) {
    expect(await devPageLanguage(path, { "accept-language": "fr-FR, es;q=0.8" })).toBe("es");
    expect(await devPageLanguage(path, { "accept-language": "es", cookie: "i18next=en" })).toBe("en");
    expect(await devPageLanguage(`${path}?lng=es`, { "accept-language": "en", cookie: "i18next=en" })).toBe("es");
    expect(await devPageLanguage(path, {})).toBe("en");
  }
});

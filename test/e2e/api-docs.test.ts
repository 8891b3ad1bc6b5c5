/**
 * The API reference page (/api/docs, server/routes/api-docs.ts) in Chromium: a person sees the
 * API's title and its calls, drawn by Scalar's script from our own origin from the document at
 * /api/v1/openapi.json, with no request leaving loopback and nothing refused by the page's CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPortal, type Portal } from "./harness.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await openPortal();
});
afterAll(async () => {
  await portal?.close();
});

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

describe("the API reference page", () => {
  it("shows the API's title and its calls, all from our origin, with nothing refused by its CSP", async () => {
    const context = await portal.newContext();
    const elsewhere: string[] = [];
    // Hermetic: any request off loopback is recorded and never sent.
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === "data:" || url.protocol === "blob:" || LOOPBACK.has(url.hostname)) return route.continue();
      elsewhere.push(url.href);
      return route.abort();
    });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => console.error(`Refused to load (Content Security Policy): ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`));
    });

    const documentLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/openapi.json");
    await page.goto("/api/docs");
    expect((await documentLoaded).status()).toBe(200);
    await page.getByRole("heading", { name: "Claims portal reference API" }).first().waitFor({ timeout: 60_000 });
    // The plan search call, as its summary names it in the list of operations.
    await expect.poll(() => page.getByText("Find plans by warranty number or personal details").count(), { timeout: 30_000 }).toBeGreaterThan(0);

    expect(elsewhere).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });
});

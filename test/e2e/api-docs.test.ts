/**
 * The API reference page (/api/docs, server/routes/api-docs.ts) in Chromium: a person sees the
 * API's title and its calls, drawn by Scalar's script from our own origin from the document at
 * /api/v1/openapi.json, with every resource it loads from our origin and none refused by the page's
 * CSP (only zod's probe for eval is refused, which it expects).
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
/** What the page loads to draw itself: each must come from our own origin. */
const RESOURCE_TYPES = new Set(["document", "script", "stylesheet", "font", "fetch", "xhr", "image"]);

/** One refusal the page's CSP reported (a securitypolicyviolation event). */
interface Refusal {
  directive: string;
  blocked: string;
}

describe("the API reference page", () => {
  it("shows the API's title and its calls, all from our origin, with nothing refused by its CSP", async () => {
    const context = await portal.newContext();
    const origin = new URL(portal.server.url).origin;
    const elsewhere: string[] = [];
    const loaded: string[] = [];
    // Hermetic: any request off loopback is recorded and never sent.
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === "data:" || url.protocol === "blob:" || LOOPBACK.has(url.hostname)) return route.continue();
      elsewhere.push(url.href);
      return route.abort();
    });
    const page = await context.newPage();
    page.on("request", (request) => {
      if (RESOURCE_TYPES.has(request.resourceType())) loaded.push(request.url());
    });
    const refusals: Refusal[] = [];
    await page.exposeFunction("reportRefusal", (refusal: Refusal) => refusals.push(refusal));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        (window as unknown as { reportRefusal(r: Refusal): void }).reportRefusal({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
        });
      });
    });

    const documentLoaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/v1/openapi.json",
    );
    await page.goto("/api/docs");
    expect((await documentLoaded).status()).toBe(200);
    await page.getByRole("heading", { name: "Claims portal reference API" }).first().waitFor({ timeout: 60_000 });
    // The plan search call, as its summary names it in the list of operations.
    await expect
      .poll(() => page.getByText("Find plans by warranty number or personal details").count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    expect(elsewhere).toEqual([]);
    // The page, Scalar's bundle and the document, and whatever else it draws with: all ours.
    expect(loaded.length).toBeGreaterThanOrEqual(3);
    expect(
      loaded.filter((url) => !url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin),
    ).toEqual([]);
    // The one refusal allowed: the zod inside Scalar's bundle tries `new Function("")` once to learn
    // whether it may compile its validators; the CSP (no 'unsafe-eval') refuses, zod catches that
    // and validates without compiling. Nothing the page loads may be refused, nor any other script.
    expect(refusals.filter((refusal) => !(refusal.directive === "script-src" && refusal.blocked === "eval"))).toEqual(
      [],
    );
    await context.close();
  });
});

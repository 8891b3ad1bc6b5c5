/**
 * A claim's step rendered on the server for its owner (src/server/claim-page.ts): the portal host
 * gives the build's renderer the claims API's base URL and the visitor's headers, the renderer's
 * loader asks the wizard's calls with them, and a page is rendered only when the visitor's session
 * may read the claim; any other request, a failing renderer or a renderer already busy gets the
 * app's page. The renderer here stands in for the build's: it asks the FPP wizard's three calls as
 * the loader does and writes what they answered, so this checks the host's part;
 * test/e2e/first-load.test.ts and portal-host.test.ts run the real one.
 */
import { log } from "../../server/log.ts";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RENDERER_DIR } from "../../contract/rendered-routes.ts";
import { CookieJar, demoPlan, makeApi, startTestServer, API_KEY, type TestServer } from "./helpers.ts";

const APP_PAGE =
  '<!doctype html>\n<html lang="">\n  <head><title>ProtectPlan Claims</title></head>\n  <body><div id="root"></div></body>\n</html>\n';
const RENDERED_PAGE =
  '<!doctype html>\n<html lang="">\n  <head><style>h1{}</style></head>\n  <body><div id="root"></div></body>\n</html>\n';

/**
 * The stand-in renderer: asks the claim, its plan and the option lists at the base URL it is given,
 * with the headers it is given, as the wizard route's loader does, and renders nothing when one is
 * refused; else the claim's id, its plan's and the number of colors answered, in the language
 * asked, and one inline script. It fails for step 9, and waits while the test holds
 * `globalThis.claimPageGate`, counting the renders under way.
 */
const RENDERER = `
export async function renderClaimPage(locale, path, calls) {
  if (path.includes("step=9")) throw new Error("a broken renderer");
  if (globalThis.claimPageGate) {
    globalThis.claimPageRenders = (globalThis.claimPageRenders ?? 0) + 1;
    await globalThis.claimPageGate;
  }
  const query = new URL(path, "http://portal.local").searchParams;
  const ask = async (call) => {
    const answer = await fetch(calls.baseUrl + "/" + call, { headers: calls.headers });
    return answer.ok ? answer.json() : undefined;
  };
  const [claim, plan, lookups] = await Promise.all([
    ask("claim/" + query.get("claimId")),
    ask("plan/" + query.get("warranty_id") + "?claimId=" + query.get("claimId")),
    ask("lookups?lang=" + locale),
  ]);
  if (!claim || !plan || !lookups) return null;
  return "<h1>Claim " + claim.claim.id + " of plan " + plan.customers[0]?.id + " in " + locale + ", " + lookups.result.all_color.length + " colors</h1><script>self.rendered=" + claim.claim.id + "</script>";
}
`;

declare global {
  var claimPageGate: Promise<void> | undefined;
  var claimPageRenders: number | undefined;
}

let portal: string;
let server: TestServer;
/** The plan's owner: a session that found Dana's plan, and her seeded draft claim. */
let owner: CookieJar;
let planId: number;
let claimId: number;

/** A built portal in small in a new folder: the app's page, and the stand-in renderer with its page. */
async function portalWithRenderer(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "claims-portal-claim-page-"));
  await writeFile(join(dir, "index.html"), APP_PAGE);
  await mkdir(join(dir, RENDERER_DIR));
  await writeFile(join(dir, RENDERER_DIR, "render.js"), RENDERER);
  await writeFile(join(dir, RENDERER_DIR, "page.html"), RENDERED_PAGE);
  return dir;
}

beforeAll(async () => {
  portal = await portalWithRenderer();
  server = await startTestServer({ staticDir: portal });
  owner = new CookieJar();
  planId = (await demoPlan(makeApi(`${server.url}/api/v1`, API_KEY, owner), "W-D12-DR0001")).id;
  claimId = (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [planId]))[0]!.id;
});
afterAll(async () => {
  await server?.stop();
  await rm(portal, { recursive: true, force: true });
});
afterEach(() => {
  globalThis.claimPageGate = undefined;
  globalThis.claimPageRenders = undefined;
});

const claimPath = (step = 4, claim = claimId, plan = planId) =>
  `/find-claim/create-claim?step=${step}&claimId=${claim}&warranty_id=${plan}`;

/** The page for `path` asked with `jar`'s cookies (none without), and its text. */
async function page(
  path: string,
  jar?: CookieJar,
  headers: Record<string, string> = {},
): Promise<{ response: Response; html: string }> {
  const cookie = jar?.header();
  const response = await fetch(`${server.url}${path}`, { headers: { ...headers, ...(cookie && { cookie }) } });
  return { response, html: await response.text() };
}

/** What the answer's script policy allows, one source a string. */
const scriptSources = (response: Response) =>
  /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1]?.split(" ") ?? [];

describe("a claim's step rendered on the server", () => {
  it("for the claim's owner: the step from the API's answers, in the page's language, for this browser only, its inline script allowed by its hash", async () => {
    const { response, html } = await page(claimPath(), owner, { "accept-language": "es" });
    expect(response.status).toBe(200);
    expect(html).toContain(`<html lang="es">`);
    expect(html).toContain(`<div id="root" data-rendered-route><h1>Claim ${claimId} of plan ${planId} in es, `);
    // The option lists came with it: the colors the API lists.
    expect(Number(/, (\d+) colors/.exec(html)?.[1])).toBeGreaterThan(0);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("vary")).toMatch(/Cookie/);
    const hash = `'sha256-${createHash("sha256").update(`self.rendered=${claimId}`).digest("base64")}'`;
    expect(scriptSources(response)).toEqual(expect.arrayContaining(["'self'", hash]));
    expect(scriptSources(response)).not.toContain("'unsafe-inline'");
  });

  it("for anyone else, the app's page, holding nothing of the claim: no session, a session that found another plan, a plan the session does not hold", async () => {
    const stranger = new CookieJar();
    await demoPlan(makeApi(`${server.url}/api/v1`, API_KEY, stranger), "W-E34-WS4566");
    for (const [path, jar] of [
      [claimPath(), undefined],
      [claimPath(), stranger],
      [claimPath(4, claimId, planId + 1), owner],
      [claimPath(4, claimId + 1_000_000), owner],
    ] as const) {
      const { response, html } = await page(path, jar);
      expect(response.status, path).toBe(200);
      expect(html, path).toBe(APP_PAGE.replace('<html lang="">', '<html lang="en">'));
      expect(response.headers.get("cache-control"), path).toBe("no-cache");
      expect(
        scriptSources(response).some((source) => source.startsWith("'sha256-")),
        path,
      ).toBe(false);
    }
  });

  it("the app's page when the renderer fails, which the server logs", async () => {
    const logged = vi.spyOn(log, "error");
    const { html } = await page(claimPath(9), owner);
    expect(html).not.toContain("data-rendered-route");
    expect(logged).toHaveBeenCalledWith({ err: expect.any(Error) }, "rendering a claim page failed");
    logged.mockRestore();
  });

  it("renders two pages at once at most: a third request meanwhile gets the app's page at once", async () => {
    let release = () => {};
    globalThis.claimPageGate = new Promise<void>((resolve) => (release = resolve));
    const held = [page(claimPath(), owner), page(claimPath(), owner)];
    await vi.waitFor(() => expect(globalThis.claimPageRenders).toBe(2), { timeout: 60_000, interval: 25 });
    expect((await page(claimPath(), owner)).html).not.toContain("data-rendered-route");
    release();
    for (const { html } of await Promise.all(held)) expect(html).toContain("data-rendered-route");
  });

  it("never serves the renderer itself", async () => {
    const { html } = await page(`/${RENDERER_DIR}/render.js`);
    expect(html).not.toContain("renderClaimPage");
    expect((await page(`/${RENDERER_DIR}/page.html`)).html).not.toContain("h1{}");
  });
});

describe("a claim's step rendered behind a proxy", () => {
  /** Two plan lookups per address, a proxy in front: the API counts the visitor's own address. */
  let proxied: TestServer;
  let proxiedPortal: string;
  beforeAll(async () => {
    proxiedPortal = await portalWithRenderer();
    proxied = await startTestServer({
      staticDir: proxiedPortal,
      trustProxy: 1,
      rateLimits: { searchPerAddress: [100, 60], planLookupPerAddress: [2, 60] },
    });
  });
  afterAll(async () => {
    await proxied?.stop();
    await rm(proxiedPortal, { recursive: true, force: true });
  });

  it("asks the API as the visitor's address the proxy names, so one visitor's lookups never use up another's", async () => {
    const jar = new CookieJar();
    const plan = (await demoPlan(makeApi(`${proxied.url}/api/v1`, API_KEY, jar), "W-D12-DR0001")).id;
    const claim = (await proxied.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1", [plan]))[0]!.id;
    const from = async (address: string) => {
      const response = await fetch(`${proxied.url}${claimPath(4, claim, plan)}`, {
        headers: { cookie: jar.header()!, "x-forwarded-for": address },
      });
      return (await response.text()).includes("data-rendered-route");
    };
    // Each page asks the plan once: the third from one address is over its limit, and gets the app's page.
    expect([await from("203.0.113.1"), await from("203.0.113.1"), await from("203.0.113.1")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await from("203.0.113.2")).toBe(true);
  });
});

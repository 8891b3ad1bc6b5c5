/**
 * Plan links (SPEC.md section 2 "Open plan by id", SECURITY.md "Plan links"): a link in SPEC.md's
 * shape, `/find-claim/{id}?customer_id=..&plan_type=..`, opens its plan through the portal's call
 * GET /api/v1/plan_link/{id} and grants this browser what a warranty-number search grants, no
 * more; PLAN_LINKS=signed opens only signed links; an altered or expired signature grants
 * nothing (under PLAN_LINKS=unsigned the link is then an unsigned one); failed links count under
 * the searches' limit until a 429 with Retry-After, while links that open do not count, and a
 * signed link met by the 429 still opens once the window has passed. The servers stand behind one pretend proxy (TRUST_PROXY=1), so each test
 * is its own client address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { createRateLimiter } from "../../server/http/rate-limit.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import { API_KEY, CookieJar, sessionFetch, startTestServer, type Answer, type TestServer } from "./helpers.ts";
import { sessionIn } from "./sessions.ts";

/** The allowance of failed links (and searches) per address in the test's window. */
const ALLOWED = 4;

let server: TestServer;
let signedOnly: TestServer;

beforeAll(async () => {
  const limits = {
    searchPerAddress: [ALLOWED, 600] as [number, number],
    planLookupPerAddress: [100_000, 60] as [number, number],
  };
  [server, signedOnly] = await Promise.all([
    startTestServer({ trustProxy: 1, rateLimits: limits }),
    startTestServer({ trustProxy: 1, rateLimits: limits, planLinks: "signed" }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), signedOnly?.stop()]);
});

/** One browser at one client address. */
function browserAt(on: TestServer, address: string) {
  const jar = new CookieJar();
  const request = async (path: string): Promise<Answer & { location: string | null }> => {
    const response = await sessionFetch(jar, `${on.url}${path}`, {
      redirect: "manual",
      headers: { "x-api-key": API_KEY, "x-forwarded-for": address },
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text.startsWith("{") ? JSON.parse(text) : text,
      location: response.headers.get("location"),
    };
  };
  return {
    jar,
    /** The portal's call for a link in SPEC.md's shape. */
    openLink: (planId: number, customerId: number, planType: string) =>
      request(`/api/v1/plan_link/${planId}?customer_id=${customerId}&plan_type=${planType}`),
    /** A link opened as a page (a signed one is checked there). */
    openPage: (path: string) => request(path),
    plan: (planId: number) => request(`/api/v1/plan/${planId}`),
    search: (number: string) =>
      sessionFetch(jar, `${on.url}/api/v1/search_plan`, {
        method: "POST",
        headers: { "x-api-key": API_KEY, "x-forwarded-for": address, "content-type": "application/json" },
        body: JSON.stringify({ search_type: "search_plan_4", number }),
      }),
    /** What this browser's session names (SECURITY.md, "Access follows knowledge"). */
    access: () => sessionIn(on.config.sessionSecret, jar.header()),
  };
}

async function planOf(on: TestServer, number: string): Promise<{ id: number; customerId: number }> {
  const [plan] = await on.db.query<{ id: number; customer_id: number }>(
    "SELECT id, customer_id FROM plans WHERE number = $1",
    [number],
  );
  return { id: plan!.id, customerId: plan!.customer_id };
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** The address's window of the searches' limit passes: its count is back to nothing. */
async function windowPasses(on: TestServer, address: string): Promise<void> {
  const limiter = createRateLimiter(on.db);
  const rate = on.config.rateLimits.searchPerAddress;
  // count adds one and tells the total, which is then taken back to zero.
  for (let counted = await limiter.count("search", address, rate); counted > 0; counted--)
    await limiter.uncount("search", address, rate);
}

describe("a link in SPEC.md's shape, without exp and sig", () => {
  it("opens its plan, in the family it names, and grants exactly what a warranty-number search grants", async () => {
    const jane = await planOf(server, "W-E34-WS4566");
    const maria = await planOf(server, "A-300-100200");
    const linked = browserAt(server, "203.0.113.1");
    const opened = await linked.openLink(jane.id, jane.customerId, "FPP");
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.customers.map((plan: { number: string }) => plan.number)).toEqual(["W-E34-WS4566"]);
    expect((await linked.plan(jane.id)).status).toBe(200);
    expect((await linked.openLink(maria.id, maria.customerId, "ACE")).body.customers[0].number).toBe("A-300-100200");

    const searched = browserAt(server, "203.0.113.2");
    expect((await searched.search("W-E34-WS4566")).status).toBe(200);
    expect((await searched.search("A-300-100200")).status).toBe(200);
    expect(await linked.access()).toEqual(await searched.access());
    expect((await linked.access()).verified).toEqual([]);
  });

  it("another customer's id, another family or an unknown plan opens nothing", async () => {
    const jane = await planOf(server, "W-E34-WS4566");
    const maria = await planOf(server, "A-300-100200");
    const browser = browserAt(server, "203.0.113.3");
    for (const [planId, customerId, type] of [
      [jane.id, maria.customerId, "FPP"],
      [maria.id, maria.customerId, "FPP"],
      [999_999, jane.customerId, "FPP"],
    ] as const) {
      const answer = await browser.openLink(planId, customerId, type);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: "PLAN_NOT_FOUND" });
    }
    expect((await browser.access()).plans).toEqual([]);
    expect((await browser.plan(jane.id)).status).toBe(404);
  });
});

describe("PLAN_LINKS=signed", () => {
  it("is read from the environment: signed, or unsigned by default", () => {
    expect(loadConfig({}).planLinks).toBe("unsigned");
    expect(loadConfig({ PLAN_LINKS: "signed" }).planLinks).toBe("signed");
    expect(() => loadConfig({ PLAN_LINKS: "yes" })).toThrow(/PLAN_LINKS/);
  });

  it("refuses a link without a signature, and opens a signed one", async () => {
    const jane = await planOf(signedOnly, "W-E34-WS4566");
    const browser = browserAt(signedOnly, "203.0.113.10");
    expect((await browser.openLink(jane.id, jane.customerId, "FPP")).status).toBe(404);
    expect((await browser.plan(jane.id)).status).toBe(404);

    const page = await browser.openPage(
      signedPlanLinkPath(signedOnly.config.linkSecret!, {
        planId: jane.id,
        customerId: jane.customerId,
        planType: "FPP",
        expires: inAnHour(),
      }),
    );
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/find-claim/${jane.id}?customer_id=${jane.customerId}&plan_type=FPP`);
    const opened = await browser.openLink(jane.id, jane.customerId, "FPP");
    expect(opened.status).toBe(200);
    expect(opened.body.customers[0].number).toBe("W-E34-WS4566");
  });
});

describe("a signed link", () => {
  it("with an altered or expired signature grants nothing; under PLAN_LINKS=signed it is sent on without its customer", async () => {
    const jane = await planOf(signedOnly, "W-E34-WS4566");
    const good = { planId: jane.id, customerId: jane.customerId, planType: "FPP", expires: inAnHour() };
    const secret = signedOnly.config.linkSecret!;
    for (const [index, path] of [
      signedPlanLinkPath(secret, good).replace(/sig=[^&]+/, "sig=AAAA"),
      signedPlanLinkPath(secret, { ...good, expires: Math.floor(Date.now() / 1000) - 1 }),
    ].entries()) {
      const browser = browserAt(signedOnly, `203.0.113.2${index}`);
      const page = await browser.openPage(path);
      expect(page.status, path).toBe(303);
      expect(page.location, path).toBe(`/find-claim/${jane.id}?plan_type=FPP`);
      expect(page.headers.getSetCookie(), path).toEqual([]);
      expect((await browser.plan(jane.id)).status, path).toBe(404);
    }
  });

  it("with an altered or expired signature, under PLAN_LINKS=unsigned, is the unsigned link: its customer id decides", async () => {
    const jane = await planOf(server, "W-E34-WS4566");
    const secret = server.config.linkSecret!;
    for (const [index, customerId] of [jane.customerId, jane.customerId + 1].entries()) {
      const good = { planId: jane.id, customerId, planType: "FPP", expires: inAnHour() };
      for (const path of [
        signedPlanLinkPath(secret, good).replace(/sig=[^&]+/, "sig=AAAA"),
        signedPlanLinkPath(secret, { ...good, expires: Math.floor(Date.now() / 1000) - 1 }),
      ]) {
        const browser = browserAt(server, `203.0.113.2${5 + index}`);
        const page = await browser.openPage(path);
        expect(page.status, path).toBe(303);
        expect(page.location, path).toBe(`/find-claim/${jane.id}?customer_id=${customerId}&plan_type=FPP`);
        expect(page.headers.getSetCookie(), path).toEqual([]);
        // The portal's call then opens it exactly when the same link without exp and sig opens.
        const unsigned = await browserAt(server, `203.0.113.2${7 + index}`).openLink(jane.id, customerId, "FPP");
        const opened = await browser.openLink(jane.id, customerId, "FPP");
        expect(opened.status, path).toBe(unsigned.status);
        expect(opened.status, path).toBe(customerId === jane.customerId ? 200 : 404);
        // Opened unsigned, its customer is not verified.
        expect((await browser.access()).verified, path).toEqual([]);
      }
    }
  });

  it("that is valid verifies its customer, as before", async () => {
    const jane = await planOf(server, "W-E34-WS4566");
    const browser = browserAt(server, "203.0.113.30");
    await browser.openPage(
      signedPlanLinkPath(server.config.linkSecret!, {
        planId: jane.id,
        customerId: jane.customerId,
        planType: "FPP",
        expires: inAnHour(),
      }),
    );
    expect(await browser.access()).toEqual({
      customers: [jane.customerId],
      plans: [jane.id],
      verified: [jane.customerId],
    });
  });
});

describe("failed links count under the searches' limit", () => {
  it("links that open do not count; misses reach 429 with Retry-After; a link opened before still opens", async () => {
    const jane = await planOf(server, "W-E34-WS4566");
    const address = "203.0.113.40";
    const first = browserAt(server, address);
    expect((await first.openLink(jane.id, jane.customerId, "FPP")).status).toBe(200);
    for (let i = 0; i < ALLOWED; i++)
      expect((await browserAt(server, address).openLink(jane.id, jane.customerId, "FPP")).status).toBe(200);

    // ALLOWED misses of every kind: another customer, an unknown plan, another family, and another
    // customer's link with an expired signature, which the portal's call then opens as unsigned.
    const stranger = browserAt(server, address);
    expect((await stranger.openLink(jane.id, jane.customerId + 1, "FPP")).status).toBe(404);
    expect((await stranger.openLink(999_999, jane.customerId, "FPP")).status).toBe(404);
    expect((await stranger.openLink(jane.id, jane.customerId, "ACE")).status).toBe(404);
    const secret = server.config.linkSecret!;
    const good = { planId: jane.id, customerId: jane.customerId, planType: "FPP", expires: inAnHour() };
    const expired = await stranger.openPage(
      signedPlanLinkPath(secret, { ...good, customerId: jane.customerId + 1, expires: 1 }),
    );
    expect(expired.location).toBe(`/find-claim/${jane.id}?customer_id=${jane.customerId + 1}&plan_type=FPP`);
    expect((await stranger.openLink(jane.id, jane.customerId + 1, "FPP")).status).toBe(404);

    // The window is full: even the right link is refused, and so is a search, until Retry-After.
    const refused = await browserAt(server, address).openLink(jane.id, jane.customerId, "FPP");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await stranger.search("W-E34-WS4566")).status).toBe(429);
    // A signed link is then not checked, nor sent elsewhere: the portal's call meets the 429.
    const page = await stranger.openPage(signedPlanLinkPath(secret, good));
    // This server holds no built portal, so the page is its 404; a redirect would have been a 303.
    expect(page.status).toBe(404);
    expect(page.location).toBeNull();
    expect(page.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect((await stranger.openLink(jane.id, jane.customerId, "FPP")).status).toBe(429);

    // The browser that opened the link keeps it; another address is not held back.
    expect((await first.openLink(jane.id, jane.customerId, "FPP")).status).toBe(200);
    expect((await browserAt(server, "203.0.113.41").openLink(jane.id, jane.customerId, "FPP")).status).toBe(200);
  });

  it("a signed link met by the 429 under PLAN_LINKS=signed stays whole, and opens once the window has passed", async () => {
    const jane = await planOf(signedOnly, "W-E34-WS4566");
    const address = "203.0.113.50";
    const browser = browserAt(signedOnly, address);
    for (let i = 0; i < ALLOWED; i++)
      expect((await browser.openLink(jane.id, jane.customerId, "FPP")).status).toBe(404);
    const link = signedPlanLinkPath(signedOnly.config.linkSecret!, {
      planId: jane.id,
      customerId: jane.customerId,
      planType: "FPP",
      expires: inAnHour(),
    });

    // The page is answered at the link's own address (no redirect that would drop exp and sig),
    // grants nothing, and the portal's call says how long to wait.
    const paused = await browser.openPage(link);
    // This server holds no built portal, so the page is its 404; a redirect would have been a 303.
    expect(paused.status).toBe(404);
    expect(paused.location).toBeNull();
    expect(paused.headers.get("cache-control")).toBe("no-store");
    expect(paused.headers.getSetCookie()).toEqual([]);
    const call = await browser.openLink(jane.id, jane.customerId, "FPP");
    expect(call.status).toBe(429);
    expect(call.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });

    // After the wait, the reload of that same address opens the plan, verified.
    await windowPasses(signedOnly, address);
    const reloaded = await browser.openPage(link);
    expect(reloaded.status).toBe(303);
    expect(reloaded.location).toBe(`/find-claim/${jane.id}?customer_id=${jane.customerId}&plan_type=FPP`);
    expect((await browser.openLink(jane.id, jane.customerId, "FPP")).status).toBe(200);
    expect(await browser.access()).toEqual({
      customers: [jane.customerId],
      plans: [jane.id],
      verified: [jane.customerId],
    });
  });
});

/**
 * Security, the HTTP side: signed plan links, rate limits with 429 and Retry-After, security headers
 * and CSP on every answer, CORS only for configured origins, and URLs handed out that never name
 * the Host header's host (root-relative; only emails' links start with the configured public URL).
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import { API_KEY, CookieJar, claimBody, demoPlan, sessionFetch, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
let limited: TestServer;
const PUBLIC_URL = "https://claims.example.com";

beforeAll(async () => {
  [server, limited] = await Promise.all([
    startTestServer({ publicUrl: PUBLIC_URL, trustProxy: 1 }),
    startTestServer({ rateLimits: { searchPerAddress: [6, 60], planLookupPerAddress: [4, 60] } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), limited?.stop()]);
});

/** A raw request with any Host header (fetch would not let us set it). */
function rawRequest(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = request({ host: url.hostname, port: url.port, path, method: "GET", headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("signed plan links", () => {
  const linkOf = async (number: string) => {
    const [plan] = await server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = $1",
      [number],
    );
    return plan!;
  };
  const open = async (path: string) => {
    const jar = new CookieJar();
    const response = await sessionFetch(jar, `${server.url}${path}`, { redirect: "manual" });
    const planAnswer = async (planId: number) =>
      (await sessionFetch(jar, `${server.url}/api/v1/plan/${planId}`, { headers: { "x-api-key": API_KEY } })).status;
    return { response, planAnswer };
  };
  const hour = () => Math.floor(Date.now() / 1000) + 3600;

  it("a valid link grants its plan to this browser and redirects to the link without exp and sig", async () => {
    const plan = await linkOf("W-K77-AB1021");
    const path = signedPlanLinkPath(server.config.linkSecret!, {
      planId: plan.id,
      customerId: plan.customer_id,
      planType: "fpp",
      expires: hour(),
    });
    const { response, planAnswer } = await open(path);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `/find-claim/${plan.id}?customer_id=${plan.customer_id}&plan_type=FPP`,
    );
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expect(await planAnswer(plan.id)).toBe(200);
  });

  it("an altered, expired, wrong-customer or wrong-family link grants nothing (and still redirects)", async () => {
    const plan = await linkOf("W-K77-AB1021");
    const secret = server.config.linkSecret!;
    const good = { planId: plan.id, customerId: plan.customer_id, planType: "FPP", expires: hour() };
    const bad = [
      signedPlanLinkPath(secret, good).replace(
        `customer_id=${plan.customer_id}`,
        `customer_id=${plan.customer_id + 1}`,
      ),
      signedPlanLinkPath(secret, good).replace(/sig=[^&]+/, "sig=AAAA"),
      signedPlanLinkPath(secret, { ...good, expires: Math.floor(Date.now() / 1000) - 1 }),
      signedPlanLinkPath(secret, { ...good, customerId: plan.customer_id + 1 }),
      signedPlanLinkPath(secret, { ...good, planType: "ACE" }),
      signedPlanLinkPath("another-secret-entirely-000000000000", good),
    ];
    for (const path of bad) {
      const { response, planAnswer } = await open(path);
      expect(response.status, path).toBe(303);
      expect(response.headers.getSetCookie(), path).toEqual([]);
      expect(await planAnswer(plan.id), path).toBe(404);
    }
  });
});

describe("rate limits", () => {
  const search = (api: TestServer["api"], number: string) =>
    api.post("/search_plan", { search_type: "search_plan_4", number });

  it("search_plan per client address: searches past the allowance get 429 with Retry-After, found or not", async () => {
    const api = limited.newSession();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        search(api, `W-X00-NOPE${String(i).padStart(2, "0")}`).then((a) => a.status),
      ),
    );
    // This address's six searches run (and find nothing); the rest are refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(34);
    const refused = await search(api, "W-E34-WS4566");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("plan lookups per client address", async () => {
    const statuses: number[] = [];
    for (let id = 1; id <= 6; id++) statuses.push((await limited.newSession().get(`/plan/${id}`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });
});

describe("HTTP hardening", () => {
  it("every answer carries a strict CSP without inline script, no framing, no referrer, no powerful features", async () => {
    for (const path of ["/api/v1/all_color", "/api/v1/nope", "/storage/x", "/find-claim/1"]) {
      const response = await fetch(`${server.url}${path}`, { headers: { "x-api-key": API_KEY } });
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self'/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, path).not.toMatch(/'unsafe-eval'/);
      // WebAssembly only, for the receipt reader's OCR.
      expect(csp, path).toMatch(/script-src[^;]*'wasm-unsafe-eval'/);
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    }
  });

  it("HSTS and a Secure cookie only over TLS (the public URL is https, or a trusted proxy says so)", async () => {
    const answer = await server
      .newSession()
      .post("/search_plan", { search_type: "search_plan_4", number: "W-E34-WS4566" });
    expect(answer.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(answer.headers.getSetCookie()[0]).toMatch(/; Secure/);
    const plain = await limited.newSession().get("/all_color");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("CORS answers only configured origins", async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/v1/search_plan`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "x-api-key,content-type",
        },
      });
    expect((await preflight("http://localhost:5173")).headers.get("access-control-allow-origin")).toBe(
      "http://localhost:5173",
    );
    for (const origin of ["https://evil.example", "null", "http://localhost:5173.evil.example"]) {
      expect((await preflight(origin)).headers.get("access-control-allow-origin"), origin).toBeNull();
    }
  });

  it("upload URLs name no host whatever the Host header says: root-relative, they work at the address the page was opened at", async () => {
    const api = server.newSession();
    const carlos = await demoPlan(api, "W-K77-AB1020");
    const claimId = (await api.post("/insert_claim", claimBody(carlos.id, carlos.customerId))).body.result
      .claim_id as number;
    const cookie = api.jar.header()!;
    const ask = (headers: Record<string, string>) =>
      rawRequest(`/api/v1/file-upload-url?claimId=${claimId}&fileType=image/png`, {
        "x-api-key": API_KEY,
        cookie,
        ...headers,
      });
    const attempts: Record<string, string>[] = [
      { host: "evil.example" },
      { host: "evil.example", "x-forwarded-host": "evil.example" },
      { "x-forwarded-proto": "http" },
    ];
    for (const headers of attempts) {
      const answer = await ask(headers);
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body).url, JSON.stringify(headers)).toMatch(/^\/api\/v1\/uploads\/\d+\/[^/?]+\?/);
    }
  });
});

/**
 * Attacks found against a running server that held nothing back before (SECURITY.md, "Attacks
 * replayed"): a stored file losing its sandboxing CSP to the portal's page policy, a cross-site
 * plan link replacing the victim's session, an idempotency answer replayed to another session,
 * and a database error's text (table and constraint names) in an answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/db.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import { claimDocumentPath, type Storage } from "../../server/storage/storage.ts";
import { API_KEY, CookieJar, claimBody, demoPlan, sessionFetch, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1]);

describe("stored files", () => {
  it("keep their own sandboxing CSP and headers, not the portal's page policy", async () => {
    const browser = server.newSession();
    const plan = await demoPlan(browser, "W-K77-AB1020");
    const claimId: number = (await browser.post("/insert_claim", claimBody(plan.id, plan.customerId))).body.result
      .claim_id;
    const fileName = "abcdefghij-sofa.png";
    await server.storage.write(claimDocumentPath(claimId, fileName, "fpp"), PNG);
    const response = await sessionFetch(
      browser.jar,
      `${server.url}/storage/claims_documentation/CL-${claimId}/photos-consumer/${fileName}`,
    );
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("sandbox");
    expect(csp).toMatch(/^default-src 'none'/);
    expect(csp).not.toContain("script-src");
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("a plan link followed from another site (login CSRF)", () => {
  it("adds its plan to the browser's session instead of replacing it", async () => {
    // The victim found her own plan; the attacker's page sends her to the attacker's signed link.
    const victim = server.newSession();
    const own = await demoPlan(victim, "W-E34-WS4566");
    const [attackers] = await server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = 'W-K77-AB1021'",
    );
    const link = signedPlanLinkPath(server.config.linkSecret!, {
      planId: attackers!.id,
      customerId: attackers!.customer_id,
      planType: "fpp",
      expires: Math.floor(Date.now() / 1000) + 3600,
    });

    // A cross-site navigation carries no SameSite=Strict cookie: what the browser sends.
    // The API grants it nothing; in front of it the portal host answers with a page that opens the
    // same link again from our origin (test/server/plan-link-page.test.ts).
    const crossSite = await fetch(`${server.url}${link}`, {
      redirect: "manual",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    expect(crossSite.status).toBe(404);

    // The page's own refresh is same-origin: the browser sends her cookie, and the plan is added.
    const sameOrigin = await sessionFetch(victim.jar, `${server.url}${link}`, {
      redirect: "manual",
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(303);
    expect(sameOrigin.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expect((await victim.get(`/plan/${own.id}`)).status).toBe(200);
    expect((await victim.get(`/plan/${attackers!.id}`)).status).toBe(200);
  });
});

describe("idempotency keys", () => {
  it("replay an answer only to the session that made it", async () => {
    const owner = server.newSession();
    const stranger = server.newSession();
    const plan = await demoPlan(owner, "W-E34-WS4566");
    await demoPlan(stranger, "W-C00-CX0001");
    const body = JSON.stringify(claimBody(plan.id, plan.customerId));
    const key = "a1b2c3d4-e5f6-4711-8899-aabbccddeeff";
    const send = (jar: CookieJar) =>
      sessionFetch(jar, `${server.url}/api/v1/insert_claim`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "x-api-key": API_KEY, "idempotency-key": key },
      });

    const first = await send(owner.jar);
    expect(first.status).toBe(200);
    const created = await first.json();

    const stolen = await send(stranger.jar);
    expect(stolen.headers.get("idempotent-replayed")).toBeNull();
    expect(stolen.status).toBe(404); // the stranger's own answer: not their plan
    expect(JSON.stringify(await stolen.json())).not.toContain(String(created.result.claim_id));

    const retried = await send(owner.jar);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(await retried.json()).toEqual(created);
  });
});

describe("database errors", () => {
  it("never reach the answer: no table, column or constraint names", async () => {
    const failing = Object.assign(
      new Error('insert or update on table "claims" violates foreign key constraint "claims_plan_id_fkey"'),
      { code: "23503" },
    );
    const db: Database = {
      query: () => Promise.reject(failing),
      transaction: () => Promise.reject(failing),
      sharedTransaction: () => Promise.reject(failing),
      close: () => Promise.resolve(),
    };
    const config = { ...loadConfig({}), apiKey: API_KEY, staticDir: undefined, faults: null };
    const app = createApp({ db, config, storage: {} as Storage });
    const answer = await app.request("/api/v1/all_item_type", { headers: { "x-api-key": API_KEY } });
    expect(answer.status).toBeLessThan(500);
    const text = await answer.text();
    expect(text).not.toMatch(/claims_plan_id_fkey|"claims"|foreign key/);
  });
});

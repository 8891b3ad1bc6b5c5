/**
 * What a Prometheus scraper reads at GET /metrics: served only with METRICS_TOKEN set and only to
 * its bearer, with request rates and latencies by route pattern, refusals by the rate limits and the
 * proof-of-work, the mail queue, uploads and their bytes, the upload sweep and, on PostgreSQL, the
 * pool; no label holds an id.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { png, startTestServer, type TestServer } from "./helpers.ts";
import { atServer, fileClaim } from "./mail-helpers.ts";

const TOKEN = "a-scrapers-token-of-the-test";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The value of a sample line, e.g. `mail_sent_total{template="claimSubmitted"}`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  it("takes a METRICS_TOKEN a scraper can send as a bearer token, and says what is wrong with another", () => {
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({ METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: "a scraper's token" })).toThrow(
      /METRICS_TOKEN may hold only letters, digits/,
    );
  });

  it("is not served without METRICS_TOKEN", async () => {
    server = await startTestServer({ metricsToken: undefined });
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it("answers its bearer only, with the families an operator alerts on", async () => {
    server = await startTestServer({
      metricsToken: TOKEN,
      rateLimits: {
        searchPerAddress: [100_000, 60],
        planLookupPerAddress: [100_000, 60],
        planLinkPerAddress: [1, 600],
      },
      searchChallenge: { after: [1, 600], cost: 1 },
    });
    const scrape = (authorization?: string) =>
      fetch(`${server!.url}/metrics`, { headers: authorization ? { authorization } : {} });
    const refused = await scrape();
    expect(refused.status).toBe(401);
    // A refusal the bearer check throws still carries the id every answer carries.
    expect(refused.headers.get("x-request-id")).toMatch(/^[\w-]{36}$/);
    expect((await scrape("Bearer not-the-token")).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBeOneOf([400, 401]);

    // A claim filed (an upload accepted, an email queued and sent), an upload refused, a search
    // asked for its proof-of-work, a plan link refused by its limit.
    const { claimId } = await fileClaim(server, "W-E34-WS4566", "Sofa", "en", async (draft) => {
      const signed = (await server!.api.get(`/file-upload-url?claimId=${draft}&fileType=image/png&fileName=more.png`))
        .body;
      const forged = atServer(server!, signed.url).replace(/sig=[^&]+/, "sig=forged");
      expect(
        (await fetch(forged, { method: "PUT", headers: { "content-type": "image/png" }, body: png(100) })).status,
      ).toBe(403);
    });
    // Searches that find nothing are what the proof-of-work is asked for after.
    const missing = { search_type: "search_plan_1", name_first: "No", name_last: "Body", email: "nobody@example.com" };
    expect((await server.api.post("/search_plan", missing)).status).not.toBe(428);
    expect((await server.api.post("/search_plan", missing)).status).toBe(428);
    await fetch(`${server.url}/find-claim/1?sig=x`, { redirect: "manual" });
    expect((await fetch(`${server.url}/find-claim/1?sig=x`, { redirect: "manual" })).status).toBe(429);
    const scraped = async () => (await scrape(`Bearer ${TOKEN}`)).text();
    await expect
      .poll(async () => sample(await scraped(), "mail_sent_total", { template: "claimSubmitted" }), { timeout: 10_000 })
      .toBe(1);

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(
      sample(text, "http_requests_total", {
        method: "PUT",
        route: "/api/v1/submit_claim/:claimId/:customerId",
        status: "200",
      }),
    ).toBe(1);
    expect(
      sample(text, "http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/v1/claim/:claimId",
        status: "200",
      }),
    ).toBeGreaterThan(0);
    expect(sample(text, "rate_limit_refusals_total", { limit: "plan-link" })).toBe(1);
    expect(sample(text, "proof_of_work_refusals_total")).toBe(1);
    expect(sample(text, "mail_queued_total")).toBe(1);
    expect(sample(text, "mail_queue_depth")).toBe(0);
    expect(text).toContain("# TYPE mail_failed_total counter");
    expect(sample(text, "uploads_total", { outcome: "accepted" })).toBe(1);
    expect(sample(text, "uploads_total", { outcome: "refused" })).toBe(1);
    expect(sample(text, "upload_bytes_total", { outcome: "refused" })).toBe(100);
    expect(sample(text, "upload_bytes_total", { outcome: "accepted" })).toBeGreaterThan(0);
    expect(sample(text, "upload_sweep_removed_total")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "upload_sweep_failures_total")).toBe(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    if (server.config.databaseUrl) expect(sample(text, "db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    // Labels are patterns and names: no claim id, customer id or signature anywhere.
    const labels = text
      .split("\n")
      .filter((line) => !line.startsWith("#"))
      .map((line) => line.slice(0, line.lastIndexOf(" ")));
    expect(labels.filter((line) => line.includes(String(claimId)) || /sig|forged/.test(line))).toEqual([]);
  });
});

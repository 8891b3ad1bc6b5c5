/**
 * Claim-status codes (`CS-…`) name exactly one claim, and a status lookup tells nothing by its work:
 * a new draft's code carries its whole id, migration 016 gives cut and shared codes their own and
 * refuses a second claim with a code, the staff call refuses a code two claims share by name, and
 * GET /claim_status runs the same queries for an unknown code, another session's claim and the
 * owner's (SECURITY.md, "Claim status").
 */
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimStatusCodeSchema } from "../../contract/claim-status.ts";
import { staffKeyOf } from "../../server/http/staff-key.ts";
import { API_KEY, CookieJar, claimBody, demoPlan, sessionFetch, startTestServer, type TestServer } from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The claim's id, status code and creation order. */
async function claimOf(where: string, params: unknown[] = []) {
  const [claim] = await server.db.query<{ id: number; status_code: string; seq: number }>(
    `SELECT id, status_code, seq FROM claims WHERE ${where}`,
    params,
  );
  return claim!;
}

/** A browser that found a demo plan by its number. */
async function browserOf(number: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const search = await sessionFetch(jar, `${server.url}/api/v1/search_plan`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ search_type: "search_plan_4", number }),
  });
  expect(search.status).toBe(200);
  return jar;
}

describe("a new claim's status code", () => {
  it("carries the whole claim id, so no two claims share it, and fits the contract", async () => {
    const browser = server.newSession();
    const jane = await demoPlan(browser, "W-E34-WS4566");
    const created = await browser.post("/insert_claim", claimBody(jane.id, jane.customerId));
    const claimId = created.body.result.claim_id as number;
    const { status_code: code } = await claimOf("id = $1", [claimId]);
    // The old code kept the id's first six digits: fewer than a million codes for every claim.
    expect(code).toBe(`CS-${claimId}`);
    expect(v.parse(claimStatusCodeSchema, code)).toBe(code);
    expect((await browser.del(`/delete_draft_claim/${claimId}`)).status).toBe(200);
  });
});

describe("migration 016", () => {
  it("gives cut codes the whole id and a shared code to its oldest claim only, then refuses a second claim with a code", async () => {
    const paul = await claimOf("status_code = 'CS-P55-0001'");
    const dana = await claimOf("status_code = 'CS-D12-0001'");
    const nora = await claimOf("status_code = 'CS-N07-0001'");
    // Back to the schema before it: the lookup's index not unique, Nora's code cut as insert_claim
    // cut it, and Paul's claim given by hand the code of Dana's draft, which was made before it.
    expect(dana.seq).toBeLessThan(paul.seq);
    await server.db.query("DROP INDEX claims_status_code");
    await server.db.query("CREATE INDEX claims_status_code ON claims (status_code)");
    await server.db.query("UPDATE claims SET status_code = 'CS-' || lpad(id::text, 6, '0') WHERE id = $1", [nora.id]);
    await server.db.query("UPDATE claims SET status_code = 'CS-D12-0001' WHERE id = $1", [paul.id]);
    await server.db.query("DELETE FROM schema_migrations WHERE name = '016_unique_status_codes.sql'");
    await server.close();
    server = await startTestServer(server.data);

    expect((await claimOf("id = $1", [nora.id])).status_code).toBe(`CS-${nora.id}`);
    expect((await claimOf("id = $1", [dana.id])).status_code).toBe("CS-D12-0001");
    expect((await claimOf("id = $1", [paul.id])).status_code).toBe(`CS-${paul.id}`);
    const [shared] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM (SELECT status_code FROM claims GROUP BY status_code HAVING count(*) > 1) AS s",
    );
    expect(shared!.n).toBe(0);
    await expect(
      server.db.query("UPDATE claims SET status_code = 'CS-D12-0001' WHERE id = $1", [paul.id]),
    ).rejects.toThrow();
    // Put back as seeded, for the tests below.
    await server.db.query("UPDATE claims SET status_code = 'CS-P55-0001' WHERE id = $1", [paul.id]);
    await server.db.query("UPDATE claims SET status_code = 'CS-N07-0001' WHERE id = $1", [nora.id]);
  });
});

describe("the staff call", () => {
  it("refuses a code two claims share, by name, and moves neither", async () => {
    const paul = await claimOf("status_code = 'CS-P55-0001'");
    // Only a database without the unique index can hold this; the old lookup took the oldest claim.
    await server.db.query("DROP INDEX claims_status_code");
    // A submitted claim on Carlos's plan (a plan has one live claim at most) with Paul's code.
    const [twin] = await server.db.query<{ id: number }>(
      `INSERT INTO claims (plan_id, customer_id, status, status_code, damage_date, claim_date, allow_sms, submitted_at)
       SELECT id, customer_id, 'Open', 'CS-P55-0001', '2025-09-01', '2025-09-02 10:00:00', true, now() FROM plans WHERE number = 'W-K77-AB1020' RETURNING id`,
    );
    try {
      const response = await fetch(`${server.url}/api/v1/staff/claim_status`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-staff-key": await staffKeyOf(server.dataDir) },
        body: JSON.stringify({ code: "CS-P55-0001", step: "service" }),
      });
      expect(response.status).toBe(409);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe("CLAIM_CODE_AMBIGUOUS");
      expect(body.message).toMatch(/^Ambiguous claim code CS-P55-0001:/);
      const steps = await server.db.query(
        "SELECT 1 FROM claim_events WHERE claim_id = ANY($1::bigint[]) AND step = 'service'",
        [`{${paul.id},${twin!.id}}`],
      );
      expect(steps).toEqual([]);
    } finally {
      await server.db.query("DELETE FROM claims WHERE id = $1", [twin!.id]);
      await server.db.query(
        "CREATE UNIQUE INDEX claims_status_code ON claims (status_code) WHERE status_code IS NOT NULL",
      );
    }
  });
});

describe("GET /claim_status", () => {
  it("runs the same queries for an unknown code, another session's claim and the owner's, and decides at the end", async () => {
    const paul = await claimOf("status_code = 'CS-P55-0001'");
    const owner = await browserOf("W-P55-IP0001");
    const stranger = await browserOf("W-K77-AB1020");
    // Every query the database runs during one lookup (what touches claims: the mail worker's
    // and the sweeper's own queries may run meanwhile).
    const queriesOf = async (code: string, jar: CookieJar) => {
      const seen: string[] = [];
      const query = server.db.query;
      server.db.query = ((sql: string, params?: unknown[]) => {
        if (/\bclaims\b/.test(sql)) seen.push(sql);
        return query(sql, params);
      }) as typeof query;
      try {
        const response = await sessionFetch(jar, `${server.url}/api/v1/claim_status?code=${encodeURIComponent(code)}`, {
          headers: { "x-api-key": API_KEY },
        });
        return { status: response.status, seen };
      } finally {
        server.db.query = query;
      }
    };
    const byNumber = {
      unknown: await queriesOf("CL-100000000001", stranger),
      others: await queriesOf(`CL-${paul.id}`, stranger),
      owners: await queriesOf(`CL-${paul.id}`, owner),
    };
    expect([byNumber.unknown.status, byNumber.others.status, byNumber.owners.status]).toEqual([404, 404, 200]);
    expect(byNumber.unknown.seen.length).toBeGreaterThan(0);
    expect(byNumber.others.seen).toEqual(byNumber.unknown.seen);
    expect(byNumber.owners.seen).toEqual(byNumber.unknown.seen);

    const byCode = {
      unknown: await queriesOf("CS-NOPE-0001", stranger),
      others: await queriesOf("CS-P55-0001", stranger),
      owners: await queriesOf("CS-P55-0001", owner),
    };
    expect([byCode.unknown.status, byCode.others.status, byCode.owners.status]).toEqual([404, 404, 200]);
    expect(byCode.others.seen).toEqual(byCode.unknown.seen);
    expect(byCode.owners.seen).toEqual(byCode.unknown.seen);
  });
});

/**
 * Rate limits that cannot be dodged or turned against a customer (SECURITY.md, "Rate limits" and
 * "Guessing is slowed, nobody is locked out"). Each finding of the attack on the running server is
 * replayed: an IPv6 /64 counted as one address, a client-written X-Forwarded-For ignored behind a
 * proxy, live windows kept however many other keys are counted, no lockout of a named customer
 * (a proof-of-work instead, each solution spent once, counted per name as the search folds it), and
 * limits on tickets, contact uploads, signed plan links, claim-status lookups that show nothing and
 * drafts made. The test server stands behind one pretend proxy (TRUST_PROXY=1): this test
 * is the proxy, and writes the address it "saw" as the last X-Forwarded-For entry.
 */
import { Hono } from "hono";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_HEADER, challengeAnswerSchema, type Challenge } from "../../contract/challenge.ts";
import { loadConfig } from "../../server/config.ts";
import { clientAddress } from "../../server/http/public-url.ts";
import { createRateLimiter } from "../../server/http/rate-limit.ts";
import { searchChallenges } from "../../server/http/search-challenge.ts";
import {
  API_KEY,
  CookieJar,
  expectShape,
  sessionFetch,
  startTestServer,
  type Answer,
  type TestServer,
} from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    trustProxy: 1,
    rateLimits: {
      searchPerAddress: [100_000, 600],
      planLookupPerAddress: [3, 600],
      ticketPerAddress: [2, 600],
      contactUploadPerAddress: [2, 600],
      planLinkPerAddress: [2, 600],
      claimStatusPerAddress: [3, 600],
      draftsPerAddress: [2, 600],
    },
    // The defaults' threshold, and a tiny cost so solving takes milliseconds here.
    searchChallenge: { after: [3, 600], cost: 1 },
  });
});
afterAll(async () => {
  await server?.stop();
});

/** A request as our pretend proxy forwards it: X-Forwarded-For ends with the address it saw. */
async function call(
  method: string,
  path: string,
  forwardedFor: string,
  init: { body?: unknown; headers?: Record<string, string>; jar?: CookieJar } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "x-api-key": API_KEY, "x-forwarded-for": forwardedFor, ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await sessionFetch(init.jar ?? new CookieJar(), `${server.url}${path}`, {
    method,
    headers,
    redirect: "manual",
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body };
}

const lookup = (forwardedFor: string) => call("GET", "/api/v1/plan/1", forwardedFor).then((answer) => answer.status);

describe("client addresses", () => {
  it("two addresses in one IPv6 /64 share a count; another /64 has its own", async () => {
    const statuses = [];
    for (const address of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff:ffff:ffff:3", "2001:db8:1:2::4"])
      statuses.push(await lookup(address));
    // No session: the lookups find nothing (404) until the /64's three are used.
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(await lookup("2001:db8:1:3::1")).toBe(404);
  });

  it("an IPv4-mapped IPv6 address is its IPv4 address", async () => {
    const statuses = [];
    for (const address of ["198.51.100.7", "::ffff:198.51.100.7", "198.51.100.7", "::ffff:c633:6407"])
      statuses.push(await lookup(address));
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it("behind one proxy, a client writing its own X-Forwarded-For entries does not dodge the limit", async () => {
    const statuses = [];
    // The client sends "X-Forwarded-For: 10.0.0.N"; the proxy appends the address it saw.
    for (let n = 1; n <= 5; n++) statuses.push(await lookup(`10.0.0.${n}, 203.0.113.9`));
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it("behind N proxies the N-th entry from the right counts; a shorter header counts the socket's peer", () => {
    const app = new Hono().get("/", (c) =>
      c.text(clientAddress(c, { trustProxy: Number(c.req.query("proxies")) }, "192.0.2.1")),
    );
    const seen = async (proxies: number, forwardedFor?: string) =>
      (
        await app.request(`/?proxies=${proxies}`, {
          headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
        })
      ).text();
    return Promise.all([
      expect(seen(2, "6.6.6.6, 198.51.100.20, 10.1.1.1")).resolves.toBe("198.51.100.20"),
      expect(seen(1, "6.6.6.6, 198.51.100.20, 10.1.1.1")).resolves.toBe("10.1.1.1"),
      expect(seen(2, "10.1.1.1")).resolves.toBe("192.0.2.1"),
      expect(seen(1)).resolves.toBe("192.0.2.1"),
      expect(seen(1, "not an address")).resolves.toBe("192.0.2.1"),
      // Without a proxy the header is the client's own writing.
      expect(seen(0, "198.51.100.20")).resolves.toBe("192.0.2.1"),
    ]);
  });

  it("TRUST_PROXY is the number of proxies in front; true and false still mean 1 and 0", () => {
    expect(
      [undefined, "0", "1", "2", "true", "false"].map((value) => loadConfig({ TRUST_PROXY: value }).trustProxy),
    ).toEqual([0, 0, 1, 2, 1, 0]);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
});

describe("live windows", () => {
  it("counting more than 50,000 other addresses does not reset a full window", async () => {
    // The limiter itself (memory, as on the embedded database): the old one kept 50,000 keys and
    // then dropped the oldest, full windows included. Through HTTP this takes minutes, not less.
    const limiter = createRateLimiter();
    const rate: [number, number] = [3, 600];
    for (let i = 0; i < 3; i++) await limiter.hit("plan", "192.0.2.200", rate);
    await expect(limiter.hit("plan", "192.0.2.200", rate)).rejects.toMatchObject({ status: 429 });
    for (let i = 0; i < 50_100; i++)
      await limiter.hit("plan", `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, rate);
    await expect(limiter.hit("plan", "192.0.2.200", rate)).rejects.toMatchObject({
      status: 429,
      body: { code: "TOO_MANY_REQUESTS" },
    });
  });
});

describe("guessing a customer's details", () => {
  const dana = { search_type: "search_plan_1", name_first: "Dana", name_last: "Reyes" };
  const search = (forwardedFor: string, email: string, headers: Record<string, string> = {}) =>
    call("POST", "/api/v1/search_plan", forwardedFor, { body: { ...dana, email }, headers });
  /** Solves a 428's challenge as the portal does; the X-Altcha header carrying the solution. */
  const solved = async (answer: Answer) => {
    const { challenge } = expectShape(challengeAnswerSchema, answer.body);
    const solution = await solveChallenge({
      challenge: challenge as Challenge & Parameters<typeof solveChallenge>[0]["challenge"],
      deriveKey,
    });
    expect(solution).not.toBeNull();
    return { [CHALLENGE_HEADER]: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") };
  };

  it("after wrong guesses on Dana Reyes from several addresses, her own search costs a challenge, never a refusal, and finds her plan", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await search(`198.51.100.${30 + (i % 4)}`, `guess${i}@example.com`)).status);
    const first = await search("198.51.100.99", "dana.reyes@example.com");
    expect(first.status, "her own search, from her own address").toBe(428);
    expect(first.body).toMatchObject({
      code: "CHALLENGE_REQUIRED",
      challenge: { parameters: { algorithm: "PBKDF2/SHA-256" } },
    });
    const found = await search("198.51.100.99", "dana.reyes@example.com", await solved(first));
    expect(found.status).toBe(200);
    expect(found.body.customers.map((plan: { number: string }) => plan.number)).toContain("W-D12-DR0001");
    // The guesses found nothing; past the first few they were asked for work, never refused.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([428]));
  });

  it("spellings the search folds together (accents, case) count as one name: a new spelling from a new address still meets the challenge", async () => {
    const carlos = (first: string, email: string, forwardedFor: string, headers: Record<string, string> = {}) =>
      call("POST", "/api/v1/search_plan", forwardedFor, {
        body: { search_type: "search_plan_1", name_first: first, name_last: "RIVERA", email },
        headers,
      });
    // Each from an address of its own: only the name's count can add up.
    for (const [i, first] of ["Cárlos", "CARLÓS", "Carlös"].entries()) {
      expect((await carlos(first, `guess${i}@example.com`, `198.51.100.${60 + i}`)).status, first).toBe(200);
    }
    const own = await carlos("CÁRLÓS", "carlos.rivera@example.com", "198.51.100.63");
    expect(own.status, "a fourth spelling of the same name").toBe(428);
    // The search itself folds them: that spelling finds his plans once the work is done.
    const found = await carlos("CÁRLÓS", "carlos.rivera@example.com", "198.51.100.63", await solved(own));
    expect(found.status).toBe(200);
    expect(found.body.customers.map((plan: { number: string }) => plan.number)).toContain("W-K77-AB1020");
  });

  it("guesses sent all at once from many addresses: only the first few run without work", async () => {
    // Each search is counted before it runs, so none of a burst slips in before the others are counted.
    const challenges = searchChallenges(
      { searchChallenge: { after: [3, 600], cost: 1 }, sessionSecret: "burst-test-secret" },
      createRateLimiter(),
    );
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => challenges.attempt(`198.51.100.${150 + i}`, "person:ann|burst")),
    );
    expect(attempts.filter((attempt) => !attempt.challenged)).toHaveLength(3);
    // A search that found its plan is not counted as a failure.
    const found = await Promise.all(
      ["198.51.100.200", "198.51.100.201", "198.51.100.202"].map((address) =>
        challenges.attempt(address, "person:cy|found"),
      ),
    );
    await found[0]!.undo();
    expect((await challenges.attempt("198.51.100.203", "person:cy|found")).challenged).toBe(false);
    expect((await challenges.attempt("198.51.100.204", "person:cy|found")).challenged).toBe(true);
  });

  it("a first search from a fresh address of a fresh name runs without a challenge", async () => {
    const answer = await call("POST", "/api/v1/search_plan", "198.51.100.120", {
      body: { search_type: "search_plan_4", number: "W-D12-DR0001" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.customers).toHaveLength(1);
  });

  it("after a few failures from one address, its searches of any name need a challenge", async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call("POST", "/api/v1/search_plan", "198.51.100.130", {
            body: { search_type: "search_plan_4", number: `W-X00-NONE0${i}` },
          })
        ).status,
      ).toBe(200);
    }
    const next = await call("POST", "/api/v1/search_plan", "198.51.100.130", {
      body: { search_type: "search_plan_4", number: "W-D12-DR0001" },
    });
    expect(next.status).toBe(428);
    expect(next.headers.get("cache-control")).toBe("no-store");
  });

  it("a search asked for work and sent again with its solution costs one search of the address's allowance, not two", async () => {
    // A server of its own, whose allowance is 7 searches: 3 failures, then 3 searches that each meet the challenge.
    const tight = await startTestServer({
      trustProxy: 1,
      rateLimits: { searchPerAddress: [7, 600], planLookupPerAddress: [100, 600] },
      searchChallenge: { after: [3, 600], cost: 1 },
    });
    try {
      const guess = (i: number, headers: Record<string, string> = {}) =>
        fetch(`${tight.url}/api/v1/search_plan`, {
          method: "POST",
          headers: {
            "x-api-key": API_KEY,
            "content-type": "application/json",
            "x-forwarded-for": "198.51.100.177",
            ...headers,
          },
          body: JSON.stringify({ ...dana, email: `tight-guess${i}@example.com` }),
        }).then(
          async (response) =>
            ({ status: response.status, headers: response.headers, body: await response.json() }) as Answer,
        );
      for (let i = 0; i < 3; i++) expect((await guess(i)).status).toBe(200);
      for (let i = 3; i < 6; i++) {
        const asked = await guess(i);
        expect(asked.status, `search ${i + 1}`).toBe(428);
        expect((await guess(i, await solved(asked))).status, `search ${i + 1} with its solution`).toBe(200);
      }
    } finally {
      await tight.stop();
    }
  });

  it("a solution is spent once; a forged or tampered one is no solution", async () => {
    const address = "198.51.100.140";
    for (let i = 0; i < 3; i++) expect((await search(address, `another-guess${i}@example.com`)).status).not.toBe(429);
    const first = await search(address, "dana.reyes@example.com");
    expect(first.status).toBe(428);
    const header = await solved(first);
    expect((await search(address, "dana.reyes@example.com", header)).status).toBe(200);
    const again = await search(address, "dana.reyes@example.com", header);
    expect(again.status).toBe(428);
    expect(again.body.challenge.signature).not.toBe(first.body.challenge.signature);

    const fresh = await solved(again);
    const payload = JSON.parse(Buffer.from(fresh[CHALLENGE_HEADER]!, "base64").toString());
    const tampered = [
      { ...payload, solution: { ...payload.solution, derivedKey: "00".repeat(32) } },
      { ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 2 } } },
      { ...payload, challenge: { ...payload.challenge, signature: "ab".repeat(32) } },
    ];
    for (const bad of [
      ...tampered.map((p) => Buffer.from(JSON.stringify(p)).toString("base64")),
      "not base64 at all",
      "e30=",
    ]) {
      expect((await search(address, "dana.reyes@example.com", { [CHALLENGE_HEADER]: bad })).status, bad).toBe(428);
    }
    // The untouched one still works (once).
    expect((await search(address, "dana.reyes@example.com", fresh)).status).toBe(200);
  });
});

describe("writes anyone may make, and signed plan links", () => {
  it("contact-service tickets are limited per address (2 in the test's window)", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call("POST", "/api/v1/contact_service_ticket", "203.0.113.50", { body: {} })).status);
    // The first two reach the handler (and are invalid); the third is refused before it.
    expect(statuses).toEqual([400, 400, 429]);
    const refused = await call("POST", "/api/v1/contact_service_ticket", "203.0.113.50", { body: {} });
    expect(refused.body).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("POST", "/api/v1/contact_service_ticket", "203.0.113.51", { body: {} })).status).toBe(400);
  });

  it("contact upload URLs and the signed PUTs are limited per address", async () => {
    const urls = [];
    for (let i = 0; i < 3; i++)
      urls.push(
        (await call("GET", "/api/v1/contact_service/file-upload-url?fileType=image/png", "203.0.113.60")).status,
      );
    expect(urls).toEqual([400, 400, 429]);
    const puts = [];
    for (let i = 0; i < 3; i++)
      puts.push(
        (
          await call(
            "PUT",
            "/api/v1/uploads/contact_service/0d7b2c9e-1f4a-4b8c-9d2e-3f4a5b6c7d8e/a.png?sig=x",
            "203.0.113.61",
          )
        ).status,
      );
    expect(puts.slice(0, 2)).not.toContain(429);
    expect(puts[2]).toBe(429);
  });

  it("claim-status lookups that show nothing are limited per address; the ones that show a status are not counted", async () => {
    const address = "203.0.113.80";
    const paul = new CookieJar();
    expect(
      (
        await call("POST", "/api/v1/search_plan", address, {
          body: { search_type: "search_plan_4", number: "W-P55-IP0001" },
          jar: paul,
        })
      ).status,
    ).toBe(200);
    const read = (code: string, forwardedFor = address) =>
      call("GET", `/api/v1/claim_status?code=${code}`, forwardedFor, { jar: paul });
    // The owner's page, read and reloaded, never meets the limit.
    for (let reload = 0; reload < 5; reload++) expect((await read("CS-P55-0001")).status).toBe(200);
    const misses = [];
    for (const code of ["CS-NOPE-0001", "CL-1", "CS-NOPE-0002"]) misses.push((await read(code)).status);
    expect(misses).toEqual([404, 404, 404]);
    const refused = await read("CS-NOPE-0003");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A full window refuses before looking, a real code too, so it tells nothing.
    expect((await read("CS-P55-0001")).status).toBe(429);
    expect((await read("CS-NOPE-0003", "203.0.113.81")).status).toBe(404);
  });

  it("drafts made are limited per address, FPP and ACE together; answering with the plan's draft is not counted", async () => {
    const address = "203.0.113.90";
    const browser = new CookieJar();
    const plans: Record<string, { id: number; customerId: number }> = {};
    for (const number of ["W-E34-WS4566", "A-300-100200"]) {
      const found = await call("POST", "/api/v1/search_plan", address, {
        body: { search_type: "search_plan_4", number },
        jar: browser,
      });
      const [plan] = [...found.body.customers, ...found.body.aceCustomers];
      plans[number] = { id: plan.id, customerId: plan.customerId };
    }
    const draft = (path: string, number: string, forwardedFor = address) =>
      call("POST", `/api/v1${path}`, forwardedFor, {
        body: {
          warrentyId: plans[number]!.id,
          customerId: plans[number]!.customerId,
          damagedate: "2025-09-01",
          claimdate: "2025-09-02 14:30:00",
          allowSMS: true,
        },
        jar: browser,
      });
    const remove = async (answer: Answer) => {
      expect(answer.body.code, JSON.stringify(answer.body)).toBe("CREATED");
      expect(
        (await call("DELETE", `/api/v1/delete_draft_claim/${answer.body.result.claim_id}`, address, { jar: browser }))
          .status,
      ).toBe(200);
    };
    const first = await draft("/insert_claim", "W-E34-WS4566");
    expect((await draft("/insert_claim", "W-E34-WS4566")).body.code, "the plan's draft, reopened").toBe("DRAFT_EXIST");
    await remove(first);
    await remove(await draft("/ace/insert_claim", "A-300-100200"));
    // Made and deleted twice: the next draft from this address, of either family, waits.
    for (const [path, number] of [
      ["/insert_claim", "W-E34-WS4566"],
      ["/ace/insert_claim", "A-300-100200"],
    ] as const) {
      const refused = await draft(path, number);
      expect(refused.status, path).toBe(429);
      expect(refused.body).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: expect.any(Number) });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    await remove(await draft("/insert_claim", "W-E34-WS4566", "203.0.113.91"));
  });

  it("every signed plan link opened counts, valid or not; the portal's own unsigned link does not", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (
          await call(
            "GET",
            `/find-claim/${i + 1}?customer_id=1&plan_type=FPP&exp=9999999999&sig=AAAA${i}`,
            "203.0.113.70",
          )
        ).status,
      );
    expect(statuses).toEqual([303, 303, 429]);
    for (let i = 0; i < 3; i++)
      expect((await call("GET", "/find-claim/1?customer_id=1&plan_type=FPP", "203.0.113.70")).status).not.toBe(429);
  });
});

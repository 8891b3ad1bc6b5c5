/**
 * The log an operator reads: the server as `npm run server` runs it (its own process, settings from
 * the environment) prints only JSON lines after it starts, one per request with the id answered in
 * X-Request-Id, its method, route pattern, status and duration; and none of a customer's details,
 * cookies or keys, though a whole FPP claim, a personal search and a contact request go through it.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { API_KEY, CookieJar, makeApi, sessionFetch, ticketBody, UPLOAD_SECRET } from "./helpers.ts";
import { atServer, fileClaim } from "./mail-helpers.ts";
import { mainProcesses } from "./main-process.ts";

const STAFF_KEY = "staff-key-of-the-log-test";
const METRICS_TOKEN = "metrics-token-of-the-log-test";

interface RequestLine {
  level: number;
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  msg: string;
}

describe("the server's log", () => {
  const startMain = mainProcesses();

  it("has one JSON line per request of a whole claim, with its request id, and no personal data or secrets", async () => {
    const { url, printed, stop } = await startMain({ STAFF_KEY, METRICS_TOKEN, LOG_LEVEL: "info" });

    // Every answer's request id, as the client saw it.
    const answered: { id: string | null; method: string; status: number }[] = [];
    const fetched = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const response = await fetched(input, init);
      answered.push({
        id: response.headers.get("x-request-id"),
        method: init?.method ?? "GET",
        status: response.status,
      });
      return response;
    });
    const jar = new CookieJar();
    const server = {
      url,
      api: makeApi(`${url}/api/v1`, API_KEY, jar),
      fetch: (to: string, init?: RequestInit) => sessionFetch(jar, to, init),
    };

    // Jane searches by her name and email, files a claim, then asks the contact service with her details.
    const search = await server.api.post("/search_plan", {
      search_type: "search_plan_1",
      name_first: "Jane",
      name_last: "Doe",
      email: "jane.doe@example.com",
    });
    expect(search.status).toBe(200);
    const { claimId } = await fileClaim(server, "W-E34-WS4566", "Sofa", "en");
    const requestId = randomUUID();
    const signed = (
      await server.api.get(
        `/contact_service/file-upload-url?requestId=${requestId}&fileType=application/pdf&fileName=invoice.pdf`,
      )
    ).body;
    const signature = new URL(signed.url, url).searchParams.get("sig")!;
    expect(
      (
        await fetch(atServer(server, signed.url), {
          method: "PUT",
          headers: { "content-type": "application/pdf" },
          body: "%PDF-1.4\n%%EOF\n",
        })
      ).status,
    ).toBe(200);
    const invoice = (await server.api.post("/contact_service/documents", { requestId, docName: signed.fileName })).body
      .result[0];
    expect((await server.api.post("/contact_service_ticket", ticketBody(requestId, [invoice.id]))).status).toBe(200);
    // Staff move the claim on; a scraper reads the metrics.
    const move = await fetch(`${url}/api/v1/staff/claim_status`, {
      method: "POST",
      headers: { "x-staff-key": STAFF_KEY, "content-type": "application/json" },
      body: JSON.stringify({ code: `CL-${claimId}`, step: "in_review" }),
    });
    expect(move.status).toBe(200);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    vi.mocked(globalThis.fetch).mockRestore();

    expect(await stop()).toBe(0);

    const lines = printed().split("\n").filter(Boolean);
    // Everything it printed is JSON, from the first line on.
    const parsed = lines.map((line) => {
      expect(() => JSON.parse(line), line).not.toThrow();
      return JSON.parse(line) as Partial<RequestLine>;
    });
    expect(parsed[0]!.msg).toMatch(/^Claims API listening on http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
    const requests = parsed.filter((line): line is RequestLine => line.msg === "request");
    // One line per request but the scrape (logged at debug), each with the id answered.
    const expected = answered.filter(({ id }) => id !== null).length;
    expect(
      answered.every(({ id }) => id !== null),
      "every answer carries X-Request-Id",
    ).toBe(true);
    expect(requests).toHaveLength(expected - 1);
    for (const { id, method, status } of answered.slice(0, -1)) {
      const mine = requests.filter((line) => line.reqId === id);
      expect(mine, `the line of request ${id}`).toHaveLength(1);
      expect(mine[0]).toMatchObject({ level: 30, method, status, ms: expect.any(Number) });
      // A route pattern: never the claim's id or any other number of the path.
      expect(mine[0]!.route).not.toMatch(new RegExp(`${claimId}|\\d{4,}`));
    }
    expect(requests.map((line) => line.route)).toEqual(
      expect.arrayContaining([
        "/api/v1/search_plan",
        "/api/v1/claim/:claimId",
        "/api/v1/submit_claim/:claimId/:customerId",
        "/api/v1/contact_service_ticket",
      ]),
    );

    // Nobody's details, cookies or keys: not in a request line, not in the mail lines, not anywhere.
    const cookies = (jar.header() ?? "")
      .split(/;\s*/)
      .map((pair) => pair.slice(pair.indexOf("=") + 1))
      .filter((value) => value.length > 8);
    expect(cookies.length).toBeGreaterThan(0);
    const secrets = [
      "jane",
      "doe@",
      "jane.doe@example.com",
      "2125550134",
      "350 5th Ave",
      "Furniture Mart",
      "INV-100234",
      API_KEY,
      UPLOAD_SECRET,
      STAFF_KEY,
      METRICS_TOKEN,
      signature,
      ...cookies,
    ];
    for (const secret of secrets) expect(printed().toLowerCase(), secret).not.toContain(secret.toLowerCase());
  });
});

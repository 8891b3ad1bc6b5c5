/**
 * Finish later (docs/api.md "Finish later"): POST /api/v1/finish_later emails the plan's customer a
 * signed link to a draft at a wizard step, for the session owning the draft only, answering the
 * address masked; it is limited per customer; the link, opened in a browser that never searched,
 * grants the plan as a signed plan link does (verified only if the owner chose the email on file) and lands on the wizard at that step; an
 * expired or altered link grants nothing and says why, in the visitor's language. The server
 * stands behind one pretend proxy (TRUST_PROXY=1) so each test is its own client address.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { finishLaterAnswerSchema, finishLaterTargetSchema } from "../../contract/finish-later.ts";
import { finishLinkPath, type FinishLink } from "../../server/domain/finish-later.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { outboxFileName, outboxFolder } from "../../server/mail/outbox-folder.ts";
import {
  API_KEY,
  CookieJar,
  claimBody,
  demoPlan,
  expectShape,
  makeApi,
  sessionFetch,
  startTestServer,
  type Api,
  type TestServer,
} from "./helpers.ts";

/** Links one customer may be sent per window in this server. */
const PER_CUSTOMER = 3;

let server: TestServer;
/** The queue's last row before each test: the test's own emails come after it. */
let queuedBefore = 0;

/** A finish-later email as the queue (server/mail/outbox.ts) holds it. */
interface QueuedMail {
  to: string;
  language: string;
  data: { link: string; claimNumber: string; step: number; expiresAt: string };
}

/** The finish-later emails this test queued, oldest first. */
async function queued(): Promise<QueuedMail[]> {
  const rows = await server.db.query<{ recipient: string; language: string; data: QueuedMail["data"] | string }>(
    "SELECT recipient, language, data FROM mail_outbox WHERE template = 'finishLater' AND id > $1 ORDER BY id",
    [queuedBefore],
  );
  return rows.map((row) => ({
    to: row.recipient,
    language: row.language,
    data: typeof row.data === "string" ? JSON.parse(row.data) : row.data,
  }));
}

/**
 * The link of the test's first finish-later email as delivered: the .eml the server wrote to
 * DATA_DIR/outbox (the queue blanks the link once the message is sent).
 */
async function deliveredLink(): Promise<URL> {
  const [row] = await server.db.query<{ id: number; queued_ms: number }>(
    "SELECT id, (extract(epoch FROM created_at) * 1000)::float8 AS queued_ms FROM mail_outbox WHERE template = 'finishLater' AND id > $1 ORDER BY id LIMIT 1",
    [queuedBefore],
  );
  const path = join(outboxFolder(server.dataDir), outboxFileName(new Date(row!.queued_ms), row!.id));
  const mail = await simpleParser(await vi.waitFor(() => readFile(path), { timeout: 60_000, interval: 25 }));
  const href = /href="([^"]*\/find-claim\/[^"]*)"/.exec(String(mail.html))![1]!;
  return new URL(href.replace(/&amp;/g, "&"));
}

beforeAll(async () => {
  server = await startTestServer({
    trustProxy: 1,
    rateLimits: {
      searchPerAddress: [100_000, 60],
      planLookupPerAddress: [100_000, 60],
      planLinkPerAddress: [100_000, 60],
      finishLaterPerCustomer: [PER_CUSTOMER, 3600],
      finishLaterPerAddress: [100_000, 60],
    },
  });
});
beforeEach(async () => {
  const [row] = await server.db.query<{ last: number | null }>("SELECT max(id) AS last FROM mail_outbox");
  queuedBefore = Number(row?.last ?? 0);
});
afterAll(async () => {
  await server?.stop();
});

/** A browser at its own client address, with a cookie jar of its own. */
function browser(address: string, language = "en") {
  const jar = new CookieJar();
  const headers = { "x-api-key": API_KEY, "x-forwarded-for": address, "accept-language": language };
  const api: Api = makeApi(`${server.url}/api/v1`, API_KEY, jar);
  const send = (method: string, path: string, body?: unknown) =>
    sessionFetch(jar, `${server.url}/api/v1${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => ({
      status: response.status,
      headers: response.headers,
      body: await response.json().catch(() => undefined),
    }));
  return {
    jar,
    api,
    get: (path: string) => send("GET", path),
    post: (path: string, body: unknown) => send("POST", path, body),
    /** A page of ours, as a browser opens it (no redirect followed). */
    open: (path: string, extra: Record<string, string> = {}) =>
      sessionFetch(jar, `${server.url}${path}`, { redirect: "manual", headers: { ...headers, ...extra } }),
  };
}

/** The seeded draft of Dana's FPP plan, found by its warranty number in `of`'s session. */
async function danasDraft(of: ReturnType<typeof browser>) {
  const plan = await demoPlan(of.api, "W-D12-DR0001");
  const [row] = await server.db.query<{ id: number }>("SELECT id FROM claims WHERE plan_id = $1 AND status = 'Draft'", [
    plan.id,
  ]);
  return { planId: plan.id, customerId: plan.customerId, claimId: row!.id };
}

const now = () => Math.floor(Date.now() / 1000);

describe("POST /finish_later", () => {
  it("emails the owner's plan customer a link to the draft at the step, and answers the address masked", async () => {
    const dana = browser("198.51.100.1", "es");
    const draft = await danasDraft(dana);
    const target = await dana.get(`/finish_later?claimId=${draft.claimId}`);
    expect(target.status).toBe(200);
    expect(expectShape(finishLaterTargetSchema, target.body)).toEqual({ sendTo: "d•••@example.com" });

    const sent = await dana.post("/finish_later", { claimId: draft.claimId, step: 3 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(expectShape(finishLaterAnswerSchema, sent.body)).toEqual({ sentTo: "d•••@example.com" });
    const mails = await queued();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      to: "dana.reyes@example.com",
      language: "es",
      data: { claimNumber: `CL-${draft.claimId}`, step: 3 },
    });
    // From PUBLIC_URL, valid 7 days.
    expect((await deliveredLink()).href.startsWith(`${server.config.publicUrl}/find-claim/${draft.planId}?`)).toBe(
      true,
    );
    // Once sent, the queue keeps no usable copy of the link (it grants the plan): the inbox holds the only one.
    await vi.waitFor(async () => expect((await queued())[0]!.data.link).toBe(""), { timeout: 60_000, interval: 25 });
    const days = (Date.parse(mail!.data.expiresAt) / 1000 - now()) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("is refused with 404 to a session that does not own the claim, and sends nothing", async () => {
    const owner = browser("198.51.100.2");
    const draft = await danasDraft(owner);
    const stranger = browser("198.51.100.3");
    await demoPlan(stranger.api, "W-E34-WS4566"); // holds another plan
    expect((await stranger.post("/finish_later", { claimId: draft.claimId, step: 3 })).status).toBe(404);
    expect((await stranger.get(`/finish_later?claimId=${draft.claimId}`)).status).toBe(404);
    expect(await queued()).toEqual([]);
  });

  it("refuses a claim that is no longer a draft (409 CLAIM_NOT_DRAFT), and a step outside 2 to 5 (400)", async () => {
    const maria = browser("198.51.100.4");
    const plan = await demoPlan(maria.api, "A-300-100200");
    const created = (await maria.api.post("/ace/insert_claim", claimBody(plan.id, plan.customerId))).body;
    const claimId: number = created.result?.claim_id ?? created.claimId;
    expect((await maria.post("/finish_later", { claimId, step: 6 })).status).toBe(400);
    expect((await maria.post("/finish_later", { claimId, step: 1 })).status).toBe(400);
    await server.db.query("UPDATE claims SET status = 'Open' WHERE id = $1", [claimId]);
    try {
      const refused = await maria.post("/finish_later", { claimId, step: 3 });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("CLAIM_NOT_DRAFT");
    } finally {
      await server.db.query("UPDATE claims SET status = 'Draft' WHERE id = $1", [claimId]);
    }
    expect(await queued()).toEqual([]);
  });

  it("answers 409 NO_EMAIL_ON_FILE, and a null address to show, when the customer has no email", async () => {
    const jane = browser("198.51.100.5");
    const plan = await demoPlan(jane.api, "W-E34-WS4566");
    const created = (await jane.api.post("/insert_claim", claimBody(plan.id, plan.customerId))).body;
    const claimId: number = created.result?.claim_id ?? created.claimId;
    const [{ email }] = (await server.db.query<{ email: string }>("SELECT email FROM customers WHERE id = $1", [
      plan.customerId,
    ])) as [{ email: string }];
    await server.db.query("UPDATE customers SET email = NULL WHERE id = $1", [plan.customerId]);
    try {
      expect((await jane.get(`/finish_later?claimId=${claimId}`)).body).toEqual({ sendTo: null });
      const refused = await jane.post("/finish_later", { claimId, step: 2 });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("NO_EMAIL_ON_FILE");
    } finally {
      await server.db.query("UPDATE customers SET email = $2 WHERE id = $1", [plan.customerId, email]);
    }
    expect(await queued()).toEqual([]);
  });

  it("is limited per customer, whichever address asks and however many drafts: then 429 with Retry-After", async () => {
    const phone = browser("198.51.100.6");
    const laptop = browser("198.51.100.7");
    const maria = await demoPlan(phone.api, "A-300-100200");
    await demoPlan(laptop.api, "A-300-100200");
    const newDraft = async () => {
      const created = (await phone.api.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))).body;
      return (created.result?.claim_id ?? created.claimId) as number;
    };
    let claimId = await newDraft();
    for (let sent = 0; sent < PER_CUSTOMER; sent++)
      expect((await (sent % 2 ? laptop : phone).post("/finish_later", { claimId, step: 2 })).status).toBe(200);
    // A new draft of the same customer starts no new count: the inbox is the same.
    expect((await phone.api.del(`/delete_draft_claim/${claimId}`)).status).toBe(200);
    claimId = await newDraft();
    const refused = await laptop.post("/finish_later", { claimId, step: 2 });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await queued()).toHaveLength(PER_CUSTOMER);
    // Those sessions held only the warranty number: the owner, with proof, still has her own links.
    const owner = browser("198.51.100.8");
    await owner.post("/search_plan", {
      search_type: "search_plan_1",
      name_first: "Maria",
      name_last: "Lopez",
      email: "maria.lopez@example.com",
    });
    expect((await owner.post("/finish_later", { claimId, step: 2 })).status).toBe(200);
  });
});

describe("the emailed link", () => {
  it("grants the plan to a browser that never searched and lands on the claim's wizard at the step, verified as the asking session was", async () => {
    const phone = browser("198.51.100.10");
    const draft = await danasDraft(phone);
    // Dana proves who she is on her phone, then asks for the link.
    await phone.post("/search_plan", {
      search_type: "search_plan_1",
      name_first: "Dana",
      name_last: "Reyes",
      email: "dana.reyes@example.com",
    });
    expect((await phone.post("/finish_later", { claimId: draft.claimId, step: 3 })).status).toBe(200);
    const link = await deliveredLink();

    const laptop = browser("198.51.100.11");
    expect((await laptop.get(`/claim/${draft.claimId}`)).status).toBe(404);
    const opened = await laptop.open(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(303);
    // In the language the mail was written in, which the link names.
    expect(opened.headers.get("location")).toBe(
      `/find-claim/create-claim?step=3&claimId=${draft.claimId}&warranty_id=${draft.planId}&lng=${link.searchParams.get("lng")}`,
    );
    expect((await laptop.get(`/claim/${draft.claimId}`)).status).toBe(200);
    expect((await laptop.get(`/ace/customer_info/${draft.customerId}`)).body.result.email).toBe(
      "dana.reyes@example.com",
    );
  });

  it("asked by a session holding only the warranty number grants no more than it had, whatever the owner proves later", async () => {
    const stranger = browser("198.51.100.30");
    const draft = await danasDraft(stranger);
    expect((await stranger.post("/finish_later", { claimId: draft.claimId, step: 2 })).status).toBe(200);
    const [mail] = await queued();
    // To the address on file, never one the asking session chose.
    expect(mail!.to).toBe("dana.reyes@example.com");
    const link = await deliveredLink();
    // The owner then proves who she is and saves her details in a verified session.
    const owner = browser("198.51.100.32");
    await owner.post("/search_plan", {
      search_type: "search_plan_1",
      name_first: "Dana",
      name_last: "Reyes",
      email: "dana.reyes@example.com",
    });
    expect((await owner.get(`/ace/customer_info/${draft.customerId}`)).body.result.masked).toBeUndefined();

    const inbox = browser("198.51.100.31");
    expect((await inbox.open(`${link.pathname}${link.search}`)).status).toBe(303);
    expect((await inbox.get(`/claim/${draft.claimId}`)).status).toBe(200);
    const seen = (await inbox.get(`/ace/customer_info/${draft.customerId}`)).body.result;
    expect(seen.masked).toBe(true);
    expect(seen.email).toBe("d•••@example.com");
    expect(seen.phone).not.toMatch(/^\d{10}$/);
    // A link altered to say it was asked with proof fails its signature.
    const forged = new URL(link);
    forged.searchParams.set("v", "1");
    expect((await browser("198.51.100.33").open(`${forged.pathname}${forged.search}`)).headers.get("location")).toMatch(
      /^\/find-claim\/link-refused\?reason=invalid(&|$)/,
    );
  });

  it("opens nothing once its claim was submitted or deleted", async () => {
    const maria = browser("198.51.100.34");
    const plan = await demoPlan(maria.api, "A-300-100200");
    const created = (await maria.api.post("/ace/insert_claim", claimBody(plan.id, plan.customerId))).body;
    const claimId: number = created.result?.claim_id ?? created.claimId;
    const link: FinishLink = {
      planId: plan.id,
      customerId: plan.customerId,
      planType: "ACE",
      claimId,
      step: 4,
      expires: now() + 600,
      verified: true,
    };
    await server.db.query("UPDATE claims SET status = 'Open' WHERE id = $1", [claimId]);
    try {
      const later = browser("198.51.100.35");
      const opened = await later.open(finishLinkPath(server.config.linkSecret!, link));
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe("/find-claim/link-refused?reason=closed");
      expect((await later.get(`/claim/${claimId}`)).status).toBe(404);
    } finally {
      await server.db.query("UPDATE claims SET status = 'Draft' WHERE id = $1", [claimId]);
    }
    expect((await maria.api.del(`/delete_draft_claim/${claimId}`)).status).toBe(200);
    const afterDelete = browser("198.51.100.36");
    expect((await afterDelete.open(finishLinkPath(server.config.linkSecret!, link))).headers.get("location")).toBe(
      "/find-claim/link-refused?reason=invalid",
    );
    expect((await afterDelete.get(`/claim/${claimId}`)).status).toBe(404);
  });

  it("of an ACE claim lands on the ACE wizard with its customer", async () => {
    const phone = browser("198.51.100.12");
    const maria = await demoPlan(phone.api, "A-300-100200");
    const created = (await phone.api.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))).body;
    const claimId: number = created.result?.claim_id ?? created.claimId;
    const link: FinishLink = {
      planId: maria.id,
      customerId: maria.customerId,
      planType: "ACE",
      claimId,
      step: 4,
      expires: now() + 60,
    };
    const opened = await browser("198.51.100.13").open(finishLinkPath(server.config.linkSecret!, link));
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(
      `/find-claim/create-ace-claim?step=4&claimId=${claimId}&warranty_id=${maria.id}&cust_id=${maria.customerId}`,
    );
  });

  it("followed from another site is first reopened from our own page, granting nothing yet", async () => {
    const draft = await danasDraft(browser("198.51.100.14"));
    const path = finishLinkPath(server.config.linkSecret!, { ...draft, planType: "FPP", step: 2, expires: now() + 60 });
    const visitor = browser("198.51.100.15");
    // Passed on to the portal host's page that reopens it from our origin (test/server/plan-link-page.test.ts).
    const page = await visitor.open(path, { "sec-fetch-site": "cross-site" });
    expect(page.status).toBe(404);
    expect(page.headers.getSetCookie()).toEqual([]);
    expect((await visitor.get(`/claim/${draft.claimId}`)).status).toBe(404);
  });

  it("expired, altered, or signed under the plan links' key, grants nothing and sends the browser to the portal's page saying why", async () => {
    const draft = await danasDraft(browser("198.51.100.16"));
    const secret = server.config.linkSecret!;
    const good: FinishLink = { ...draft, planType: "FPP", step: 3, expires: now() + 600 };
    const planLink = new URL(
      signedPlanLinkPath(secret, {
        planId: draft.planId,
        customerId: draft.customerId,
        planType: "FPP",
        expires: good.expires,
      }),
      server.url,
    );
    const cases: Array<[string, string]> = [
      [finishLinkPath(secret, { ...good, expires: now() - 1 }), "/find-claim/link-refused?reason=expired"],
      [
        `${finishLinkPath(secret, { ...good, expires: now() - 1 })}&lng=es`,
        "/find-claim/link-refused?reason=expired&lng=es",
      ],
      [finishLinkPath(secret, good).replace("step=3", "step=4"), "/find-claim/link-refused?reason=invalid"],
      [
        finishLinkPath(secret, good).replace(`claim_id=${draft.claimId}`, `claim_id=${draft.claimId + 1}`),
        "/find-claim/link-refused?reason=invalid",
      ],
      [
        `${planLink.pathname}${planLink.search}&claim_id=${draft.claimId}&step=3`,
        "/find-claim/link-refused?reason=invalid",
      ],
    ];
    for (const [index, [path, refusedAt]] of cases.entries()) {
      const visitor = browser(`198.51.100.${30 + index}`);
      const page = await visitor.open(path);
      expect(page.status, path).toBe(303);
      expect(page.headers.get("location"), path).toBe(refusedAt);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(visitor.jar.header() ?? "", "no session granted").not.toContain("claims_session");
      expect((await visitor.get(`/claim/${draft.claimId}`)).status).toBe(404);
    }
  });
});

/**
 * A submitted claim's status (GET /api/v1/claim_status, POST /api/v1/staff/claim_status): the
 * timeline a submit starts, staff moving it forward with the staff key (never with the public API
 * key), who may read it (the session that found the plan, or an emailed signed link in any
 * browser; everyone else the same 404), expired and altered links, names in the asked language, the
 * seeded claim's timeline and the backfill of claims submitted before the history existed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimStatusResponseSchema, type ClaimStatus } from "../../contract/claim-status.ts";
import { businessDaysAfter } from "../../server/domain/claim-status.ts";
import { claimStatusLinkPath } from "../../server/domain/claim-status-links.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { STAFF_KEY_FAILURES, staffKeyOf } from "../../server/http/staff-key.ts";
import { renderMail } from "../../server/mail/templates.ts";
import {
  API_KEY,
  CookieJar,
  claimBody,
  demoPlan,
  expectShape,
  lookupId,
  png,
  sessionFetch,
  snapshot,
  startTestServer,
  type TestServer,
} from "./helpers.ts";

let server: TestServer;
let staffKey: string;
/** Nora's claim, submitted in beforeAll by the browser of server.api. */
let claimId: number;
let noraPlan: { id: number; customerId: number };
let submittedOn: string[];

const todayUtc = () => new Date().toISOString().slice(0, 10);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** GET /claim_status as a browser would: its cookie jar (none: a fresh browser), its language. */
async function readStatus(query: string, options: { jar?: CookieJar; language?: string } = {}) {
  const headers: Record<string, string> = { "x-api-key": API_KEY };
  if (options.language) headers["accept-language"] = options.language;
  const response = await sessionFetch(options.jar ?? new CookieJar(), `${server.url}/api/v1/claim_status?${query}`, {
    headers,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The session of server.api's browser (the one that found Nora's plan). */
let owner: CookieJar;

/** POST /staff/claim_status with the given headers. */
async function staffMove(body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${server.url}/api/v1/staff/claim_status`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

beforeAll(async () => {
  server = await startTestServer();
  staffKey = await staffKeyOf(server.dataDir);
  // Nora's 'Not submitted' claim lacks only a photo: add one and submit it.
  owner = new CookieJar();
  const search = await sessionFetch(owner, `${server.url}/api/v1/search_plan`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ search_type: "search_plan_4", number: "W-N07-NS0001" }),
  });
  const plan = ((await search.json()) as any).customers[0];
  noraPlan = { id: plan.id, customerId: plan.customerId };
  const api = (path: string, init: RequestInit = {}) =>
    sessionFetch(owner, `${server.url}/api/v1${path}`, {
      ...init,
      headers: { "x-api-key": API_KEY, "content-type": "application/json", ...init.headers },
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  const draft = await api("/insert_claim", {
    method: "POST",
    body: JSON.stringify({
      warrentyId: plan.id,
      customerId: plan.customerId,
      damagedate: "2025-10-12",
      claimdate: "2025-10-13 09:00:00",
      allowSMS: true,
    }),
  });
  claimId = draft.body.claimId;
  const item = (await api(`/claim/${claimId}`)).body.items[0];
  const upload = (await api(`/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=stain.png`)).body;
  expect(
    (
      await fetch(new URL(upload.url, server.url), {
        method: "PUT",
        headers: { "content-type": "image/png" },
        body: png(64),
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await api("/insert_linked_and_embedded_files", {
        method: "POST",
        body: JSON.stringify({ claimId, claimItemsId: item.id, docName: upload.fileName }),
      })
    ).status,
  ).toBe(200);
  const before = todayUtc();
  expect((await api(`/submit_claim/${claimId}/${plan.customerId}`, { method: "PUT" })).body).toEqual({
    message: "Succeed",
  });
  submittedOn = [before, todayUtc()];
});
afterAll(async () => {
  await server?.stop();
});

describe("the confirmation's signed link", () => {
  const linkFor = async (id: number, jar: CookieJar) => {
    const response = await sessionFetch(jar, `${server.url}/api/v1/claim_status_link?claimId=${id}`, {
      headers: { "x-api-key": API_KEY },
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  it("is given to the claim's owner only, and opens the claim's status in a browser that never searched", async () => {
    const given = await linkFor(claimId, owner);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const link = new URL(given.body.link, server.url);
    expect(link.pathname).toBe("/claim-status");
    expect(link.searchParams.get("code")).toBe(`CL-${claimId}`);
    const elsewhere = await readStatus(link.search.slice(1), { jar: new CookieJar() });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.result.claimNumber).toBe(`CL-${claimId}`);
    // Another browser, even one holding another plan, gets the claim's usual 404.
    const stranger = new CookieJar();
    await sessionFetch(stranger, `${server.url}/api/v1/search_plan`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ search_type: "search_plan_4", number: "W-E34-WS4566" }),
    });
    expect(await linkFor(claimId, stranger)).toEqual({
      status: 404,
      body: { code: "CLAIM_NOT_FOUND", message: "Claim not found" },
    });
  });

  it("is not given for a draft", async () => {
    const [draft] = await server.db.query<{ id: number }>("SELECT id FROM claims WHERE status = 'Draft' LIMIT 1");
    expect((await linkFor(draft!.id, owner)).status).toBe(404);
  });
});

describe("after submit", () => {
  it("shows the claim submitted today, in review next within 3 business days, with its plan, item and photo", async () => {
    const answer = await readStatus(`code=CL-${claimId}`, { jar: owner });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const status = expectShape(claimStatusResponseSchema, answer.body).result;
    expect(status).toMatchObject({
      claimNumber: `CL-${claimId}`,
      status: "Open",
      family: "fpp",
      current: "submitted",
      plan: { id: noraPlan.id, number: "W-N07-NS0001", programName: "Furniture Protection Plan 5-Year" },
      items: [{ id: expect.any(Number), name: "Sofa" }],
      documents: [{ id: expect.any(Number), fileName: expect.stringMatching(/stain\.png$/) }],
    });
    expect(status.timeline.map((step) => step.step)).toEqual([
      "submitted",
      "in_review",
      "decision",
      "service",
      "closed",
    ]);
    expect(submittedOn).toContain(status.timeline[0]!.at!.slice(0, 10));
    expect(status.timeline.slice(1).map((step) => step.at)).toEqual([null, null, null, null]);
    expect(status.next?.step).toBe("in_review");
    // Expected by 3 business days after the submit: dated Friday 2025-09-05, that is Wednesday the 10th.
    await server.db.query(
      "UPDATE claim_events SET at = '2025-09-05T10:45:00Z' WHERE claim_id = $1 AND step = 'submitted'",
      [claimId],
    );
    const redated = (await readStatus(`code=CL-${claimId}`, { jar: owner })).body.result;
    expect(redated.next).toEqual({ step: "in_review", expectedBy: "2025-09-10" });
  });

  it("is found by the claim's status code as well as by its number", async () => {
    const [row] = await server.db.query<{ status_code: string }>("SELECT status_code FROM claims WHERE id = $1", [
      claimId,
    ]);
    const byCode = await readStatus(`code=${row!.status_code}`, { jar: owner });
    expect(byCode.status).toBe(200);
    expect(byCode.body.result.claimNumber).toBe(`CL-${claimId}`);
  });

  it("names the items in the language the call asks for", async () => {
    const spanish = await readStatus(`code=CL-${claimId}`, { jar: owner, language: "es-MX,es;q=0.9" });
    expect(spanish.body.result.items.map((item: { name: string }) => item.name)).toEqual(["Sofá"]);
  });
});

describe("an ACE claim", () => {
  it("starts its timeline at submit too, and reads as an ACE claim", async () => {
    const browser = server.newSession();
    const maria = await demoPlan(browser, "A-300-100200");
    const model = "?modelNo=ACE-REC-3307";
    const claim = (await browser.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))).body.result
      .claim_id as number;
    const item = (
      await browser.post("/ace/insert_claim_item", {
        claimId: claim,
        warrentyId: maria.id,
        selectedItemId: maria.itemId("Recliner"),
        manuFacturer: await lookupId(browser, "/ace/all_manufacturer", "La-Z-Boy"),
        material: await lookupId(browser, "/ace/all_material", "Leather"),
        color: await lookupId(browser, "/ace/all_color", "Saddle"),
      })
    ).body.result.claimItemId as number;
    expect(
      (
        await browser.post("/ace/insert_claim_item_damage", {
          claimId: claim,
          customerId: maria.customerId,
          selectedItemId: maria.itemId("Recliner"),
          damageType: await lookupId(browser, `/ace/damage_type_lookup_values${model}`, "Mechanism failure"),
          specificLocation: await lookupId(browser, `/ace/specific_location_lookup_values${model}`, "Footrest"),
          howDidOccur: await lookupId(browser, `/ace/how_did_it_occur_lookup_values${model}`, "Normal use"),
          actionTaken: await lookupId(browser, "/ace/actions_taken_lookup_values", "None"),
          damageDate: "2025-10-01",
          notes: "Stuck.",
        })
      ).status,
    ).toBe(200);
    const upload = (await browser.get(`/ace/file-upload-url?claimId=${claim}&fileType=image/png&fileName=footrest.png`))
      .body;
    expect(
      (
        await fetch(new URL(upload.url, server.url), {
          method: "PUT",
          headers: { "content-type": "image/png" },
          body: png(64),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await browser.post("/ace/insert_linked_and_embedded_files", {
          claimId: claim,
          claimItemsId: item,
          docName: upload.fileName,
        })
      ).status,
    ).toBe(200);
    expect((await browser.put(`/ace/submit_claim/${claim}`)).body).toEqual({ message: "Succeed" });
    const status = expectShape(
      claimStatusResponseSchema,
      (await browser.get(`/claim_status?code=CL-${claim}`)).body,
    ).result;
    expect(status).toMatchObject({
      family: "ace",
      current: "submitted",
      status: "Open",
      items: [{ name: "Recliner" }],
      next: { step: "in_review" },
    });
    // Recorded, not inferred: submitted cannot be recorded again.
    expect((await staffMove({ code: `CL-${claim}`, step: "submitted" }, { "x-staff-key": staffKey })).body.code).toBe(
      "CLAIM_STEP_NOT_FORWARD",
    );
  });
});

describe("business days", () => {
  it("skips weekends: a Friday plus 3 is the Wednesday, a Saturday plus 1 the Monday", () => {
    expect(businessDaysAfter("2025-09-05T10:45:00Z", 3)).toBe("2025-09-10");
    expect(businessDaysAfter("2025-09-06", 1)).toBe("2025-09-08");
    expect(businessDaysAfter("2025-09-08", 5)).toBe("2025-09-15");
  });
});

describe("who may read it", () => {
  it("another browser, a draft and an unknown claim get the same 404", async () => {
    const stranger = new CookieJar();
    await sessionFetch(stranger, `${server.url}/api/v1/search_plan`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ search_type: "search_plan_4", number: "W-K77-AB1020" }),
    });
    const answers = [
      await readStatus(`code=CL-${claimId}`, { jar: stranger }),
      await readStatus(`code=CL-${claimId}`),
      await readStatus("code=CL-1"),
      await readStatus("code=CS-NOPE-0001", { jar: owner }),
    ];
    // Dana's draft, read by the browser that found its plan: a draft has no status.
    const dana = new CookieJar();
    await sessionFetch(dana, `${server.url}/api/v1/search_plan`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ search_type: "search_plan_4", number: "W-D12-DR0001" }),
    });
    answers.push(await readStatus("code=CS-D12-0001", { jar: dana }));
    for (const answer of answers)
      expect(answer).toEqual({ status: 404, body: { code: "CLAIM_NOT_FOUND", message: "Claim not found" } });
  });

  it("needs the API key like every call", async () => {
    const response = await fetch(`${server.url}/api/v1/claim_status?code=CL-${claimId}`, {
      headers: { cookie: owner.header()! },
    });
    expect(response.status).toBe(401);
  });

  it("opens with an emailed signed link in a fresh browser, which it grants nothing else", async () => {
    const link = claimStatusLinkPath(server.config.linkSecret!, claimId);
    expect(link).toMatch(new RegExp(`^/claim-status\\?code=CL-${claimId}&expires=\\d+&sig=[\\w-]+$`));
    const fresh = new CookieJar();
    const answer = await readStatus(link.split("?")[1]!, { jar: fresh });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(expectShape(claimStatusResponseSchema, answer.body).result.claimNumber).toBe(`CL-${claimId}`);
    // Valid 90 days.
    const expires = Number(new URLSearchParams(link.split("?")[1]).get("expires"));
    expect(expires - nowSeconds()).toBeGreaterThan(89 * 24 * 3600);
    expect(expires - nowSeconds()).toBeLessThanOrEqual(90 * 24 * 3600);
    // No session came with it: the claim itself stays out of reach.
    expect(fresh.header()).toBeUndefined();
    const claim = await sessionFetch(fresh, `${server.url}/api/v1/claim/${claimId}`, {
      headers: { "x-api-key": API_KEY },
    });
    expect(claim.status).toBe(404);
  });

  it("an expired link says so (LINK_EXPIRED); an altered one, or a plan link's signature, is the 404", async () => {
    const secret = server.config.linkSecret!;
    const expired = claimStatusLinkPath(secret, claimId, nowSeconds() - 60).split("?")[1]!;
    expect(await readStatus(expired)).toEqual({
      status: 403,
      body: { code: "LINK_EXPIRED", message: expect.any(String) },
    });

    const good = new URLSearchParams(claimStatusLinkPath(secret, claimId).split("?")[1]);
    const altered = (change: Record<string, string>) =>
      new URLSearchParams({ ...Object.fromEntries(good), ...change }).toString();
    const sig = good.get("sig")!;
    const otherClaim = (await server.db.query<{ id: number }>("SELECT id FROM claims WHERE status = 'In process'"))[0]!
      .id;
    const planLink = new URL(
      signedPlanLinkPath(secret, {
        planId: noraPlan.id,
        customerId: noraPlan.customerId,
        planType: "FPP",
        expires: Number(good.get("expires")),
      }),
      server.url,
    );
    const tries = [
      altered({ sig: `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}` }),
      altered({ expires: String(Number(good.get("expires")) + 1) }),
      altered({ code: `CL-${otherClaim}` }),
      altered({ sig: "" }),
      `code=CL-${claimId}&sig=${sig}`,
      altered({ sig: planLink.searchParams.get("sig")! }),
    ];
    for (const query of tries)
      expect(await readStatus(query), query).toEqual({
        status: 404,
        body: { code: "CLAIM_NOT_FOUND", message: "Claim not found" },
      });
  });
});

describe("staff moving a claim", () => {
  it("refuses a missing or wrong staff key, and the public API key, moving nothing", async () => {
    const before = await snapshot(server.db);
    const move = { code: `CL-${claimId}`, step: "in_review" };
    const tries: Record<string, string>[] = [
      {},
      { "x-staff-key": "wrong" },
      { "x-api-key": API_KEY },
      { "x-staff-key": API_KEY, "x-api-key": API_KEY },
    ];
    for (const headers of tries) {
      const answer = await staffMove(move, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthorized" });
    }
    expect(await snapshot(server.db)).toEqual(before);
    expect((await readStatus(`code=CL-${claimId}`, { jar: owner })).body.result.current).toBe("submitted");
  });

  it("moves it forward with the staff key (no API key needed), and the owner's status shows it", async () => {
    const moved = await staffMove({ code: `CL-${claimId}`, step: "in_review" }, { "x-staff-key": staffKey });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const status: ClaimStatus = expectShape(claimStatusResponseSchema, moved.body).result;
    expect(status).toMatchObject({ current: "in_review", status: "Pending review" });
    expect(status.timeline[1]!.at!.slice(0, 10)).toBe(todayUtc());
    expect(status.next?.step).toBe("decision");
    const read = await readStatus(`code=CL-${claimId}`, { jar: owner });
    expect(read.body.result).toEqual(status);
    // Expected by 5 business days after the review began: dated Monday 2025-09-08, that is Monday the 15th.
    await server.db.query(
      "UPDATE claim_events SET at = '2025-09-08T09:00:00Z' WHERE claim_id = $1 AND step = 'in_review'",
      [claimId],
    );
    expect((await readStatus(`code=CL-${claimId}`, { jar: owner })).body.result.next).toEqual({
      step: "decision",
      expectedBy: "2025-09-15",
    });
  });

  it("refuses to go back or repeat a step (CLAIM_STEP_NOT_FORWARD), and may skip ahead", async () => {
    for (const step of ["submitted", "in_review"]) {
      const answer = await staffMove({ code: `CL-${claimId}`, step }, { "x-staff-key": staffKey });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe("CLAIM_STEP_NOT_FORWARD");
    }
    const closed = await staffMove({ code: `CL-${claimId}`, step: "closed" }, { "x-staff-key": staffKey });
    expect(closed.body.result).toMatchObject({ current: "closed", status: "Closed", next: null });
    expect(closed.body.result.timeline.map((step: { at: string | null }) => step.at !== null)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect((await staffMove({ code: `CL-${claimId}`, step: "service" }, { "x-staff-key": staffKey })).body.code).toBe(
      "CLAIM_STEP_NOT_FORWARD",
    );
  });

  it("records how the decision came out, with a denial's reason: the status, its email and the closing one tell it", async () => {
    // The claim the tests above closed, taken back to review past SQL (staff never move back).
    const fresh = claimId;
    await server.db.query(
      "DELETE FROM claim_events WHERE claim_id = $1 AND step IN ('decision', 'service', 'closed')",
      [fresh],
    );
    await server.db.query("UPDATE claims SET status = 'Pending review' WHERE id = $1", [fresh]);
    const bare = await staffMove({ code: `CL-${fresh}`, step: "decision" }, { "x-staff-key": staffKey });
    expect(bare.status).toBe(400);
    expect(
      (await staffMove({ code: `CL-${fresh}`, step: "service", outcome: "approved" }, { "x-staff-key": staffKey }))
        .status,
    ).toBe(400);
    expect(
      (
        await staffMove(
          { code: `CL-${fresh}`, step: "decision", outcome: "approved", reason: "Because" },
          { "x-staff-key": staffKey },
        )
      ).status,
    ).toBe(400);
    const [last] = await server.db.query<{ id: number | null }>("SELECT max(id) AS id FROM mail_outbox");
    const reason = "The stain is wear and tear, which the plan does not cover";
    const decided = await staffMove(
      { code: `CL-${fresh}`, step: "decision", outcome: "denied", reason },
      { "x-staff-key": staffKey },
    );
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.result.decision).toEqual({ outcome: "denied", reason });
    expect((await readStatus(`code=CL-${fresh}`, { jar: owner })).body.result.decision).toEqual({
      outcome: "denied",
      reason,
    });
    await staffMove({ code: `CL-${fresh}`, step: "closed" }, { "x-staff-key": staffKey });
    const mails = await server.db.query<{ data: unknown }>(
      "SELECT data FROM mail_outbox WHERE claim_id = $1 AND template = 'statusChanged' AND id > $2 ORDER BY id",
      [fresh, last?.id ?? 0],
    );
    const data = mails.map((mail) => (typeof mail.data === "string" ? JSON.parse(mail.data) : mail.data));
    expect(data.map((d) => [d.step, d.decision])).toEqual([
      ["decision", { outcome: "denied", reason }],
      ["closed", { outcome: "denied", reason }],
    ]);
    const links = { claimStatus: () => "https://claims.portal.test/claim-status?code=CL-1&expires=1&sig=s" };
    const decisionMail = await renderMail({ language: "en", template: "statusChanged", data: data[0] }, links);
    expect(decisionMail.subject).toBe(`Your claim CL-${fresh} is now: Denied`);
    expect(decisionMail.text).toContain(`Reason given: ${reason}`);
    const closedMail = await renderMail({ language: "es", template: "statusChanged", data: data[1] }, links);
    expect(closedMail.text).toContain("Decisión: Denegado.");
  });

  it("cannot move a draft or an unknown claim (404), and names the code it refuses", async () => {
    for (const code of ["CS-D12-0001", "CL-1", "CS-NOPE-0001"]) {
      const answer = await staffMove({ code, step: "in_review" }, { "x-staff-key": staffKey });
      expect(answer).toEqual({
        status: 404,
        body: { code: "CLAIM_NOT_FOUND", message: `Unknown claim code ${code}: no submitted claim has it` },
      });
    }
  });
});

describe("the demo data", () => {
  it("shows the seeded In process claim's timeline: submitted, in review, decision; service next", async () => {
    const paul = new CookieJar();
    await sessionFetch(paul, `${server.url}/api/v1/search_plan`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ search_type: "search_plan_4", number: "W-P55-IP0001" }),
    });
    const status = expectShape(
      claimStatusResponseSchema,
      (await readStatus("code=CS-P55-0001", { jar: paul })).body,
    ).result;
    expect(status.timeline).toEqual([
      { step: "submitted", at: "2025-09-05T10:45:00Z" },
      { step: "in_review", at: "2025-09-08T10:45:00Z" },
      { step: "decision", at: "2025-09-12T10:45:00Z" },
      { step: "service", at: null },
      { step: "closed", at: null },
    ]);
    expect(status).toMatchObject({
      current: "decision",
      status: "In process",
      next: { step: "service", expectedBy: "2025-09-16" },
    });
  });
});

describe("wrong staff keys are counted per address", () => {
  // A server of its own: the wrong keys of the tests above are counted on the other one.
  let guarded: TestServer;
  const rightKey = "a-staff-key-set-by-the-operator";
  beforeAll(async () => {
    guarded = await startTestServer({ staffKey: rightKey });
  });
  afterAll(async () => {
    await guarded?.stop();
  });

  const [allowed] = STAFF_KEY_FAILURES;
  it(`answers wrong keys 401, past ${allowed} of them 429 (closing the connection), and the right key always`, async () => {
    const move = (key: string, step: string) =>
      fetch(`${guarded.url}/api/v1/staff/claim_status`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-staff-key": key },
        body: JSON.stringify({ code: "CS-P55-0001", step }),
      }).then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.json()) as any }));
    // Right keys are never counted against the address.
    for (let right = 0; right < allowed + 2; right++) expect((await move(rightKey, "in_review")).status).toBe(409);
    // STAFF_KEY set: that key, not the data folder's, so the data folder's is a wrong one.
    expect((await move(await staffKeyOf(guarded.dataDir), "service")).status).toBe(401);
    for (let wrong = 2; wrong <= allowed; wrong++) {
      const refused = await move(`guess-${wrong}`, "closed");
      expect(refused.status).toBe(401);
      expect(refused.headers.get("connection")).toBe("close");
    }
    for (const guess of ["one-guess-too-many", "and-another"]) {
      const slowed = await move(guess, "closed");
      expect(slowed.status, guess).toBe(429);
      expect(slowed.body.code).toBe("TOO_MANY_REQUESTS");
      expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(slowed.headers.get("connection")).toBe("close");
    }
    // After 12 wrong keys from this address, staff at it still move claims.
    const moved = await move(rightKey, "service");
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.result.current).toBe("service");
  });
});

describe("claims submitted before the status history existed", () => {
  it("get their timeline from the migration: submitted at submitted_at, and the steps their status implies", async () => {
    // Back to the schema before migration 012, with a claim submitted and one in review, then a restart.
    await server.db.query("DROP TABLE claim_events");
    await server.db.query("DROP INDEX claims_status_code");
    await server.db.query("DELETE FROM schema_migrations WHERE name = '012_claim_events.sql'");
    await server.db.query("UPDATE claims SET status = 'Pending review' WHERE id = $1", [claimId]);
    await server.close();
    server = await startTestServer(server.data);
    const events = await server.db.query<{ step: string; days: number }>(
      `SELECT e.step, extract(epoch FROM e.at - c.submitted_at)::int / 86400 AS days
       FROM claim_events e JOIN claims c ON c.id = e.claim_id WHERE c.id = $1 ORDER BY e.at`,
      [claimId],
    );
    expect(events).toEqual([
      { step: "submitted", days: 0 },
      { step: "in_review", days: 0 },
    ]);
    const paul = await server.db.query<{ step: string }>(
      "SELECT e.step FROM claim_events e JOIN claims c ON c.id = e.claim_id WHERE c.status_code = 'CS-P55-0001' ORDER BY e.at",
    );
    expect(paul.map((event) => event.step)).toEqual(["submitted", "in_review", "decision"]);
    const drafts = await server.db.query(
      "SELECT 1 FROM claim_events e JOIN claims c ON c.id = e.claim_id WHERE c.submitted_at IS NULL",
    );
    expect(drafts).toEqual([]);
  });
});

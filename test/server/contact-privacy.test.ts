/**
 * Contact details follow how a browser found the customer (SECURITY.md, "A warranty number alone shows no contact details"): a
 * warranty number alone sees the email, phone and street address masked, and what it sends back
 * masked or blank keeps what is on file; a personal search or a signed plan link sees them in full.
 * And a change made through the portal never stops the owner's own search: the details the plans
 * were sold with keep finding them, beside the new ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerInfoResponseSchema, searchPlanResponseSchema } from "../../contract/schemas.ts";
import { signedPlanLinkPath } from "../../server/domain/plan-links.ts";
import { enqueueClaimStepMail } from "../../server/mail/claim-mail.ts";
import type { ClaimSubmittedData } from "../../server/mail/claim-submitted-mail.tsx";
import { renderMail } from "../../server/mail/templates.ts";
import {
  claimBody,
  demoPlan,
  expectShape,
  sessionFetch,
  startTestServer,
  type Api,
  type TestServer,
} from "./helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const MARIA = {
  firstName: "Maria",
  lastName: "Lopez",
  email: "maria.lopez@example.com",
  phone: "7135550142",
  address: "1200 Main St",
  city: "Houston",
  state: "TX",
  zipCode: "77002",
};
const MARIA_MASKED = { ...MARIA, email: "m•••@example.com", phone: "•••-0142", address: "•••", masked: true };

const infoOf = async (api: Api, customerId: number) => {
  const answer = await api.get(`/ace/customer_info/${customerId}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expectShape(customerInfoResponseSchema, answer.body);
  return answer.body.result as Record<string, unknown>;
};

/** What is stored for a customer, read past the API. */
const stored = async (customerId: number) =>
  (
    await server.db.query<Record<string, string | null>>(
      "SELECT first_name, last_name, email, phone, address, city, state, zip FROM customers WHERE id = $1",
      [customerId],
    )
  )[0];

/** Plan numbers a personal search finds, in a browser of its own. */
async function found(search: Record<string, string>): Promise<string[]> {
  const answer = await server.newSession().post("/search_plan", search);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const body = expectShape(searchPlanResponseSchema, answer.body);
  return [...body.customers, ...body.aceCustomers].map((plan) => plan.number);
}

describe("who sees a customer's contact details", () => {
  it("a session that holds only a warranty number gets the email, phone and street address masked", async () => {
    const browser = server.newSession();
    const maria = await demoPlan(browser, "A-300-100200");
    const answer = await browser.get(`/ace/customer_info/${maria.customerId}`);
    expect(answer.body).toEqual({ result: MARIA_MASKED });
    expect(JSON.stringify(answer.body)).not.toMatch(/maria\.lopez|555-?0142|7135550142|1200 Main/);
  });

  it("a session that found the customer by name and email, phone or invoice gets them in full", async () => {
    for (const search of [
      { search_type: "search_plan_1", name_first: "Maria", name_last: "Lopez", email: "maria.lopez@example.com" },
      {
        search_type: "search_plan_2",
        name_first: "maria",
        name_last: "LOPEZ",
        phone_number: "(713) 555-0142",
        zip_code: "77002",
      },
      { search_type: "search_plan_3", name_first: "Maria", name_last: "Lopez", invoice_number: "INV-300455" },
    ]) {
      const browser = server.newSession();
      const plan = (await browser.post("/search_plan", search)).body.aceCustomers[0];
      expect(plan?.number, search.search_type).toBe("A-300-100200");
      expect(await infoOf(browser, plan.customerId)).toEqual(MARIA);
    }
  });

  it("a later personal search upgrades the same session, and a later warranty number does not downgrade it", async () => {
    const browser = server.newSession();
    const maria = await demoPlan(browser, "A-300-100200");
    expect(await infoOf(browser, maria.customerId)).toEqual(MARIA_MASKED);
    await browser.post("/search_plan", {
      search_type: "search_plan_2",
      name_first: "Maria",
      name_last: "Lopez",
      phone_number: "713-555-0142",
    });
    expect(await infoOf(browser, maria.customerId)).toEqual(MARIA);
    await demoPlan(browser, "A-300-100200");
    expect(await infoOf(browser, maria.customerId)).toEqual(MARIA);
  });

  it("a session that opened a signed plan link gets them in full", async () => {
    const [plan] = await server.db.query<{ id: number; customer_id: number }>(
      "SELECT id, customer_id FROM plans WHERE number = 'A-300-100200'",
    );
    const browser = server.newSession();
    const path = signedPlanLinkPath(server.config.linkSecret!, {
      planId: plan!.id,
      customerId: plan!.customer_id,
      planType: "ACE",
      expires: Math.floor(Date.now() / 1000) + 3600,
    });
    const opened = await sessionFetch(browser.jar, `${server.url}${path}`, { redirect: "manual" });
    expect(opened.status).toBe(303);
    expect(await infoOf(browser, plan!.customer_id)).toEqual(MARIA);
  });
});

/** A draft ACE claim on Maria's plan, as a session that holds it files one. */
async function mariasDraft(browser: Api) {
  const maria = await demoPlan(browser, "A-300-100200");
  const created = (await browser.post("/ace/insert_claim", claimBody(maria.id, maria.customerId))).body;
  return { ...maria, claimId: (created.result?.claim_id ?? created.claimId) as number };
}

describe("changes from a session that holds only a warranty number", () => {
  it("never reach what is on file: typed details stay with the claim named, and without a claim they are refused", async () => {
    const stranger = server.newSession();
    const draft = await mariasDraft(stranger);
    const before = await stored(draft.customerId);
    const { masked: _, ...shown } = await infoOf(stranger, draft.customerId);
    const refused = await stranger.put(`/ace/customer_info/${draft.customerId}`, {
      ...shown,
      email: "eve@example.net",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PROOF_REQUIRED");

    const typed = {
      ...shown,
      email: "eve@example.net",
      phone: "2125550100",
      address: "9 Elm St",
      city: "Katy",
      state: "NY",
      zipCode: "10001",
    };
    const kept = await stranger.put(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`, typed);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // Email, phone, street, city, state and ZIP alike: nothing on file changed.
    expect(await stored(draft.customerId)).toEqual(before);

    // Shown back marked as typed for the claim, masked to a session without proof...
    const seen = (await stranger.get(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`)).body.result;
    expect(seen).toMatchObject({
      ...MARIA_MASKED,
      unverified: {
        email: "e•••@example.net",
        phone: "•••-0100",
        address: "•••",
        city: "Katy",
        state: "NY",
        zipCode: "10001",
      },
    });
    // ...and in full to the owner, apart from her own details, which the step fills in.
    const owner = server.newSession();
    await owner.post("/search_plan", {
      search_type: "search_plan_1",
      name_first: "Maria",
      name_last: "Lopez",
      email: "maria.lopez@example.com",
    });
    const ownerSees = (await owner.get(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`)).body.result;
    expect(ownerSees).toEqual({
      ...MARIA,
      unverified: {
        email: "eve@example.net",
        phone: "2125550100",
        address: "9 Elm St",
        city: "Katy",
        state: "NY",
        zipCode: "10001",
      },
    });
    expect((await owner.get(`/ace/customer_info/${draft.customerId}`)).body.result).toEqual(MARIA);

    // The owner confirming her details for the claim supersedes what was typed for it.
    expect((await owner.put(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`, MARIA)).status).toBe(
      200,
    );
    expect((await owner.get(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`)).body.result).toEqual(
      MARIA,
    );
  });

  it("sending the masked values back (or blanks) keeps everything as on file", async () => {
    const browser = server.newSession();
    const draft = await mariasDraft(browser);
    const before = await stored(draft.customerId);
    const { masked: _, ...shown } = await infoOf(browser, draft.customerId);
    for (const body of [shown, { ...shown, email: "", phone: "  ", address: "" }]) {
      const answer = await browser.put(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await stored(draft.customerId)).toEqual(before);
      expect(
        (await browser.get(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`)).body.result.unverified,
      ).toBeUndefined();
    }
  });

  it("a new email it types never finds the plan by personal search, nor becomes where the owner's mail goes", async () => {
    const stranger = server.newSession();
    const draft = await mariasDraft(stranger);
    const { masked: _, ...shown } = await infoOf(stranger, draft.customerId);
    expect(
      (
        await stranger.put(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`, {
          ...shown,
          email: "eve@example.net",
        })
      ).status,
    ).toBe(200);
    expect(
      await found({ search_type: "search_plan_1", name_first: "Maria", name_last: "Lopez", email: "eve@example.net" }),
    ).toEqual([]);
    expect(
      await found({
        search_type: "search_plan_1",
        name_first: "Maria",
        name_last: "Lopez",
        email: "maria.lopez@example.com",
      }),
    ).toEqual(["A-300-100200"]);
    expect((await stored(draft.customerId))!.email).toBe("maria.lopez@example.com");
    // Finish later goes to the address on file.
    expect((await stranger.get(`/finish_later?claimId=${draft.claimId}`)).body.sendTo).toBe("m•••@example.com");
  });

  it("an email it types gets the claim's confirmation without a status link; the one on file gets the link", async () => {
    const stranger = server.newSession();
    const draft = await mariasDraft(stranger);
    const { masked: _, ...shown } = await infoOf(stranger, draft.customerId);
    expect(
      (
        await stranger.put(`/ace/customer_info/${draft.customerId}?claimId=${draft.claimId}`, {
          ...shown,
          email: "eve@example.net",
        })
      ).status,
    ).toBe(200);
    const [last] = await server.db.query<{ id: number | null }>("SELECT max(id) AS id FROM mail_outbox");
    await server.db.transaction((tx) => enqueueClaimStepMail(tx, draft.claimId, "submitted"));
    const mails = await server.db.query<{ recipient: string; data: unknown }>(
      "SELECT recipient, data FROM mail_outbox WHERE id > $1 AND template = 'claimSubmitted' ORDER BY recipient",
      [last?.id ?? 0],
    );
    const dataOf = (data: unknown) => (typeof data === "string" ? JSON.parse(data) : data) as ClaimSubmittedData;
    expect(mails.map((mail) => mail.recipient)).toEqual(["eve@example.net", "maria.lopez@example.com"]);
    expect(dataOf(mails[0]!.data).withStatusLink).toBe(false);
    expect(dataOf(mails[1]!.data).withStatusLink).toBeUndefined();
    const links = { claimStatus: () => "https://claims.portal.test/claim-status?code=CL-1&expires=1&sig=s" };
    const typed = await renderMail({ language: "en", template: "claimSubmitted", data: dataOf(mails[0]!.data) }, links);
    expect(typed.html).not.toContain("claim-status");
    expect(typed.text).not.toContain("claim-status");
    const onFile = await renderMail(
      { language: "en", template: "claimSubmitted", data: dataOf(mails[1]!.data) },
      links,
    );
    expect(onFile.text).toContain("claim-status");
  });

  it("a claim on another customer's plan cannot be named", async () => {
    const browser = server.newSession();
    const draft = await mariasDraft(browser);
    const other = await demoPlan(browser, "W-E34-WS4566");
    const { masked: _, ...shown } = await infoOf(browser, draft.customerId);
    const answer = await browser.put(`/ace/customer_info/${other.customerId}?claimId=${draft.claimId}`, shown);
    expect(answer.status).toBe(404);
  });
});

describe("the owner's own search after a change through the portal", () => {
  const PAUL = { name_first: "Paul", name_last: "Iverson" };
  const PAULA = { name_first: "Paula", name_last: "Iverson-Park" };

  it("finds the plan by the details it was sold with and by the new ones: email, phone, names and ZIP", async () => {
    const owner = server.newSession();
    const plans = await found({ search_type: "search_plan_1", ...PAUL, email: "paul.iverson@example.com" });
    expect(plans).toContain("W-P55-IP0001");
    const plan = (
      await owner.post("/search_plan", { search_type: "search_plan_1", ...PAUL, email: "paul.iverson@example.com" })
    ).body.customers[0];
    const full = await infoOf(owner, plan.customerId);
    const changed = await owner.put(`/ace/customer_info/${plan.customerId}`, {
      ...full,
      firstName: "Paula",
      lastName: "Iverson-Park",
      email: "paula.park@example.com",
      phone: "4155550999",
      zipCode: "94110",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const searches = [
      { search_type: "search_plan_1", ...PAUL, email: "paul.iverson@example.com" },
      { search_type: "search_plan_1", ...PAULA, email: "paula.park@example.com" },
      { search_type: "search_plan_2", ...PAUL, phone_number: "(415) 555-0171" },
      { search_type: "search_plan_2", ...PAULA, phone_number: "415 555 0999" },
      { search_type: "search_plan_1", ...PAUL, email: "PAUL.IVERSON@example.com", zip_code: "94103" },
      { search_type: "search_plan_1", ...PAULA, email: "paula.park@example.com", zip_code: "94110" },
      { search_type: "search_plan_3", ...PAUL, invoice_number: plan.invoiceId },
    ];
    for (const search of searches) expect(await found(search), JSON.stringify(search)).toEqual(plans);

    // A second change keeps the sold details as they were: the first new email no longer finds the plan.
    const again = await owner.put(`/ace/customer_info/${plan.customerId}`, {
      ...full,
      firstName: "Paula",
      lastName: "Iverson-Park",
      email: "p.park@example.com",
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await found({ search_type: "search_plan_1", ...PAULA, email: "paula.park@example.com" })).toEqual([]);
    expect(await found({ search_type: "search_plan_1", ...PAULA, email: "p.park@example.com" })).toEqual(plans);
    expect(
      await found({ search_type: "search_plan_1", ...PAUL, email: "paul.iverson@example.com", zip_code: "94103" }),
    ).toEqual(plans);
    // Someone else's names with Paul's email still find nothing.
    expect(
      await found({
        search_type: "search_plan_1",
        name_first: "Maria",
        name_last: "Lopez",
        email: "paul.iverson@example.com",
      }),
    ).toEqual([]);
  });
});

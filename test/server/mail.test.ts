/**
 * The consumer's emails (docs/api.md "Emails"), received by a real SMTP server on loopback and read
 * as a mail client reads them: a submitted claim's claim number, summary and signed status link; a
 * staff move's new step with the same link, in the language the claim was filed in whatever email
 * came before; a contact-service request's Request Number; each in the language the consumer used,
 * with links built from PUBLIC_URL that open the status page's data in a browser that never
 * searched. Nothing is queued for a customer with no email on file.
 */
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enqueueMail } from "../../server/mail/outbox.ts";
import { API_KEY, CookieJar, makeApi, ticketBody, startTestServer, type TestServer } from "./helpers.ts";
import { atServer, fileClaim, startSmtpSink, type SmtpSink } from "./mail-helpers.ts";

const PUBLIC_URL = "https://claims.portal.test";
const STAFF_KEY = "mail-test-staff-key-0123456789";

let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({
    smtpUrl: sink.url,
    publicUrl: PUBLIC_URL,
    staffKey: STAFF_KEY,
    mailFrom: "Claims Portal <claims@portal.test>",
  });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

let before: number;
beforeEach(() => {
  before = sink.received.length;
});

/** The next message to arrive (since the test began). */
async function nextMail(): Promise<ParsedMail> {
  return (await sink.waitFor(before + 1))[before]!;
}

/** The status-page link of a message: its one link to PUBLIC_URL's claim-status page, in HTML and in text. */
function statusLinkOf(mail: ParsedMail): URL {
  const links = [...(mail.html || "").matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const status = [...new Set(links.filter((link) => link.includes("/claim-status")))];
  expect(status).toHaveLength(1);
  expect(mail.text).toContain(status[0]);
  return new URL(status[0]!);
}

/** Opens a status link's data as the status page does, in a browser that never searched. */
async function openInFreshBrowser(link: URL) {
  const api = makeApi(`${server.url}/api/v1`, API_KEY, new CookieJar());
  return api.get(`/claim_status${link.search}`);
}

describe("emails", () => {
  it("a submitted claim sends one email in English: claim number, summary and a signed status link from PUBLIC_URL", async () => {
    const { claimId } = await fileClaim(server, "W-E34-WS4566", "Sofa", "en-US,en;q=0.9");
    const mail = await nextMail();
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("jane.doe@example.com");
    expect(mail.from?.value).toEqual([{ name: "Claims Portal", address: "claims@portal.test" }]);
    expect(mail.subject).toBe(`We received your claim CL-${claimId}`);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@portal\.test>$/);
    expect(mail.html).toContain('lang="en"');
    expect(mail.text).toContain(`Your claim number is CL-${claimId}.`);
    expect(mail.text).toContain("Plan number: W-E34-WS4566");
    expect(mail.text).toContain("Items claimed: Sofa");
    expect(mail.text).toContain("1 document sent");
    expect(mail.text).toContain("3 to 5 business days");

    const link = statusLinkOf(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe("/claim-status");
    expect(link.searchParams.get("code")).toBe(`CL-${claimId}`);
    expect(link.searchParams.get("expires")).toMatch(/^\d+$/);
    expect(link.searchParams.get("sig")).toBeTruthy();
    const opened = await openInFreshBrowser(link);
    expect(opened.status).toBe(200);
    expect(opened.body.result).toMatchObject({ claimNumber: `CL-${claimId}`, current: "submitted" });
    // One message for the submit, marked sent: the worker marks it once the mail server has taken
    // it, which on a busy machine may be a moment after the message arrived.
    await expect
      .poll(() =>
        server.db.query("SELECT template, sent_at IS NOT NULL AS sent FROM mail_outbox WHERE claim_id = $1", [claimId]),
      )
      .toEqual([{ template: "claimSubmitted", sent: true }]);
  });

  it("a claim submitted in Spanish gets its email in Spanish, and a staff move later in Spanish too", async () => {
    // An English email about the draft came first (a link to finish later, asked for in English).
    const finishLater = (claimId: number) =>
      server.db.transaction((tx) =>
        enqueueMail(tx, {
          to: "carlos.rivera@example.com",
          language: "en",
          template: "finishLater",
          claimId,
          data: {
            link: `${PUBLIC_URL}/find-claim/1`,
            claimNumber: `CL-${claimId}`,
            step: 3,
            expiresAt: new Date().toISOString(),
          },
        }),
      );
    const { claimId } = await fileClaim(server, "W-K77-AB1020", "Chair", "es-MX,es;q=0.9,en;q=0.5", finishLater);
    await sink.waitFor(before + 2);
    const mail = sink.received.slice(before).find((m) => m.subject !== "Finish your claim")!;
    expect(mail.subject).toBe(`Recibimos su reclamo CL-${claimId}`);
    expect(mail.html).toContain('lang="es"');
    expect(mail.text).toContain(`Su número de reclamo es CL-${claimId}.`);
    expect(mail.text).toContain("Artículos reclamados: Silla");
    expect(mail.text).toContain("1 documento enviado");
    const submittedLink = statusLinkOf(mail);
    expect(submittedLink.origin).toBe(PUBLIC_URL);

    // Staff write in English; the consumer filed in Spanish.
    before = sink.received.length;
    const moved = await fetch(`${server.url}/api/v1/staff/claim_status`, {
      method: "POST",
      headers: { "x-staff-key": STAFF_KEY, "content-type": "application/json", "accept-language": "en" },
      body: JSON.stringify({ code: `CL-${claimId}`, step: "in_review" }),
    });
    expect(moved.status).toBe(200);
    const changed = await nextMail();
    expect(changed.subject).toBe(`Su reclamo CL-${claimId} está ahora: En revisión`);
    expect(changed.text).toContain("Siguiente: Decisión tomada, normalmente en 5 días hábiles.");
    const link = statusLinkOf(changed);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get("code")).toBe(`CL-${claimId}`);
    const opened = await openInFreshBrowser(link);
    expect(opened.status).toBe(200);
    expect(opened.body.result.current).toBe("in_review");
  });

  it("a contact-service request sends its Request Number and what happens next, in the request's language", async () => {
    for (const [language, requestId] of [
      ["es", "5d1c7a2e-3b4f-4a6d-8e9f-0a1b2c3d4e5f"],
      ["en", "6e2d8b3f-4c5a-4b7e-9f0a-1b2c3d4e5f60"],
    ] as const) {
      before = sink.received.length;
      const signed = (
        await server.api.get(
          `/contact_service/file-upload-url?requestId=${requestId}&fileType=application/pdf&fileName=invoice.pdf`,
        )
      ).body;
      expect(
        (
          await fetch(atServer(server, signed.url), {
            method: "PUT",
            headers: { "content-type": "application/pdf" },
            body: Buffer.from("%PDF-1.4\n%%EOF\n"),
          })
        ).status,
      ).toBe(200);
      const invoice = (await server.api.post("/contact_service/documents", { requestId, docName: signed.fileName }))
        .body.result[0];
      const answer = await server.fetch(`${server.url}/api/v1/contact_service_ticket`, {
        method: "POST",
        headers: { "x-api-key": API_KEY, "content-type": "application/json", "accept-language": language },
        body: JSON.stringify(ticketBody(requestId, [invoice.id])),
      });
      const { ticket } = await answer.json();
      const mail = await nextMail();
      expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("jane.doe@example.com");
      if (language === "es") {
        expect(mail.subject).toBe(`Recibimos su solicitud ${ticket}`);
        expect(mail.text).toContain("Número de solicitud");
        expect(mail.text).toContain("Nos pondremos en contacto pronto");
      } else {
        expect(mail.subject).toBe(`Your request ${ticket} was received`);
        expect(mail.text).toContain("Thank you for submitting your request".toUpperCase());
        expect(mail.text).toContain("Request Number");
        expect(mail.text).toContain("We'll reach out soon");
      }
      expect(mail.text).toContain(ticket);
    }
  });

  it("queues nothing for a customer with no email on file, and the submit still succeeds", async () => {
    await server.db.query(
      "UPDATE customers SET email = NULL WHERE id = (SELECT customer_id FROM plans WHERE number = 'W-K77-AB1021')",
    );
    const { claimId } = await fileClaim(server, "W-K77-AB1021", "Dresser", "en");
    expect(await server.db.query("SELECT id FROM mail_outbox WHERE claim_id = $1", [claimId])).toEqual([]);
  });
});

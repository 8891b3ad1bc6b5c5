/**
 * Reference claims API, contact-service requests: upload URL, signed PUT, linking and deleting a
 * document while the request is written, the ticket (stored once, with every field and its
 * documents, under a Request Number no other request has), its email capped per inbox however the
 * address is spelt, public storage, and refusals (SPEC.md sections 2, 3, 5; docs/api.md).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactTicketResponseSchema,
  linkDocumentResponseSchema,
  uploadUrlResponseSchema,
} from "../../contract/schemas.ts";
import { mailboxOf } from "../../contract/mailbox.ts";
import { CONTACT_MAILS_PER_RECIPIENT_HOUR } from "../../server/domain/contact-documents.ts";
import { expectRefused, expectShape, startTestServer, ticketBody, type TestServer } from "./helpers.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const REQUEST = "0d7b2c9e-1f4a-4b8c-9d2e-3f4a5b6c7d8e";

let server: TestServer;
let pdf: Buffer;
let photo: Buffer;

beforeAll(async () => {
  [pdf, photo] = (await Promise.all(
    ["shared-mime-info-spec.pdf", "iphone_hdr_YES.jpg"].map((name) => readFile(join(FIXTURES, name))),
  )) as [Buffer, Buffer];
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function put(url: string, bytes: Buffer, contentType: string) {
  const response = await fetch(new URL(url, server.url), {
    method: "PUT",
    headers: { "content-type": contentType },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** Uploads and links a file to a request; answers the linked document. */
async function attach(requestId: string, bytes: Buffer, fileName: string, fileType: string) {
  const query = new URLSearchParams({ requestId, fileType, fileName });
  const signed = expectShape(
    uploadUrlResponseSchema,
    (await server.api.get(`/contact_service/file-upload-url?${query}`)).body,
  );
  expect(new URL(signed.url, server.url).pathname).toBe(
    `/api/v1/uploads/contact_service/${requestId}/${signed.fileName}`,
  );
  expect((await put(signed.url, bytes, fileType)).status).toBe(200);
  const linked = await server.api.post("/contact_service/documents", { requestId, docName: signed.fileName });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return expectShape(linkDocumentResponseSchema, linked.body).result[0]!;
}

describe("contact-service requests", () => {
  it(`emails one inbox its Request Number at most ${CONTACT_MAILS_PER_RECIPIENT_HOUR} times an hour, however many requests name it; each is still filed`, async () => {
    const mailsTo = async (email: string) =>
      (
        await server.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM mail_outbox WHERE template = 'contactRequest' AND lower(recipient) = $1",
          [email],
        )
      )[0]!.n;
    const victim = "inbox.owner@example.org";
    const filed: string[] = [];
    for (let i = 0; i <= CONTACT_MAILS_PER_RECIPIENT_HOUR; i++) {
      const requestId = `5e1f0a2b-3c4d-4e5f-8a6b-${String(i).padStart(12, "0")}`;
      const invoice = await attach(requestId, pdf, "invoice.pdf", "application/pdf");
      const body = ticketBody(requestId, [invoice.id]);
      const answer = await server.api.post("/contact_service_ticket", {
        ...body,
        customerDetails: { ...body.customerDetails, email: i % 2 ? victim.toUpperCase() : victim },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      filed.push(expectShape(contactTicketResponseSchema, answer.body).ticket);
    }
    expect(new Set(filed).size).toBe(CONTACT_MAILS_PER_RECIPIENT_HOUR + 1);
    expect(await mailsTo(victim)).toBe(CONTACT_MAILS_PER_RECIPIENT_HOUR);
  });

  it("counts one inbox however its address is spelt: case and a +tag make no other inbox", async () => {
    const spellings = [
      "folded.owner@example.org",
      "Folded.Owner+1@example.org",
      "folded.owner+2@EXAMPLE.ORG",
      "FOLDED.OWNER@example.org",
      "folded.owner+news@example.org",
      "folded.owner+x@example.org",
    ];
    for (const [i, email] of spellings.entries()) {
      const requestId = `6a2b3c4d-5e6f-4a7b-8c9d-${String(i).padStart(12, "0")}`;
      const invoice = await attach(requestId, pdf, "invoice.pdf", "application/pdf");
      const body = ticketBody(requestId, [invoice.id]);
      const answer = await server.api.post("/contact_service_ticket", {
        ...body,
        customerDetails: { ...body.customerDetails, email },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const recipients = await server.db.query<{ recipient: string }>(
      "SELECT recipient FROM mail_outbox WHERE template = 'contactRequest'",
    );
    expect(recipients.filter(({ recipient }) => mailboxOf(recipient) === "folded.owner@example.org")).toHaveLength(
      CONTACT_MAILS_PER_RECIPIENT_HOUR,
    );
  });

  it("Request Numbers stay unique past the millionth request: the number keeps every digit of its id", async () => {
    const [sequence] = await server.db.query<{ last: number }>(
      "SELECT last_value::int AS last FROM contact_tickets_id_seq",
    );
    // The next two requests get ids 1000000 and 1000001, which the old 6-character number cut to one number.
    await server.db.query("SELECT setval('contact_tickets_id_seq', 999999)");
    try {
      const tickets = [];
      for (const i of [0, 1]) {
        const requestId = `8b7c6d5e-4f3a-4b2c-9d1e-${String(i).padStart(12, "0")}`;
        const invoice = await attach(requestId, pdf, "invoice.pdf", "application/pdf");
        const answer = await server.api.post("/contact_service_ticket", ticketBody(requestId, [invoice.id]));
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        tickets.push(expectShape(contactTicketResponseSchema, answer.body).ticket);
      }
      expect(tickets).toEqual(["CS-1000000", "CS-1000001"]);
    } finally {
      // Small ids again for the tests below (ids past the old last value are unused but for these two).
      await server.db.query("SELECT setval('contact_tickets_id_seq', $1)", [sequence!.last]);
    }
  });

  it("stores a request with every field and its documents once, and serves the documents byte for byte", async () => {
    const invoice = await attach(REQUEST, pdf, "invoice.pdf", "application/pdf");
    const answer = await server.api.post("/contact_service_ticket", ticketBody(REQUEST, [invoice.id]));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { ticket } = expectShape(contactTicketResponseSchema, answer.body);
    expect(ticket).toMatch(/^CS-\d{6}$/);

    const [row] = await server.db.query<Record<string, unknown>>(
      `SELECT ticket_number, name, email, phone, address, city, state, zip_code, invoice, to_char(date_of_purchase, 'YYYY-MM-DD') AS date_of_purchase,
              store_name, store_phone, store_address, store_city, store_state, store_zip, items_exchanged
       FROM contact_tickets WHERE request_id = $1`,
      [REQUEST],
    );
    const { customerDetails: customer, purchaseDetails: purchase } = ticketBody(REQUEST, []);
    expect(row).toEqual({
      ticket_number: ticket,
      ...customer,
      ...Object.fromEntries(Object.entries(purchase).filter(([key]) => key !== "were_any_items_exchanged")),
      items_exchanged: false,
    });
    const documents = await server.db.query(
      "SELECT d.file_name FROM contact_documents d JOIN contact_tickets t ON t.id = d.ticket_id WHERE t.request_id = $1",
      [REQUEST],
    );
    expect(documents).toEqual([{ file_name: invoice.name }]);
    const stored = await fetch(`${server.url}/storage/contact_service/${REQUEST}/${invoice.name}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await stored.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("a request already sent takes no second ticket, no new file and no deletion", async () => {
    const [{ id }] = (await server.db.query<{ id: number }>("SELECT id FROM contact_documents WHERE request_id = $1", [
      REQUEST,
    ])) as [{ id: number }];
    await expectRefused(server.db, () => server.api.post("/contact_service_ticket", ticketBody(REQUEST, [id])), 409);
    await expectRefused(
      server.db,
      () => server.api.get(`/contact_service/file-upload-url?requestId=${REQUEST}&fileType=image/jpeg&fileName=a.jpg`),
      409,
    );
    await expectRefused(server.db, () => server.api.del(`/contact_service/documents/${id}?requestId=${REQUEST}`), 409);
  });

  it("deletes a document of an unsent request, and only of that request", async () => {
    const requestId = "7a1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
    const photoDoc = await attach(requestId, photo, "receipt.jpg", "image/jpeg");
    await expectRefused(
      server.db,
      () => server.api.del(`/contact_service/documents/${photoDoc.id}?requestId=${REQUEST}`),
      404,
    );
    expect((await server.api.del(`/contact_service/documents/${photoDoc.id}?requestId=${requestId}`)).status).toBe(200);
    expect((await fetch(`${server.url}/storage/contact_service/${requestId}/${photoDoc.name}`)).status).toBe(404);
    // With its only document gone, the request cannot be sent.
    await expectRefused(
      server.db,
      () => server.api.post("/contact_service_ticket", ticketBody(requestId, [photoDoc.id])),
      400,
      ["documents"],
    );
  });

  it("refuses bad fields with their names and writes nothing", async () => {
    const requestId = "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f";
    const bad = ticketBody(requestId, []);
    bad.customerDetails.phone = "123";
    bad.customerDetails.state = "New York";
    bad.purchaseDetails.date_of_purchase = "2024-02-30";
    const body = await expectRefused(server.db, () => server.api.post("/contact_service_ticket", bad), 400);
    expect(Object.keys(body.errors).sort()).toEqual([
      "customerDetails.phone",
      "customerDetails.state",
      "documents",
      "purchaseDetails.date_of_purchase",
    ]);
  });

  it("a signed URL for one request cannot store a file under another, nor a claim's URL under a request", async () => {
    const requestId = "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f";
    const signed = expectShape(
      uploadUrlResponseSchema,
      (
        await server.api.get(
          `/contact_service/file-upload-url?requestId=${requestId}&fileType=application/pdf&fileName=a.pdf`,
        )
      ).body,
    );
    const moved = signed.url.replace(requestId, "0a0b0c0d-1a1b-4c1d-8e1f-2a2b2c2d2e2f");
    expect((await put(moved, pdf, "application/pdf")).body).toMatchObject({ code: "BAD_SIGNATURE" });
    expect((await put(signed.url, photo, "application/pdf")).body).toMatchObject({ code: "TYPE_MISMATCH" });
  });
});

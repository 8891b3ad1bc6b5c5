/**
 * Without SMTP_URL (the demo, `npm start`), each email is written to DATA_DIR/outbox as an `.eml`
 * file a mail client opens, named so the names sort by time, and the server prints where.
 */
import { log } from "../../server/log.ts";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, describe, expect, it, vi } from "vitest";
import { API_KEY, ticketBody, startTestServer, type TestServer } from "./helpers.ts";
import { atServer } from "./mail-helpers.ts";

let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop();
  vi.restoreAllMocks();
});

describe("the outbox folder", () => {
  it("writes a readable .eml file per message to DATA_DIR/outbox and prints its path", async () => {
    const printed = vi.spyOn(log, "info");
    server = await startTestServer({ smtpUrl: undefined, publicUrl: "https://claims.portal.test" });
    const requestId = "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b";
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
    const invoice = (await server.api.post("/contact_service/documents", { requestId, docName: signed.fileName })).body
      .result[0];
    const answer = await server.fetch(`${server.url}/api/v1/contact_service_ticket`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json", "accept-language": "es" },
      body: JSON.stringify(ticketBody(requestId, [invoice.id])),
    });
    const { ticket } = await answer.json();

    const folder = join(server.dataDir, "outbox");
    const files = await vi.waitFor(
      async () => {
        const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith(".eml"));
        expect(names).toHaveLength(1);
        return names;
      },
      { timeout: 60_000, interval: 25 },
    );
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d+\.eml$/);
    const mail = await simpleParser(await readFile(join(folder, files[0]!)));
    expect(mail.subject).toBe(`Recibimos su solicitud ${ticket}`);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("jane.doe@example.com");
    expect(mail.html).toContain(ticket);
    expect(mail.text).toContain("Nos pondremos en contacto pronto");
    expect(printed).toHaveBeenCalledWith(
      { mailId: expect.any(Number), path: join(folder, files[0]!) },
      "email written to the outbox folder",
    );
  });
});

/**
 * The SMTP transport sends a message to the one recipient stored, whatever the value holds: a
 * stored recipient with a comma never becomes two (nodemailer would read a string as a list).
 */
import { afterEach, expect, it } from "vitest";
import { mailTransport } from "../../server/mail/transport.ts";
import { startSmtpSink, type SmtpSink } from "./mail-helpers.ts";

let sink: SmtpSink | undefined;
afterEach(async () => {
  await sink?.close();
});

it("a recipient holding a comma reaches no second inbox", async () => {
  sink = await startSmtpSink();
  const transport = mailTransport({
    smtpUrl: sink.url,
    mailFrom: "Claims Portal <claims@localhost>",
    dataDir: "/nonexistent",
  });
  const mail = {
    id: 1,
    queuedAt: new Date(),
    messageId: "<k@localhost>",
    subject: "Hello",
    html: "<p>Hello</p>",
    text: "Hello",
  };
  try {
    // Refused or sent as one odd address: either way b@example.com is never a recipient.
    await transport.send({ ...mail, to: "a@example.com, b@example.com" }).catch(() => undefined);
    await transport.send({ ...mail, to: "c@example.com" });
  } finally {
    transport.close();
  }
  const recipients = sink.envelopes.flat();
  expect(recipients).toContain("c@example.com");
  expect(recipients).not.toContain("b@example.com");
  expect(recipients).not.toContain("a@example.com");
});

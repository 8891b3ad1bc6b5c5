/**
 * How emails leave (nodemailer): through the SMTP server of SMTP_URL, or without it into
 * DATA_DIR/outbox as one `.eml` file per message (nodemailer's stream transport), for the demo and
 * development (README, "Emails"). Those files are 0600 in a 0700 folder: their finish-later and
 * status links open a customer's claim for whoever reads them.
 */
import { log } from "../log.ts";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import { PRIVATE_FILE_MODE, makePrivateFolder } from "../db/data-lock.ts";
import { outboxFileName, outboxFolder } from "./outbox-folder.ts";

/** A rendered message ready to leave. */
interface OutgoingMail {
  /** Its queue id and queue time: the outbox file is named by them, so a resend overwrites, never doubles. */
  id: number;
  queuedAt: Date;
  /** The Message-ID header, the same on every attempt (a resend after a crash is recognisable). */
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** A way out for emails. */
export interface MailTransport {
  /**
   * Sends one message.
   * @returns where it went (the SMTP server's answer or the file written)
   * @throws when the SMTP server refuses or cannot be reached, or the file cannot be written
   */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/**
 * Timeouts of one SMTP exchange, well under the worker's lease (mail-worker.ts): a send that hangs
 * fails before another worker may take its message.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 40_000 };

/**
 * The transport the settings name.
 * @param settings smtpUrl (absent: the outbox folder), mailFrom the sender, dataDir the outbox's data folder
 */
export function mailTransport(settings: {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
}): MailTransport {
  const { smtpUrl, mailFrom } = settings;
  // The recipient as an address object, never a string nodemailer would parse as a list: a stored
  // value with a comma (seeded or legacy, not through the API's email check) stays one recipient.
  const options = (mail: OutgoingMail) => ({
    from: mailFrom,
    to: { name: "", address: mail.to },
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
  });
  if (smtpUrl) {
    const smtp = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      send: async (mail) => (await smtp.sendMail(options(mail))).response,
      close: () => smtp.close(),
    };
  }
  const stream = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const folder = outboxFolder(settings.dataDir);
  return {
    async send(mail) {
      const { message } = await stream.sendMail(options(mail));
      await makePrivateFolder(folder);
      const path = join(folder, outboxFileName(mail.queuedAt, mail.id));
      // Written whole, then renamed: the dev listing never shows half a message.
      await writeFile(`${path}.part`, message, { mode: PRIVATE_FILE_MODE });
      await rename(`${path}.part`, path);
      // The file holds the recipient; the log line never does.
      log.info({ mailId: mail.id, path }, "email written to the outbox folder");
      return path;
    },
    close: () => stream.close(),
  };
}

/**
 * Shared pieces of the email tests: a real SMTP server on a free loopback port (smtp-server, no
 * TLS, no login) whose received messages are parsed with mailparser, one that can refuse every
 * connection for a while (an SMTP server that is down); and a complete claim filed through the API
 * as the wizard files it, submitted in a language.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect } from "vitest";
import { API_KEY, draftWithItem, lookupId, png, type TestServer } from "./helpers.ts";

/** An SMTP server of a test. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message received, parsed, in order. */
  received: ParsedMail[];
  /** The envelope recipients (RCPT TO) of each message received, in order. */
  envelopes: string[][];
  /** While true, every connection is refused, as by a server that is down. */
  down: boolean;
  /** While true, every recipient is refused for good (550, no such mailbox), as for a bad address. */
  noMailbox: boolean;
  /** Connections refused so far. */
  refused: number;
  /** While set, each message is received (and counted) but accepted only once this resolves: a slow server. */
  hold: Promise<void> | null;
  /** Resolves with the messages once at least `count` have arrived. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts an SMTP server on a free loopback port. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const waiters: { count: number; resolve: (mails: ParsedMail[]) => void }[] = [];
  const sink: SmtpSink = {
    url: "",
    received: [],
    envelopes: [],
    down: false,
    noMailbox: false,
    refused: 0,
    hold: null,
    waitFor: (count) =>
      new Promise((resolve) => {
        if (sink.received.length >= count) resolve(sink.received);
        else waiters.push({ count, resolve });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      if (!sink.down) return callback();
      sink.refused += 1;
      callback(new Error("Service not available"));
    },
    onRcptTo(address, _session, callback) {
      if (!sink.noMailbox) return callback();
      callback(Object.assign(new Error(`No such mailbox: ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      sink.envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
      simpleParser(stream).then(async (mail) => {
        sink.received.push(mail);
        for (const waiter of waiters.filter((w) => sink.received.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(sink.received);
        }
        await sink.hold;
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}

/**
 * Files a complete FPP claim on a demo plan through the API (a claim item of `itemType`, a damage,
 * a photo), then (after `beforeSubmit`, given the claim id) submits it with an Accept-Language, as
 * the portal in that language does.
 * @param server the server, its client's session reaching the plan once searched here
 * @returns the claim id and the plan as demoPlan reads it
 */
export async function fileClaim(
  server: Pick<TestServer, "api" | "url" | "fetch">,
  number: string,
  itemType: string,
  language: string,
  beforeSubmit: (claimId: number) => Promise<unknown> = async () => undefined,
) {
  const { api } = server;
  const { claimId, claimItemId, plan } = await draftWithItem(api, number, itemType);
  const area = (await api.get(`/claim/${claimId}`)).body.damageAreasDisp[0].id;
  const damage = await api.post("/insert_claim_item_damage", {
    claimId,
    customerId: plan.customerId,
    damage_item: [
      {
        selectedItemId: plan.itemId(itemType),
        damageType: await lookupId(api, "/damage_type_lookup_values", "Stain"),
        specificLocation: area,
        damageDate: "2025-08-30",
        howDidOccur: await lookupId(api, "/how_did_it_occur_lookup_values", "Accidental spill"),
        actionTaken: await lookupId(api, "/actions_taken_lookup_values", "Cleaned with water"),
        notes: "Ink pen leaked on the seat.",
      },
    ],
  });
  expect(damage.status, JSON.stringify(damage.body)).toBe(200);
  const signed = (await api.get(`/file-upload-url?claimId=${claimId}&fileType=image/png&fileName=stain.png`)).body;
  expect(
    (
      await fetch(atServer(server, signed.url), {
        method: "PUT",
        headers: { "content-type": "image/png" },
        body: png(64),
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await api.post("/insert_linked_and_embedded_files", {
        claimId,
        claimItemsId: claimItemId,
        docName: signed.fileName,
      })
    ).status,
  ).toBe(200);
  await beforeSubmit(claimId);
  const submitted = await server.fetch(`${server.url}/api/v1/submit_claim/${claimId}/${plan.customerId}`, {
    method: "PUT",
    headers: { "x-api-key": API_KEY, "accept-language": language },
  });
  expect(await submitted.json()).toEqual({ message: "Succeed" });
  return { claimId, plan };
}

/** A URL the server handed out (root-relative, or built from PUBLIC_URL, which no test resolves) at the test server's own address. */
export function atServer(server: Pick<TestServer, "url">, url: string): string {
  const handed = new URL(url, server.url);
  return `${server.url}${handed.pathname}${handed.search}`;
}

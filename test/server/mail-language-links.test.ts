/**
 * An emailed link opens the portal in the email's language, whatever the reader's browser speaks:
 * the links carry `lng=` beside their signature (which leaves it out, so they still open), and the
 * page they open keeps it in the language cookie, past a link's redirect into the wizard too.
 */
import type { ParsedMail } from "mailparser";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LANGUAGE_COOKIE, languageCookie } from "../../contract/locales.ts";
import {
  API_KEY,
  CookieJar,
  draftWithItem,
  makeApi,
  sessionFetch,
  startTestServer,
  type TestServer,
} from "./helpers.ts";
import { fileClaim, startSmtpSink, type SmtpSink } from "./mail-helpers.ts";

/** The app's page of a built portal, naming no language until the server fills it in. */
const APP_PAGE =
  '<!doctype html>\n<html lang="">\n  <head><title>ProtectPlan Claims</title></head>\n  <body><div id="root"></div></body>\n</html>\n';
/** A browser whose only language is English. */
const ENGLISH = { "accept-language": "en-US,en;q=0.9" };

let portal: string;
let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  portal = await mkdtemp(join(tmpdir(), "claims-portal-mail-language-"));
  await writeFile(join(portal, "index.html"), APP_PAGE);
  sink = await startSmtpSink();
  server = await startTestServer({ smtpUrl: sink.url, publicUrl: "https://claims.portal.test", staticDir: portal });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await rm(portal, { recursive: true, force: true });
});

/** The one link of a message to `path`, as its HTML has it (and its text too). */
function linkTo(mail: ParsedMail, path: string): URL {
  const links = [...(mail.html || "").matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const found = [...new Set(links.filter((link) => new URL(link).pathname.startsWith(path)))];
  expect(found).toHaveLength(1);
  expect(mail.text).toContain(found[0]);
  return new URL(found[0]!);
}

/** The next message to arrive after `count` messages. */
const nextMail = async (count: number) => (await sink.waitFor(count + 1))[count]!;

/** `<html lang>` of a page. */
const langOf = async (response: Response) => /<html lang="([^"]*)"/.exec(await response.text())?.[1];

it("a Spanish email's status link opens the status page in Spanish in an English browser, and keeps Spanish", async () => {
  const before = sink.received.length;
  const { claimId } = await fileClaim(server, "W-K77-AB1020", "Chair", "es-MX,es;q=0.9,en;q=0.5");
  const mail = await nextMail(before);
  expect(mail.subject).toBe(`Recibimos su reclamo CL-${claimId}`);
  const link = linkTo(mail, "/claim-status");
  expect(link.searchParams.get("lng")).toBe("es");

  const page = await fetch(`${server.url}${link.pathname}${link.search}`, { headers: ENGLISH });
  expect(page.status).toBe(200);
  expect(page.headers.getSetCookie()).toEqual([languageCookie("es")]);
  expect(await langOf(page)).toBe("es");
  // Its signature still holds with the language beside it: the page's call reads the status.
  const status = await makeApi(`${server.url}/api/v1`, API_KEY, new CookieJar()).get(`/claim_status${link.search}`);
  expect(status.status, JSON.stringify(status.body)).toBe(200);
  expect(status.body.result).toMatchObject({ claimNumber: `CL-${claimId}` });
});

it("a Spanish finish-later link grants the draft and lands on the wizard in Spanish in an English browser", async () => {
  const asking = server.newSession();
  const { claimId } = await draftWithItem(asking, "W-E34-WS4566", "Sofa");
  const before = sink.received.length;
  const asked = await sessionFetch(asking.jar, `${server.url}/api/v1/finish_later`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "content-type": "application/json", "accept-language": "es" },
    body: JSON.stringify({ claimId, step: 3 }),
  });
  expect(asked.status, await asked.clone().text()).toBe(200);
  const link = linkTo(await nextMail(before), "/find-claim/");
  expect(link.searchParams.get("lng")).toBe("es");

  const laptop = new CookieJar();
  const opened = await sessionFetch(laptop, `${server.url}${link.pathname}${link.search}`, {
    redirect: "manual",
    headers: ENGLISH,
  });
  expect(opened.status).toBe(303);
  // The wizard's address names the link's language, which its page keeps in the cookie.
  expect(new URL(opened.headers.get("location")!, server.url).searchParams.get("lng")).toBe("es");
  const wizard = await sessionFetch(laptop, `${server.url}${opened.headers.get("location")}`, { headers: ENGLISH });
  expect(laptop.header()).toContain(`${LANGUAGE_COOKIE}=es`);
  expect(await langOf(wizard)).toBe("es");
});

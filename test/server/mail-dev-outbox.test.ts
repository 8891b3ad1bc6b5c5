/**
 * `npm run dev` lists the emails the API wrote to DATA_DIR/outbox at /dev/outbox, newest first,
 * each opening as its HTML in a sandbox (no script, not the dev app's origin); nothing outside the folder can be opened through it.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outboxInDev } from "../../scripts/dev-outbox.ts";
import { startDevServer } from "./dev-server.ts";

let root: string;
let vite: ViteDevServer;
let base: string;

/** An .eml file as the server's outbox transport writes it. */
async function eml(subject: string, html: string): Promise<Buffer> {
  const { message } = await createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail({
    from: "Claims Portal <claims@localhost>",
    to: "jane.doe@example.com",
    subject,
    html,
    text: subject,
  });
  return message as Buffer;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "claims-dev-outbox-"));
  await mkdir(join(root, "outbox"));
  await writeFile(
    join(root, "outbox", "20261126T100000000Z-1.eml"),
    await eml("We received your claim CL-1", "<p>First <b>claim</b></p>"),
  );
  await writeFile(
    join(root, "outbox", "20261126T110000000Z-2.eml"),
    await eml("Your request CS-000002 was received", "<p>Second</p>"),
  );
  await writeFile(join(root, "secret.eml"), await eml("Not in the outbox", "<p>secret</p>"));
  ({ vite, base } = await startDevServer(root, outboxInDev(root)));
});
afterAll(async () => {
  await vite?.close();
  await rm(root, { recursive: true, force: true });
});

it("lists the outbox newest first, and each message opens as its HTML", async () => {
  const page = await (await fetch(`${base}/dev/outbox`)).text();
  const second = page.indexOf("Your request CS-000002 was received");
  const first = page.indexOf("We received your claim CL-1");
  expect(second).toBeGreaterThan(-1);
  expect(first).toBeGreaterThan(second);
  const href = /href="(\/dev\/outbox\/[^"]+)"/.exec(page)![1]!;
  expect(href).toBe("/dev/outbox/20261126T110000000Z-2.eml");
  const opened = await fetch(`${base}/dev/outbox/20261126T100000000Z-1.eml`);
  expect(opened.headers.get("content-type")).toContain("text/html");
  // Sandboxed: the message's HTML runs no script and is not of the dev app's origin.
  expect(opened.headers.get("content-security-policy")).toBe("sandbox");
  expect(await opened.text()).toContain("<p>First <b>claim</b></p>");
});

it("opens no file outside the outbox", async () => {
  for (const path of ["/dev/outbox/..%2Fsecret.eml", "/dev/outbox/%2E%2E%2Fsecret.eml", "/dev/outbox/nope.eml"]) {
    const answer = await fetch(`${base}${path}`);
    expect(await answer.text()).not.toContain("secret");
  }
});

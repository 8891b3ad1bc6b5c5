/**
 * Vite dev server plugin (`npm run dev`): the emails of the reference API started beside it
 * (`npm run server`, no SMTP_URL) at /dev/outbox, newest first, each opening as its HTML. They are
 * the `.eml` files the server writes to DATA_DIR/outbox (server/mail/transport.ts); the plugin reads
 * the same DATA_DIR setting. A developer's page, in English: the emails themselves are in the
 * consumer's language.
 */
import { readdir, readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import type { Plugin } from "vite";
import { loadConfig } from "../server/config.ts";
import { outboxFolder } from "../server/mail/outbox-folder.ts";

/** The listing's address; a message is at `/dev/outbox/<file>.eml`. */
const DEV_OUTBOX_PATH = "/dev/outbox";

/** Files listed at most (the newest). */
const LISTED = 200;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(html);
}

/** The listing page: time, recipient and subject of each message, newest first. */
async function listing(folder: string): Promise<string> {
  const { simpleParser } = await import("mailparser");
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse()
    .slice(0, LISTED);
  const rows = await Promise.all(
    names.map(async (name) => {
      const mail = await simpleParser(await readFile(join(folder, name)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
      return `<li><a href="${DEV_OUTBOX_PATH}/${encodeURIComponent(name)}">${escape(mail.subject ?? name)}</a> · ${escape(to)} · <time>${escape(mail.date?.toISOString() ?? "")}</time></li>`;
    }),
  );
  const body = rows.length
    ? `<ol>${rows.join("")}</ol>`
    : `<p>No emails yet. The server writes them to ${escape(folder)} when SMTP_URL is unset.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><h1>Outbox</h1><p>${escape(folder)}</p>${body}</body></html>`;
}

/**
 * The Vite plugin; it only runs in the dev server.
 * @param dataDir the API's data folder; by default its DATA_DIR setting (server/config.ts)
 */
export function outboxInDev(dataDir?: string): Plugin {
  return {
    name: "dev-outbox",
    apply: "serve",
    configureServer(server) {
      // DATA_DIR alone: the dev server's environment holds Vite's settings, not the API's.
      const folder = outboxFolder(dataDir ?? loadConfig({ DATA_DIR: process.env.DATA_DIR }).dataDir);
      server.middlewares.use(DEV_OUTBOX_PATH, async (req, res, next) => {
        if (req.method !== "GET") return next();
        try {
          const name = decodeURIComponent((req.url ?? "/").split("?")[0]!.slice(1));
          if (name === "") return send(res, 200, await listing(folder));
          // Only a file of the folder itself: no path, only the names the server writes.
          if (!/^[\w.-]+\.eml$/.test(name)) return send(res, 404, "Not found");
          const bytes = await readFile(join(folder, name)).catch(() => null);
          if (!bytes) return send(res, 404, "Not found");
          const { simpleParser } = await import("mailparser");
          const mail = await simpleParser(bytes);
          // A message is whatever HTML lies in the folder: sandboxed, it runs no script and is not of
          // the dev app's origin (its inline styles and images still show).
          send(res, 200, mail.html || `<pre>${escape(mail.text ?? "")}</pre>`, {
            "Content-Security-Policy": "sandbox",
          });
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

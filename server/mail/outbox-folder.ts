/**
 * Where emails go without SMTP_URL: one `.eml` file per message in DATA_DIR/outbox, named
 * `<queued time>-<id>.eml` so the names sort by time (server/mail/transport.ts writes them, the dev
 * server lists them at /dev/outbox: scripts/dev-outbox.ts).
 */
import { join } from "node:path";

/** The outbox folder of a data folder. */
export function outboxFolder(dataDir: string): string {
  return join(dataDir, "outbox");
}

/** A message's file name: its queue time (UTC, sortable: 20261126T154530123Z) and queue id. */
export function outboxFileName(queuedAt: Date, id: number): string {
  return `${queuedAt.toISOString().replace(/[-:.]/g, "")}-${id}.eml`;
}

/**
 * Contact-service requests never sent (SPEC.md section 3 "Contact service data"): a request has no
 * row until its ticket, only the documents linked to it and their files, so one abandoned (or
 * opened by a script) would keep them forever. A day after its last change, the upload sweep
 * (server/storage/upload-sweep.ts) removes it: its documents, its upload URLs' records and its folder. The
 * portal keeps its draft of a request for a day after each change (src/lib/contact-draft.ts), so
 * a request is never removed under a person still writing it. Of a request sent, the documents its
 * ticket left out go the same way.
 */
import { lockRequest } from "./contact-requests.ts";
import type { Database, Queryable } from "../db/db.ts";
import { contactDocumentPath, type Storage } from "../storage/storage.ts";
import { UPLOAD_URL_TTL_SECONDS } from "../storage/upload-grants.ts";

/** How long a request may rest unchanged and unsent before it is removed: a day, in milliseconds. */
export const UNSENT_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

/** The folder of a request's documents in storage. */
const folderOf = (requestId: string) => `contact_service/${requestId}`;

/**
 * Removes every request unsent and unchanged for UNSENT_REQUEST_TTL_MS, and of the requests sent
 * the documents their ticket left out once as old. A request's last change is its newest linked
 * document, stored file or upload URL handed out. Each request is judged and removed under the
 * lock its upload, link and ticket calls take, so none of them runs halfway through.
 * @param nowMs the time to judge by, in milliseconds
 * @param removed told each storage path removed (a request's folder, or a left-out file)
 */
export async function sweepUnsentRequests(
  db: Database,
  storage: Storage,
  nowMs: number,
  removed: (path: string) => void,
): Promise<void> {
  const staleBefore = nowMs - UNSENT_REQUEST_TTL_MS;
  const requestIds = new Set<string>();
  for (const entry of await storage.list("contact_service")) if (!entry.isFile) requestIds.add(entry.name);
  const withUnsent = await db.query<{ request_id: string }>(
    "SELECT DISTINCT request_id FROM contact_documents WHERE ticket_id IS NULL",
  );
  for (const row of withUnsent) requestIds.add(row.request_id);

  for (const requestId of requestIds) {
    await db.transaction(async (tx) => {
      await lockRequest(tx, requestId);
      const state = await requestState(tx, requestId);
      // A request sent with all its documents has nothing to remove.
      if (state.sent && !state.leftOut) return;
      const files = (await storage.list(folderOf(requestId))).filter((entry) => entry.isFile);
      const lastChange = Math.max(state.lastChangeMs ?? -Infinity, ...files.map((file) => file.modifiedMs));
      if (lastChange >= staleBefore) return;
      if (state.sent) {
        const leftOut = await tx.query<{ file_name: string }>(
          "DELETE FROM contact_documents WHERE request_id = $1 AND ticket_id IS NULL RETURNING file_name",
          [requestId],
        );
        for (const { file_name: fileName } of leftOut) {
          await storage.remove(contactDocumentPath(requestId, fileName));
          removed(contactDocumentPath(requestId, fileName));
        }
        return;
      }
      await tx.query("DELETE FROM contact_documents WHERE request_id = $1", [requestId]);
      await tx.query("DELETE FROM upload_grants WHERE request_id = $1", [requestId]);
      await storage.removeTree(folderOf(requestId));
      removed(folderOf(requestId));
    });
  }
}

/**
 * Whether a request was sent, whether documents the ticket did not take remain, and its last
 * change the database knows of (newest such document, newest upload URL handed out; Unix ms).
 */
async function requestState(
  tx: Queryable,
  requestId: string,
): Promise<{ sent: boolean; leftOut: boolean; lastChangeMs: number | null }> {
  const [row] = await tx.query<{ sent: boolean; left_out: boolean; last_change_ms: number | null }>(
    `SELECT EXISTS (SELECT 1 FROM contact_tickets WHERE request_id = $1) AS sent,
       EXISTS (SELECT 1 FROM contact_documents WHERE request_id = $1 AND ticket_id IS NULL) AS left_out,
       greatest(
         (SELECT extract(epoch FROM max(created_at)) * 1000 FROM contact_documents WHERE request_id = $1 AND ticket_id IS NULL),
         -- A URL expires one lifetime after it is handed out.
         (SELECT (max(expires) - $2) * 1000 FROM upload_grants WHERE request_id = $1)
       )::float8 AS last_change_ms`,
    [requestId, UPLOAD_URL_TTL_SECONDS],
  );
  return { sent: row?.sent ?? false, leftOut: row?.left_out ?? false, lastChangeMs: row?.last_change_ms ?? null };
}

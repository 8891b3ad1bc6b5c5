/**
 * The upload sweep: files uploaded through a signed URL but never linked (the portal closed, the
 * link call lost, a hostile client) are removed once their URL has expired, from the claims'
 * folders and the contact-service requests' folders alike. Contact requests never sent go a day
 * after their last change, with their documents and files (server/domain/unsent-requests.ts). It also
 * forgets the records of expired upload URLs. It runs when the server starts and then every
 * SWEEP_INTERVAL_MS.
 */
import { log } from "../log.ts";
import type { Metrics } from "../metrics.ts";
import type { Database, Queryable } from "../db/db.ts";
import { lockRequest } from "../domain/contact-requests.ts";
import { STORAGE_PREFIX, type Storage } from "./storage.ts";
import { sweepUnsentRequests } from "../domain/unsent-requests.ts";
import { forgetExpiredUploadUrls } from "./upload-grants.ts";
import { UPLOAD_URL_TTL_SECONDS } from "./upload-grants.ts";
import { idOf } from "../http/validate.ts";

/** Time between two sweeps: 10 minutes. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** What a sweep did. */
export interface SweepReport {
  /**
   * Removed files and folders, relative to the storage root; `pending:` before those of pending
   * direct uploads; `contact_service/{requestId}` for a request removed unsent.
   */
  removed: string[];
  /** Records of expired upload URLs deleted. */
  forgottenUrls: number;
}

interface SweepDeps {
  db: Database;
  storage: Storage;
  /** Where removals and failed sweeps are counted, when the server counts. */
  metrics?: Metrics | undefined;
}

/** One folder of uploads and how to judge its files: the lock linking takes, the names linked. */
interface UploadFolder {
  path: string;
  /** Locks what the folder belongs to (as linking does) and answers the linked names and whether the owner still exists. */
  inspect(tx: Queryable): Promise<{ linked: Set<string>; ownerExists: boolean }>;
}

/**
 * Removes the stored files that no document references and that are older than an upload URL's
 * lifetime. Such a file was written while its URL was valid, and a URL expires at most one
 * lifetime after it is handed out, so its URL has expired, and the portal had at least that long
 * to link it. Each folder is judged under the lock its link call takes, so a file is never linked
 * while it is removed. A claim folder whose claim is gone goes whole once nothing young is left.
 * Then contact requests unsent a day after their last change go whole (sweepUnsentRequests).
 * @param nowMs the time to judge by, in milliseconds (tests pass a later one)
 * @returns what was removed
 */
export async function sweepUploads({ db, storage }: SweepDeps, nowMs: number = Date.now()): Promise<SweepReport> {
  const report: SweepReport = { removed: [], forgottenUrls: 0 };
  const expiredBefore = nowMs - UPLOAD_URL_TTL_SECONDS * 1000;
  await sweepFolders(db, storage, expiredBefore, (path) => report.removed.push(path), true);
  // Pending direct uploads (object storage): linking moves a file out of them, so whatever is
  // left there past a URL's lifetime was never linked, or is a repeated PUT of a linked file.
  if (storage.direct)
    await sweepFolders(
      db,
      storage.direct.pending,
      expiredBefore,
      (path) => report.removed.push(`pending:${path}`),
      false,
    );
  await sweepUnsentRequests(db, storage, nowMs, (path) => report.removed.push(path));
  report.forgottenUrls = await forgetExpiredUploadUrls(db, Math.floor(nowMs / 1000));
  return report;
}

/**
 * Sweeps the upload folders of one storage.
 * @param keepLinked whether files that a document names stay (documents) or go too (pending uploads)
 */
async function sweepFolders(
  db: Database,
  storage: Storage,
  expiredBefore: number,
  removed: (path: string) => void,
  keepLinked: boolean,
): Promise<void> {
  for (const folder of await uploadFolders(storage)) {
    const stale = (await storage.list(folder.path)).filter((entry) => entry.isFile && entry.modifiedMs < expiredBefore);
    if (stale.length === 0) continue;
    await db.transaction(async (tx) => {
      const { linked, ownerExists } = await folder.inspect(tx);
      for (const file of stale.filter((entry) => !keepLinked || !linked.has(entry.name))) {
        await storage.remove(`${folder.path}/${file.name}`);
        removed(`${folder.path}/${file.name}`);
      }
      if (!ownerExists && (await storage.list(folder.path)).length === 0) {
        const claimPath = folder.path.replace(/\/photos-consumer$/, "");
        await storage.removeTree(claimPath);
        removed(claimPath);
      }
    });
  }
}

/** Every folder uploads land in: each claim's photos-consumer/ under both prefixes, each contact request's. */
async function uploadFolders(storage: Storage): Promise<UploadFolder[]> {
  const folders: UploadFolder[] = [];
  for (const prefix of Object.values(STORAGE_PREFIX)) {
    const base = `${prefix}claims_documentation`;
    for (const entry of await storage.list(base)) {
      const claimId = entry.name.startsWith("CL-") ? idOf(entry.name.slice(3)) : null;
      if (entry.isFile || claimId === null) continue;
      folders.push({
        path: `${base}/${entry.name}/photos-consumer`,
        async inspect(tx) {
          // The claim's lock is the one insert_linked_and_embedded_files holds while it links.
          const claim = await tx.query("SELECT 1 FROM claims WHERE id = $1 FOR UPDATE", [claimId]);
          const rows = await tx.query<{ file_name: string }>("SELECT file_name FROM documents WHERE claim_id = $1", [
            claimId,
          ]);
          return { linked: new Set(rows.map((row) => row.file_name)), ownerExists: claim.length > 0 };
        },
      });
    }
  }
  for (const entry of await storage.list("contact_service")) {
    if (entry.isFile) continue;
    folders.push({
      path: `contact_service/${entry.name}`,
      async inspect(tx) {
        await lockRequest(tx, entry.name);
        const rows = await tx.query<{ file_name: string }>(
          "SELECT file_name FROM contact_documents WHERE request_id = $1",
          [entry.name],
        );
        // A request has no row to be gone: sweepUnsentRequests removes the folder of one never sent.
        return { linked: new Set(rows.map((row) => row.file_name)), ownerExists: true };
      },
    });
  }
  return folders;
}

/** A running sweeper. */
export interface UploadSweeper {
  /** Stops the timer and waits for a sweep under way to finish (call before closing the database). */
  stop(): Promise<void>;
}

/**
 * Sweeps now and then every `intervalMs`, on a timer that does not keep the process alive. A
 * sweep that fails is logged and tried again at the next turn.
 */
export function startUploadSweeper(deps: SweepDeps, intervalMs: number = SWEEP_INTERVAL_MS): UploadSweeper {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    // One sweep at a time: a slow one delays the next instead of overlapping it.
    running = running
      .then(() => sweepUploads(deps))
      .then(
        (report) => deps.metrics?.sweepRemoved.inc(report.removed.length),
        (error: unknown) => {
          deps.metrics?.sweepFailures.inc();
          log.error({ err: error }, "upload sweep failed");
        },
      );
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

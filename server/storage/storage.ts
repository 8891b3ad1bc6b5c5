/**
 * File storage of uploaded documents (DESIGN.md, "The reference claims API"): the Storage
 * interface, its folder implementation under DATA_DIR/storage (the default), and where each
 * document lives. server/storage/s3-storage.ts implements it on an S3-compatible bucket. Paths are
 * relative to the storage root; one that would leave it is refused.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, open, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { ServerConfig } from "../config.ts";
import { PRIVATE_FILE_MODE, makePrivateFolder } from "../db/data-lock.ts";
import type { PlanFamily } from "../domain/plan-family.ts";

export interface Storage {
  /** Where everything lives, for logs: an absolute folder or `s3://bucket/prefix`. */
  readonly location: string;
  /** Writes bytes atomically (temp file, then rename), creating folders as needed. */
  write(path: string, bytes: Uint8Array): Promise<void>;
  /** Deletes a file; a missing file is not an error. */
  remove(path: string): Promise<void>;
  /** Deletes a folder with everything in it; a missing folder is not an error. */
  removeTree(path: string): Promise<void>;
  /** Size in bytes of a regular file, or null when there is none. */
  size(path: string): Promise<number | null>;
  /** The file's bytes as a web stream (the file must exist). */
  read(path: string): Promise<ReadableStream<Uint8Array>>;
  /** At most the first `count` bytes of a file (fewer when it is shorter), or null when there is none. */
  readStart(path: string, count: number): Promise<Uint8Array | null>;
  /** What a folder holds, without descending; a missing folder holds nothing. */
  list(path: string): Promise<StoredEntry[]>;
  /**
   * Object storage only: uploads go straight to the bucket through presigned URLs instead of the
   * API's own PUT route (server/storage/direct-uploads.ts). Absent: the API receives the bytes.
   */
  readonly direct?: DirectUploads;
}

/**
 * Uploads that bypass the API: a presigned PUT writes a pending object, which linking checks and
 * then accepts (moves to its document path), so a PUT repeated later never reaches a linked file.
 */
export interface DirectUploads {
  /**
   * A presigned PUT URL writing the pending upload of `path`, valid for `expiresInSeconds`, signed
   * for exactly this Content-Type and Content-Length (bytes).
   */
  presignPut(path: string, upload: { contentType: string; size: number; expiresInSeconds: number }): Promise<string>;
  /** Pending uploads, at the same paths as the documents they become. */
  readonly pending: Storage;
  /** The Content-Type a pending upload was stored with, or null when there is none. */
  pendingContentType(path: string): Promise<string | null>;
  /** Moves the pending upload of `path` to `path`, replacing what is there. */
  accept(path: string): Promise<void>;
  /** The origin presigned URLs name (the bucket's endpoint): the page must be allowed to PUT there. */
  readonly origin: string;
}

/** One entry of a folder. */
export interface StoredEntry {
  name: string;
  /** A regular file (else a folder or anything else). */
  isFile: boolean;
  /** Last change, in milliseconds since the epoch. */
  modifiedMs: number;
}

/**
 * Opens the storage the settings name: the folder `dataDir/storage`, or the S3 bucket of STORAGE_URL
 * (whose SDK is loaded only then).
 */
export async function openStorage(config: Pick<ServerConfig, "dataDir" | "storage">): Promise<Storage> {
  if (config.storage.kind === "disk") return createStorage(join(config.dataDir, "storage"));
  const { openS3Storage } = await import("./s3-storage.ts");
  return openS3Storage(config.storage);
}

/**
 * Opens a storage folder (created on first write). Its files are 0600 in 0700 folders: they are
 * customers' documents (invoices, photos of their homes), for the server's user only.
 * @param root folder, absolute or relative to the cwd
 */
export function createStorage(root: string): Storage {
  const base = resolve(root);
  const inside = (path: string): string => {
    const full = resolve(base, path);
    if (full !== base && !full.startsWith(base + sep)) throw new Error(`Storage path leaves the root: ${path}`);
    return full;
  };
  return {
    location: base,
    async write(path, bytes) {
      const full = inside(path);
      await makePrivateFolder(dirname(full));
      // Readers never see a half-written file: the rename is atomic within one folder.
      const temp = `${full}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temp, bytes, { mode: PRIVATE_FILE_MODE });
        await rename(temp, full);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    remove: (path) => rm(inside(path), { force: true }),
    removeTree: (path) => rm(inside(path), { recursive: true, force: true }),
    async size(path) {
      try {
        const info = await stat(inside(path));
        return info.isFile() ? info.size : null;
      } catch {
        return null;
      }
    },
    read: async (path) => Readable.toWeb(createReadStream(inside(path))) as ReadableStream<Uint8Array>,
    async readStart(path, count) {
      const file = await open(inside(path)).catch(() => null);
      if (!file) return null;
      try {
        const { bytesRead, buffer } = await file.read(Buffer.alloc(count), 0, count, 0);
        return Uint8Array.from(buffer.subarray(0, bytesRead));
      } finally {
        await file.close();
      }
    },
    async list(path) {
      const folder = inside(path);
      const names = await readdir(folder).catch(() => [] as string[]);
      const entries = await Promise.all(
        names.map(async (name) => {
          // A file removed between readdir and stat is simply not listed.
          const info = await lstat(join(folder, name)).catch(() => null);
          return info && { name, isFile: info.isFile(), modifiedMs: info.mtimeMs };
        }),
      );
      return entries.filter((entry): entry is StoredEntry => entry !== null);
    },
  };
}

/** Storage prefix of a family's documents: ACE documents live under `ace/` (SPEC.md section 3, "Document"). */
export const STORAGE_PREFIX: Record<PlanFamily, string> = { fpp: "", ace: "ace/" };

/** Folder of one claim's documents, relative to the storage root (SPEC.md section 3, "Document"). */
export function claimFolder(claimId: number, family: PlanFamily): string {
  return `${STORAGE_PREFIX[family]}claims_documentation/CL-${claimId}`;
}

/** Path of one stored document, relative to the storage root. */
export function claimDocumentPath(claimId: number, fileName: string, family: PlanFamily): string {
  return `${claimFolder(claimId, family)}/photos-consumer/${fileName}`;
}

/** URL path at which the server serves one stored claim document (server/routes/storage-files.ts). */
export function claimDocumentUrlPath(claimId: number, fileName: string, family: PlanFamily): string {
  return `/storage/${claimDocumentPath(claimId, fileName, family)}`;
}

/** Path of a contact-service request's document, relative to the storage root. */
export function contactDocumentPath(requestId: string, fileName: string): string {
  return `contact_service/${requestId}/${fileName}`;
}

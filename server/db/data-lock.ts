/**
 * The data folder's two rules. It is private: what the server writes under DATA_DIR (emails with
 * claim links, uploaded documents, keys, the database) is 0600 files in 0700 folders, readable by
 * its own user only. And one process per embedded data folder. PGlite has no postmaster to refuse a
 * second opener: two servers on one DATA_DIR both start, each writes the same files from its own
 * memory, and after a restart one server's acknowledged claims are gone. So, as PostgreSQL does with
 * postmaster.pid, the opener writes its pid into `DATA_DIR/server.lock`, created exclusively; a
 * second opener finds a live pid there and stops with a message naming the folder and the holder. A
 * lock whose pid is no longer running (a killed process) is taken over.
 */
import { randomUUID } from "node:crypto";
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

/** Mode of every file the server writes under DATA_DIR: its own user reads and writes it, nobody else. */
export const PRIVATE_FILE_MODE = 0o600;
/** Mode of every folder the server makes under DATA_DIR: its own user enters it, nobody else. */
const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Makes a folder (and its missing parents) 0700, and closes one that already exists too: mkdir's
 * mode reaches only the folders it creates, and a folder made before by hand or by an older version
 * may be open to every user of the machine. A folder of another user (a volume mounted writable for
 * us) keeps the mode its owner chose.
 */
export async function makePrivateFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(path, PRIVATE_FOLDER_MODE).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EPERM") throw error;
  });
}

/** The lock file's name inside the data folder. */
export const LOCK_FILE = "server.lock";
/** Name of the short-lived file that lets one opener at a time take over a stale lock. */
const TAKEOVER_FILE = "server.lock.takeover";
/** A takeover file older than this (ms) was left by an opener killed mid-takeover. */
const TAKEOVER_STALE_MS = 10_000;

/** Thrown when another live process holds the folder. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${folder} is in use by another server (pid ${holderPid}). Stop it, or give this one its own DATA_DIR.`,
    );
    this.name = "DataFolderLockedError";
  }
}

/** Folders this process holds: a second opener in the same process is refused too. */
const held = new Set<string>();

/** A held lock. */
export interface DataLock {
  /** Removes the lock file if it is still ours. */
  release(): Promise<void>;
}

/**
 * Takes the data folder for this process.
 * @param dataDir the folder (it must exist)
 * @param isRunning whether a pid names a live process (injected for tests)
 * @throws DataFolderLockedError when a live process holds it
 */
export async function lockDataFolder(
  dataDir: string,
  isRunning: (pid: number) => boolean = processIsRunning,
): Promise<DataLock> {
  const folder = resolve(dataDir);
  if (held.has(folder)) throw new DataFolderLockedError(folder, process.pid);
  const path = join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createExclusive(path, `${process.pid}\n`)) {
      held.add(folder);
      return {
        release: async () => {
          held.delete(folder);
          await releaseIfOurs(path);
        },
      };
    }
    const holder = await pidIn(path);
    if (held.has(folder)) throw new DataFolderLockedError(folder, process.pid);
    // Our own pid in a folder this process does not hold was written by an earlier process that
    // had the same pid (pids repeat, in containers above all): stale, like a dead one.
    if (holder !== null && holder !== process.pid && isRunning(holder)) throw new DataFolderLockedError(folder, holder);
    await takeOverStale(folder, path, holder);
  }
  throw new Error(`Could not lock the data folder ${resolve(dataDir)}: it keeps changing hands`);
}

/**
 * Removes a stale lock, one opener at a time: two openers that both saw the dead pid must not
 * both remove the lock, or the second would remove the one the first has just written.
 */
async function takeOverStale(dataDir: string, path: string, stalePid: number | null): Promise<void> {
  const guard = join(dataDir, TAKEOVER_FILE);
  if (!(await createExclusive(guard, `${process.pid}\n`))) {
    const age = await stat(guard).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > TAKEOVER_STALE_MS) await rm(guard, { force: true });
    await new Promise((done) => setTimeout(done, 50));
    return; // the caller looks at the lock again
  }
  try {
    // Still the same dead holder (or a file naming no pid at all)?
    if ((await pidIn(path)) === stalePid) await rm(path, { force: true });
  } finally {
    await rm(guard, { force: true });
  }
}

/**
 * Creates a file with its content only if it does not exist; false when it does. Written aside and
 * hard-linked into place, so nobody ever reads the file empty (an empty lock would look stale).
 */
async function createExclusive(path: string, content: string): Promise<boolean> {
  const aside = `${path}.${process.pid}.${randomUUID()}`;
  await writeFile(aside, content, { flush: true, mode: PRIVATE_FILE_MODE });
  try {
    await link(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await rm(aside, { force: true });
  }
}

/** The pid a lock file names, or null when it is missing, empty or unreadable. */
async function pidIn(path: string): Promise<number | null> {
  const text = await readFile(path, "utf8").catch(() => "");
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

async function releaseIfOurs(path: string): Promise<void> {
  if ((await pidIn(path)) === process.pid) await rm(path, { force: true });
}

/** Whether a process with this pid exists (signal 0 only checks; EPERM means it exists as another user). */
function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * For entry points: ends the process with the lock's message and exit code 1 when `error` says
 * the folder is held, instead of a stack trace; anything else is thrown on.
 */
export function exitWhenLocked(error: unknown): never {
  if (error instanceof DataFolderLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

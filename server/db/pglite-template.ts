/**
 * A seeded embedded database to start new data folders from (`npm start` on a new data
 * folder in under 2 s, where creating, migrating and seeding a PGlite cluster took 4 to 7 s). The
 * first start that seeds a new folder saves its cluster, checkpointed, as a plain PGlite data folder
 * under node_modules/.cache; later new folders are copies of it, opened like any existing folder.
 * The folder is named by a hash of the migrations, the seed code and the PGlite version, so any
 * change to them makes a new one; the cache can be deleted at any time. Every folder made from it
 * holds the same demo data, random ids included: it is demo data.
 *
 * Why a folder and not PGlite's own `loadDataDir` dump: loading a dump writes its ~1,200 files
 * through PGlite's emulated file system one after another (about 1.9 s here), where copying them
 * with the operating system's copy, several at a time, takes a fraction of that while PGlite's
 * code loads. Creating files, not their bytes, is what costs on these disks.
 */
import { createHash } from "node:crypto";
import { constants, existsSync, readFileSync, readdirSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import pLimit from "p-limit";
import { extract, type ExtractOptions } from "tar-fs";

const DB_DIR = fileURLToPath(new URL("./", import.meta.url));
const SERVER_DIR = join(DB_DIR, "..");
const CACHE_DIR = join(SERVER_DIR, "..", "node_modules", ".cache", "claims-pglite");
/** The seed and the lookup kinds it writes: what, beside the migrations, the seeded rows come from. */
const SEED_FILES = ["seed/seed.ts", "seed/seed-data.ts", "seed/seed-data-es.ts", "domain/lookup-kinds.ts"];

/** PostgreSQL's own template databases, dropped from the template (see saveTemplate). */
const TEMPLATE_DATABASES = ["template0", "template1"];

/** Files copied at once: enough to keep the file system's workers busy. */
const PARALLEL_FILES = 8;

/** What the seeded database is made from: every migration, the seed modules, the PGlite version. */
function templateKey(): string {
  const hash = createHash("sha256");
  const migrations = join(DB_DIR, "migrations");
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(join(migrations, name)));
  for (const name of SEED_FILES) hash.update(name).update(readFileSync(join(SERVER_DIR, name)));
  const pglite = join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..", "package.json");
  hash.update(existsSync(pglite) ? readFileSync(pglite) : "pglite");
  return hash.digest("hex").slice(0, 16);
}

let cacheDir = CACHE_DIR;
/**
 * Keeps this process's templates in `folder` from now on (undefined: node_modules/.cache again). For
 * a test that must start with no template without removing the one that test files running beside
 * it are copying.
 */
export function keepTemplatesIn(folder: string | undefined): void {
  cacheDir = folder ?? CACHE_DIR;
}

let key: string | undefined;
/** Path of the template (a PGlite data folder) for the current migrations and seed code. */
export function templatePath(): string {
  key ??= templateKey();
  return join(cacheDir, `seeded-${key}`);
}

/**
 * Makes `folder` a copy of the template. The copy is made beside it and renamed into place, so an
 * interrupted copy never looks like a database. Copies, never links: the new folder's writes must
 * not reach the template (COPYFILE_FICLONE shares blocks copy-on-write where the file system can,
 * and copies them where it cannot).
 * @param folder the PGlite folder to create; it must not exist, or be empty
 * @returns false when there is no template yet (nothing is created)
 * @throws when the copy fails (nothing is left behind)
 */
export async function copyTemplate(folder: string): Promise<boolean> {
  const template = templatePath();
  if (!existsSync(join(template, "PG_VERSION"))) return false;
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const inside = (entry: (typeof entries)[number]) => join(entry.parentPath, entry.name).slice(template.length + 1);
  const partial = `${folder}.${process.pid}.partial`;
  try {
    await rm(partial, { recursive: true, force: true }); // left by a killed process of the same id
    await mkdir(partial, { recursive: true, mode: 0o700 });
    // Parents before children: a parent's path is shorter.
    for (const dir of entries
      .filter((entry) => entry.isDirectory())
      .map(inside)
      .sort((a, b) => a.length - b.length)) {
      await mkdir(join(partial, dir), { mode: 0o700 });
    }
    const files = entries.filter((entry) => entry.isFile()).map(inside);
    const limit = pLimit(PARALLEL_FILES);
    // Every copy settles before a failure removes the folder they write into.
    const copies = await Promise.allSettled(
      files.map((file) => limit(() => copyFile(join(template, file), join(partial, file), constants.COPYFILE_FICLONE))),
    );
    const failed = copies.find((copy) => copy.status === "rejected");
    if (failed) throw failed.reason;
    await rename(partial, folder);
    return true;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Saves a freshly seeded, checkpointed cluster (an uncompressed PGlite dump) as the template;
 * parallel starts each write their own folder and rename it into place, so a reader never sees half
 * of one. A failure only costs the next start time.
 */
export async function saveTemplate(dump: Blob): Promise<void> {
  const target = templatePath();
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  try {
    await mkdir(partial, { recursive: true, mode: 0o700 });
    // postmaster.pid is the lock of the server that was running, not data (pg_basebackup leaves it out too).
    const lockFile = join(partial, "postmaster.pid");
    // chown: false (tar-fs's option, missing from its types): run as root, it would give the files the dump's owners.
    const options = { ignore: (name: string) => name === lockFile, chown: false } as ExtractOptions;
    await pipeline(Readable.from(Buffer.from(await dump.arrayBuffer())), extract(partial, options));
    // The dump is of a running cluster, which every copy would have to recover (replaying its WAL and
    // syncing every file) before opening: opened and closed once here, it is shut down cleanly.
    const { PGlite } = await import("@electric-sql/pglite");
    const pg = await PGlite.create(partial);
    try {
      // Each database is some 300 files, and creating files is what a copy costs. The server uses
      // `postgres` alone; template0 and template1 are only ever copied by CREATE DATABASE, which it
      // never runs (on a folder made from this, CREATE DATABASE … TEMPLATE postgres still works).
      for (const name of TEMPLATE_DATABASES) {
        await pg.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
        await pg.exec(`DROP DATABASE ${name}`);
      }
    } finally {
      await pg.close();
    }
    // Renaming onto a template another start saved first fails: theirs is as good.
    await rename(partial, target);
  } catch {
    await rm(partial, { recursive: true, force: true });
  }
}

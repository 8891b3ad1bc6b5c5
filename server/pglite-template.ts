/**
 * A seeded embedded database to start new data folders from (issue 12: `npm start` on a new data
 * folder in under 2 s, where creating, migrating and seeding a PGlite cluster took 4 to 7 s). The
 * first start that seeds a new folder saves the cluster (PGlite's gzip data-dir dump, about 5 MB)
 * under node_modules/.cache; later new folders load it and only check it. The file is named by a
 * hash of the migrations, the seed code and the PGlite version, so any change to them makes a new
 * one; the cache can be deleted at any time. Every folder made from it holds the same demo data,
 * random ids included: it is demo data.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SERVER_DIR = fileURLToPath(new URL("./", import.meta.url));
const CACHE_DIR = join(SERVER_DIR, "..", "node_modules", ".cache", "claims-pglite");

/** What the seeded database is made from: every migration, the seed modules, the PGlite version. */
function templateKey(): string {
  const hash = createHash("sha256");
  const migrations = join(SERVER_DIR, "migrations");
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(join(migrations, name)));
  for (const name of readdirSync(SERVER_DIR).filter((file) => /^seed.*\.ts$|^lookup-kinds\.ts$/.test(file)).sort()) hash.update(name).update(readFileSync(join(SERVER_DIR, name)));
  const pglite = join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..", "package.json");
  hash.update(existsSync(pglite) ? readFileSync(pglite) : "pglite");
  return hash.digest("hex").slice(0, 16);
}

let key: string | undefined;
/** Path of the template for the current migrations and seed code. */
export function templatePath(): string {
  key ??= templateKey();
  return join(CACHE_DIR, `seeded-${key}.tar.gz`);
}

/** The template to start a new folder from, or undefined when there is none yet. */
export async function loadTemplate(): Promise<Blob | undefined> {
  try {
    return new Blob([await readFile(templatePath())]);
  } catch {
    return undefined;
  }
}

/**
 * Saves a freshly seeded cluster as the template; parallel starts each write their own file and
 * rename it into place, so a reader never sees half of one. A failure only costs the next start time.
 */
export async function saveTemplate(dump: Blob): Promise<void> {
  const target = templatePath();
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, target);
  } catch {
    await rm(partial, { force: true });
  }
}

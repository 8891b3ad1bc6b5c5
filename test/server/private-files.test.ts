/**
 * Everything the server keeps under DATA_DIR is its own user's alone: the outbox's emails (their
 * finish-later and status links open claims), stored uploads, the staff key, the link secret and the
 * lock are 0600 files in 0700 folders, the embedded database is in a 0700 folder, and a data folder
 * that was left open to others is closed when the server starts on it.
 */
import { chmod, readdir, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { newTestData, startTestServer, type TestServer } from "./helpers.ts";
import { fileClaim } from "./mail-helpers.ts";

let server: TestServer;

beforeAll(async () => {
  // A data folder others may read and enter, as `mkdir` under a usual umask makes one.
  const data = await newTestData();
  await chmod(data.dataDir, 0o755);
  server = await startTestServer({ ...data, smtpUrl: undefined });
});
afterAll(async () => {
  await server?.stop();
});

/** Every entry under a folder, the folder included: its path relative to the root and its permission bits. */
async function modesUnder(root: string): Promise<{ path: string; folder: boolean; mode: string }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = [root, ...entries.map((entry) => join(entry.parentPath, entry.name))];
  return Promise.all(
    paths.map(async (path) => {
      const info = await stat(path);
      return {
        path: relative(root, path) || ".",
        folder: info.isDirectory(),
        mode: (info.mode & 0o777).toString(8).padStart(4, "0"),
      };
    }),
  );
}

it("keeps the outbox, uploads, keys and lock as 0600 files in 0700 folders, and the database in a 0700 folder", async () => {
  await fileClaim(server, "W-E34-WS4566", "Sofa", "en");
  // The staff key is made on the first staff call.
  await fetch(`${server.url}/api/v1/staff/claim_status`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-key": "wrong" },
    body: "{}",
  });
  await vi.waitFor(
    async () => {
      const names = await readdir(join(server.dataDir, "outbox")).catch(() => []);
      expect(names.filter((name) => name.endsWith(".eml"))).toHaveLength(1);
    },
    { timeout: 60_000, interval: 25 },
  );
  const written = await modesUnder(server.dataDir);
  const paths = written.map(({ path }) => path);
  // On a PostgreSQL server (the server-pg project) there is no embedded database, nor its lock.
  const embedded = server.data.databaseUrl ? [] : ["pg", "pg/PG_VERSION", "server.lock"];
  for (const expected of ["outbox", "storage", "staff-key", "link-secret", ...embedded])
    expect(paths).toContain(expected);
  expect(
    paths.some((path) => /^storage\/.+\.png$/.test(path)),
    "an upload is stored",
  ).toBe(true);
  expect(
    paths.some((path) => /^outbox\/.+\.eml$/.test(path)),
    "an email is in the outbox",
  ).toBe(true);
  // What is inside pg/ PGlite writes through Emscripten's file system, which makes files 0666 and
  // folders 0777 less the umask whatever PostgreSQL asks for: pg/ itself, 0700, keeps them private.
  const ours = written.filter(({ path }) => !path.startsWith("pg/"));
  expect(ours.filter(({ folder, mode }) => mode !== (folder ? "0700" : "0600"))).toEqual([]);
});

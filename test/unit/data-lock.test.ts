/**
 * One server per embedded data folder (SECURITY.md, server/db/data-lock.ts). Two servers on one
 * DATA_DIR used to both start, and after a restart one server's acknowledged claim was gone: now
 * the second one stops at once, saying which folder and which pid hold it, and a lock left by a
 * killed server is taken over by the next one. PGlite only (a PostgreSQL server takes many), so
 * this lives with the unit tests, which never see DATABASE_URL.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataFolderLockedError, LOCK_FILE, lockDataFolder } from "../../server/db/data-lock.ts";
import { startServer } from "../../server/start.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const folders: string[] = [];
const newFolder = async () => {
  const folder = await mkdtemp(join(tmpdir(), "claims-lock-test-"));
  folders.push(folder);
  return folder;
};
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** The pid of a process that has already ended. */
function deadPid(): number {
  const ended = spawnSync(process.execPath, ["-e", ""]);
  return ended.pid!;
}

/** Runs `tsx server/main.ts` on a folder until it exits; its exit code and what it printed. */
function runServerProcess(dataDir: string): Promise<{ code: number | null; printed: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  return new Promise((done) => child.once("exit", (code) => done({ code, printed })));
}

describe("one server per embedded data folder", () => {
  it("refuses a second server process on a folder in use, naming the folder and the holder's pid", async () => {
    const dataDir = await newFolder();
    const first = await startServer({ dataDir, databaseUrl: undefined, staticDir: undefined });
    try {
      const second = await runServerProcess(dataDir);
      expect(second.code).toBe(1);
      expect(second.printed).toContain(resolve(dataDir));
      expect(second.printed).toContain(`pid ${process.pid}`);
      expect(second.printed).not.toMatch(/listening on/);
      // The first one still serves.
      const answer = await fetch(`${first.url}/api/v1/all_item_type`, {
        headers: { "x-api-key": first.config.apiKey },
      });
      expect(answer.status).toBe(200);
    } finally {
      await first.close();
    }
  });

  it("refuses a second server in the same process too, and lets the folder go when the first closes", async () => {
    const dataDir = await newFolder();
    const first = await startServer({ dataDir, databaseUrl: undefined, staticDir: undefined });
    let closed = false;
    try {
      await expect(startServer({ dataDir, databaseUrl: undefined, staticDir: undefined })).rejects.toBeInstanceOf(
        DataFolderLockedError,
      );
      await first.close();
      closed = true;
      await expect(readFile(join(dataDir, LOCK_FILE), "utf8")).rejects.toThrow();
      const again = await startServer({ dataDir, databaseUrl: undefined, staticDir: undefined });
      await again.close();
    } finally {
      if (!closed) await first.close();
    }
  });

  it("takes over a lock left by a server that was killed", async () => {
    const dataDir = await newFolder();
    const stale = deadPid();
    await writeFile(join(dataDir, LOCK_FILE), `${stale}\n`);
    const server = await startServer({ dataDir, databaseUrl: undefined, staticDir: undefined });
    try {
      expect((await readFile(join(dataDir, LOCK_FILE), "utf8")).trim()).toBe(String(process.pid));
    } finally {
      await server.close();
    }
  });

  it("lets exactly one of several openers racing for a stale lock take it", async () => {
    const dataDir = await newFolder();
    await writeFile(join(dataDir, LOCK_FILE), `${deadPid()}\n`);
    // Each opener as if it were its own process: the holder's pid counts as running once written.
    const written = () =>
      readFile(join(dataDir, LOCK_FILE), "utf8").then(
        (text) => Number(text.trim()),
        () => 0,
      );
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        const lock = await lockDataFolder(dataDir, (pid) => pid === process.pid);
        return lock;
      }),
    );
    const taken = results.filter((result) => result.status === "fulfilled");
    expect(taken).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(DataFolderLockedError);
    }
    expect(await written()).toBe(process.pid);
    await (taken[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataFolder>>>).value.release();
  });
});

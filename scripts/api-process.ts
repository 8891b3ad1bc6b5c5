/**
 * The reference claims API as a child process (`tsx server/main.ts`), for what needs it apart from
 * the caller: the scale-out test (two processes) and `npm run bench` (the server's own memory).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..");

/** A running API process. */
export interface ApiProcess {
  child: ChildProcess;
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Its own DATA_DIR, a new temp folder (removed by stopApiProcess). */
  dataDir: string;
}

/**
 * Starts the API on a free loopback port with these settings (and only these, plus PATH) and a
 * new DATA_DIR.
 * @returns once it prints the address it listens on
 * @throws with what it printed, when it exits first
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), "claims-api-process-"));
  // Node itself with tsx's loader: the pid is the server's, not a wrapper's.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(printed);
      if (found) resolve(found[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`API process exited (${code}) before listening:\n${printed}`)));
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return { child, url, dataDir };
}

/** Stops a process with SIGTERM (it closes its server and database) and removes its DATA_DIR. */
export async function stopApiProcess(server: ApiProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

/** Resident memory of a running process in bytes (Linux /proc), or null where it cannot be read. */
export async function residentBytes(pid: number): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kB = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return kB ? Number(kB[1]) * 1024 : null;
}

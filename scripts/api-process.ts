/**
 * The reference claims API as a child process (`tsx server/main.ts`, or a test's own entry), for what
 * needs it apart from the caller: the scale-out test (two processes), `npm run bench` (the server's
 * own memory), and the tests that crash, restart or signal a server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
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

/** A started process and its base URL, once it prints that it listens. */
export interface SpawnedApi {
  child: ChildProcess;
  /** Resolves with `http://127.0.0.1:PORT`; rejects with what it printed if it exits first. */
  listening: Promise<string>;
}

/**
 * Runs `script` (a path from the project's root: server/main.ts, or a test's entry) with `args` and
 * these environment variables only, besides PATH.
 */
export function spawnApi(script: string, args: string[], env: Record<string, string> = {}): SpawnedApi {
  // Node itself with tsx's loader: the pid is the server's, not a wrapper's.
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(printed);
      if (!found) return;
      // Once it listens, what it prints (a line per request) is no longer read here: kept and
      // searched on every chunk, it cost the bench's client more CPU than its requests.
      child.stdout!.off("data", read);
      child.stderr!.off("data", read);
      printed = "";
      resolve(found[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`API process exited (${code}) before listening:\n${printed}`)));
  });
  return { child, listening };
}

/**
 * Starts the API on a free loopback port with these settings (and only these, plus PATH) and a
 * new DATA_DIR.
 * @returns once it prints the address it listens on
 * @throws with what it printed, when it exits first
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), "claims-api-process-"));
  // A server told to log less than info does not say where it listens: it gets a port chosen here.
  const quiet = ["warn", "error", "fatal", "silent"].includes(env.LOG_LEVEL ?? "");
  const port = quiet ? await freePort() : 0;
  const { child, listening } = spawnApi("server/main.ts", [], {
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
  });
  const started = quiet ? Promise.race([answering(`http://127.0.0.1:${port}`, child), listening]) : listening;
  if (quiet) listening.catch(() => undefined); // it never prints the line; its exit is reported by the race
  const url = await started.catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return { child, url, dataDir };
}

/** A loopback port free just now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves with `url` once its /healthz answers (asked every 50 ms); stops asking once `child` has exited. */
async function answering(url: string, child: ChildProcess): Promise<string> {
  while (child.exitCode === null && child.signalCode === null) {
    const answer = await fetch(`${url}/healthz`).catch(() => null);
    if (answer?.ok) return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("API process exited before answering");
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

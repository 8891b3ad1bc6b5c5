/**
 * The reference API as a child process of a test (a crash, a restart, a shutdown signal): a script
 * run with tsx from the project's root, with only PATH and the given variables in its environment.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");

/** A started API process and its base URL, once it prints that it listens. */
export interface ApiProcess {
  child: ChildProcess;
  /** Resolves with `http://127.0.0.1:PORT`; rejects with what it printed if it exits first. */
  listening: Promise<string>;
}

/**
 * Runs `script` (a path from the project's root) with `args`.
 * @param env variables besides PATH (the test's own environment is not passed on)
 */
export function spawnApi(script: string, args: string[] = [], env: Record<string, string> = {}): ApiProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let printed = "";
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/.exec(printed);
      if (found) resolve(found[1]!);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`API process exited (${code}) before listening:\n${printed}`)));
  });
  return { child, listening };
}

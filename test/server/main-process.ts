/**
 * server/main.ts in a process of its own, as `npm run server` runs it (settings from the
 * environment), over fresh test data: a folder, or a database of DATABASE_URL's server. For the
 * tests of what a deployed process does: its probes, signals, log and traces.
 */
import type { ChildProcess } from "node:child_process";
import { afterEach } from "vitest";
import { API_KEY, newTestData, removeTestData, UPLOAD_SECRET, type TestData } from "./helpers.ts";
import { spawnApi } from "../../scripts/api-process.ts";

/** A started server/main.ts. */
export interface MainProcess {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  child: ChildProcess;
  /** All it has printed so far, stdout and stderr. */
  printed(): string;
  /** Sends SIGTERM; resolves with the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/**
 * Call in a describe: each test's processes are killed and their data removed after it.
 * @returns a starter: `env` adds to (or overrides) API_KEY, UPLOAD_SECRET, DATA_DIR, PORT 0 and HOST 127.0.0.1
 */
export function mainProcesses(): (env?: Record<string, string>) => Promise<MainProcess> {
  const started: { child: ChildProcess; data: TestData }[] = [];
  afterEach(async () => {
    for (const { child, data } of started.splice(0)) {
      child.kill("SIGKILL");
      await removeTestData(data);
    }
  });
  return async (env = {}) => {
    const data = await newTestData();
    const { child, listening } = spawnApi("server/main.ts", [], {
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      DATA_DIR: data.dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      API_KEY,
      UPLOAD_SECRET,
      ...env,
    });
    started.push({ child, data });
    let printed = "";
    child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    return {
      url: await listening,
      child,
      printed: () => printed,
      stop: () => {
        child.kill("SIGTERM");
        return exited;
      },
    };
  };
}

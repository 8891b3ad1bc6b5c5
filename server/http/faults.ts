/**
 * Injected faults, for development and tests only: the setting
 * `FAULTS=latency:300ms,error:0.1,drop:0.05,ace504:1` makes every API call slower, refuses some
 * before they run (503, nothing written), drops the answer of others after they ran (the write is
 * done, the client hears nothing: a lost answer), and answers ACE submits with a 504 after the
 * submit was taken (SPEC.md section 4 counts that as submitted).
 *
 * One call (method and path) is never faulted more than `maxInARow` times running (default 2), so a
 * client that retries always gets through: the point is to walk every recovery path, not to model
 * a long outage.
 */
import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

export interface FaultSettings {
  /** Added to every call before it runs, in milliseconds. */
  latencyMs: number;
  /** Share of calls refused with 503 before they run (0 to 1). */
  error: number;
  /** Share of calls whose answer is dropped after they ran (0 to 1). */
  drop: number;
  /** Share of ACE submits answered 504 after the claim was submitted (0 to 1). */
  aceSubmit504: number;
  /** Most faults in a row for one method and path. */
  maxInARow: number;
  /** Seed of the chance, so a run can be repeated; absent: Math.random. */
  seed?: number;
}

/** Faults injected so far under one settings object, by kind (what a test or a log reports). */
export interface FaultTally {
  error: number;
  drop: number;
  aceSubmit504: number;
}

const tallies = new WeakMap<FaultSettings, FaultTally>();

/** The faults injected so far under these settings (zeros before the first). */
export function faultsInjected(settings: FaultSettings): FaultTally {
  return { error: 0, drop: 0, aceSubmit504: 0, ...tallies.get(settings) };
}

const NAMES: Record<string, keyof FaultSettings> = {
  latency: "latencyMs",
  error: "error",
  drop: "drop",
  ace504: "aceSubmit504",
  maxInARow: "maxInARow",
  seed: "seed",
};

/**
 * Parses the FAULTS setting.
 * @param text e.g. `latency:300ms,error:0.1,drop:0.05,ace504:1` (also `maxInARow:2`, `seed:7`); empty: no faults
 * @returns the settings, or null when none are asked for
 * @throws Error naming the part it cannot read
 */
export function parseFaults(text: string | undefined): FaultSettings | null {
  if (!text?.trim()) return null;
  const settings: FaultSettings = { latencyMs: 0, error: 0, drop: 0, aceSubmit504: 0, maxInARow: 2 };
  for (const part of text.split(",")) {
    const [name = "", value = ""] = part.trim().split(":");
    const key = NAMES[name];
    const number = Number(key === "latencyMs" ? value.replace(/ms$/, "") : value);
    const isShare = key === "error" || key === "drop" || key === "aceSubmit504";
    if (!key || value === "" || !Number.isFinite(number) || number < 0 || (isShare && number > 1)) {
      throw new Error(
        `FAULTS: cannot read "${part.trim()}" (expected latency:300ms, error:0.1, drop:0.05, ace504:1, maxInARow:2)`,
      );
    }
    settings[key] = number;
  }
  return settings;
}

/** ACE submit, the call SPEC.md lets answer 504 after taking the claim. */
const ACE_SUBMIT = /\/ace\/submit_claim\/[^/]+$/;

/**
 * Middleware that injects the faults into the calls below it.
 */
export function injectFaults(settings: FaultSettings): MiddlewareHandler {
  const random = settings.seed === undefined ? Math.random : seededRandom(settings.seed);
  const inARow = new Map<string, number>();
  const tally = faultsInjected(settings);
  tallies.set(settings, tally);
  /** Decides whether this call gets a fault of a kind, keeping to `maxInARow`. */
  const strikes = (key: string, kind: keyof FaultTally): boolean => {
    const count = inARow.get(key) ?? 0;
    const share = settings[kind];
    const hit = count < settings.maxInARow && share > 0 && random() < share;
    if (hit) {
      inARow.set(key, count + 1);
      tally[kind] += 1;
    }
    return hit;
  };
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return next();
    const key = `${c.req.method} ${c.req.path}`;
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    if (strikes(key, "error"))
      return c.json({ message: "Service unavailable (injected fault)", code: "FAULT_INJECTED" }, 503);
    await next();
    if (
      c.req.method === "PUT" &&
      ACE_SUBMIT.test(c.req.path) &&
      (await wasTaken(c.res)) &&
      strikes(key, "aceSubmit504")
    ) {
      c.res = c.json({ message: "Gateway timeout (injected fault)", code: "FAULT_INJECTED" }, 504);
      return;
    }
    if (strikes(key, "drop")) {
      dropConnection(c);
      return;
    }
    inARow.delete(key);
  };
}

/** A repeatable source of chance in [0, 1) (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** True when a submit's answer says the claim was taken ('Succeed'): only then may a 504 stand for it. */
async function wasTaken(answer: Response): Promise<boolean> {
  if (!answer.ok) return false;
  const body = (await answer
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown } | null;
  return body?.message === "Succeed";
}

/** Closes the client's connection without an answer: the call ran, its answer is lost. */
function dropConnection(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  incoming?.socket.destroy();
}

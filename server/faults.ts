/**
 * Injected faults, for development and tests only (issue 14): the setting
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
}

const NAMES: Record<string, keyof FaultSettings> = { latency: "latencyMs", error: "error", drop: "drop", ace504: "aceSubmit504", maxInARow: "maxInARow" };

/**
 * Parses the FAULTS setting.
 * @param text e.g. `latency:300ms,error:0.1,drop:0.05,ace504:1`; empty: no faults
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
      throw new Error(`FAULTS: cannot read "${part.trim()}" (expected latency:300ms, error:0.1, drop:0.05, ace504:1, maxInARow:2)`);
    }
    settings[key] = number;
  }
  return settings;
}

/** ACE submit, the call SPEC.md lets answer 504 after taking the claim. */
const ACE_SUBMIT = /\/ace\/submit_claim\/[^/]+$/;

/**
 * Middleware that injects the faults into the calls below it.
 * @param random source of chance in [0, 1); tests pass their own
 */
export function injectFaults(settings: FaultSettings, random: () => number = Math.random): MiddlewareHandler {
  const inARow = new Map<string, number>();
  /** Decides whether this call gets a fault, keeping to `maxInARow`. */
  const strikes = (key: string, share: number): boolean => {
    const count = inARow.get(key) ?? 0;
    const hit = count < settings.maxInARow && share > 0 && random() < share;
    if (hit) inARow.set(key, count + 1);
    return hit;
  };
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return next();
    const key = `${c.req.method} ${c.req.path}`;
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    if (strikes(key, settings.error)) return c.json({ message: "Service unavailable (injected fault)", code: "FAULT_INJECTED" }, 503);
    await next();
    if (c.req.method === "PUT" && ACE_SUBMIT.test(c.req.path) && (await wasTaken(c.res)) && strikes(key, settings.aceSubmit504)) {
      c.res = c.json({ message: "Gateway timeout (injected fault)", code: "FAULT_INJECTED" }, 504);
      return;
    }
    if (strikes(key, settings.drop)) {
      dropConnection(c);
      return;
    }
    inARow.delete(key);
  };
}

/** True when a submit's answer says the claim was taken ('Succeed'): only then may a 504 stand for it. */
async function wasTaken(answer: Response): Promise<boolean> {
  if (!answer.ok) return false;
  const body = (await answer.clone().json().catch(() => null)) as { message?: unknown } | null;
  return body?.message === "Succeed";
}

/** Closes the client's connection without an answer: the call ran, its answer is lost. */
function dropConnection(c: Context): void {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  incoming?.socket.destroy();
}

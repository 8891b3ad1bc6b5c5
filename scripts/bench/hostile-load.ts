/**
 * Bounded work per request under attack, for `npm run bench` (SECURITY.md, "What protects the
 * data"): what the costliest bodies a client may send cost the server, in CPU milliseconds per KiB
 * sent (read from /proc while each is sent again and again), and the p99 of normal calls at
 * 200/s while six of the costliest are in flight all the time, each sent again as soon as it is
 * answered, with only the public API key. Before the bounds, one body of 200,000 empty claim items
 * took 12 s and four in flight made a trivial GET take 15.7 s. Prints figures: nothing here passes
 * or fails a test.
 */
import { readFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { MAX_DAMAGES_PER_CALL, MAX_ID, MAX_NOTES_LENGTH, MAX_SERIAL_ID } from "../../contract/schemas.ts";
import { jsonBodyLimit } from "../../server/http/body-limits.ts";
import { startApiProcess, stopApiProcess } from "../api-process.ts";
import { aClaim, LOAD_SETTINGS } from "../bench-load.ts";
import { failureSummary, pacedLoad, type PacedResult } from "./paced-load.ts";

/** The budget: p99 of normal calls at `rate`/s under this while `inFlight` costliest bodies are in flight, none failed. */
export const HOSTILE_BUDGET = { rate: 200, inFlight: 6, p99UnderMs: 100 } as const;
/** How long the normal calls are measured under attack, after a warm-up at the same rate. */
export const HOSTILE_SECONDS = 30;
/** How long each body is sent, one at a time, to measure its cost. */
const COST_SECONDS = 3;
const API_KEY = "bench-key";

/** What one kind of body costs the server. */
interface BodyCost {
  name: string;
  call: string;
  bytes: number;
  /** The answer's status (0: the connection was closed before an answer) and size. */
  status: number;
  answerBytes: number;
  /** Server CPU (user + system) per request, in milliseconds. */
  cpuMs: number;
  /** cpuMs per KiB of the body. */
  msPerKiB: number;
}

/** The figures: each body's cost, the costliest, and the normal calls measured meanwhile. */
export interface HostileFigures {
  bodies: BodyCost[];
  worst: BodyCost;
  /** GET claim/{id} paced at HOSTILE_BUDGET.rate with nothing else in flight, just before. */
  alone: PacedResult;
  /** GET claim/{id} paced at HOSTILE_BUDGET.rate while the costliest bodies are in flight. */
  normal: PacedResult;
  /** Costliest bodies answered while the normal calls ran. */
  hostileAnswered: number;
}

/** True when the run meets HOSTILE_BUDGET. */
export function meetsHostileBudget(figures: HostileFigures): boolean {
  return figures.normal.p99Ms < HOSTILE_BUDGET.p99UnderMs && figures.normal.failed === 0;
}

/** `unit` repeated to fill about `bytes`, with `around` ("{…}") around it: a body just under a limit. */
function fillTo(bytes: number, unit: string, around: (items: string) => string): string {
  const room = bytes - Buffer.byteLength(around("")) - 16;
  return around(unit.repeat(Math.floor(room / Buffer.byteLength(unit))));
}

/**
 * The bodies an attacker would pick, each as large as its call reads: many cheap items (the finding),
 * every field of every damage wrong (the most issues), the largest honest body (full validation,
 * then the database), deep nesting, many keys.
 */
function hostileBodies(): Array<{ name: string; path: string; body: Buffer }> {
  const damages = "/insert_claim_item_damage";
  const limit = jsonBodyLimit(damages);
  const head = `"claimId":${MAX_ID},"customerId":${MAX_ID}`;
  const wrong = `"${"x".repeat(500)}"`;
  const allWrong = `{"damageId":${wrong},"selectedItemId":${wrong},"damageType":${wrong},"specificLocation":${wrong},"damageDate":${wrong},"howDidOccur":${wrong},"actionTaken":${wrong},"notes":5,"specificDamage":${wrong}},`;
  const honest = {
    damageId: MAX_ID,
    selectedItemId: MAX_SERIAL_ID,
    damageType: MAX_SERIAL_ID,
    specificLocation: MAX_SERIAL_ID,
    damageDate: "2025-09-10",
    howDidOccur: MAX_SERIAL_ID,
    actionTaken: MAX_SERIAL_ID,
    notes: "€".repeat(MAX_NOTES_LENGTH),
    specificDamage: MAX_SERIAL_ID,
  };
  const bodies = [
    {
      name: "the finding: 200,000 empty claim items",
      path: "/insert_update_claim_item",
      body: JSON.stringify({ warrentyId: 1, claimId: 1, claim_items: new Array(200_000).fill({}) }),
    },
    {
      name: "empty damages up to the limit",
      path: damages,
      body: fillTo(limit, "{},", (items) => `{${head},"damage_item":[${items}{}]}`),
    },
    {
      name: `${MAX_DAMAGES_PER_CALL} damages, every field wrong`,
      path: damages,
      body: `{${head},"damage_item":[${allWrong.repeat(MAX_DAMAGES_PER_CALL).slice(0, -1)}]}`,
    },
    {
      name: "the largest honest damages",
      path: damages,
      body: JSON.stringify({
        claimId: MAX_ID,
        customerId: MAX_ID,
        damage_item: new Array(MAX_DAMAGES_PER_CALL).fill(honest),
      }),
    },
    {
      name: "nesting up to the limit",
      path: damages,
      body: `${"[".repeat(Math.floor(limit / 2) - 16)}${"]".repeat(Math.floor(limit / 2) - 16)}`,
    },
    { name: "keys up to the limit", path: damages, body: manyKeys(limit) },
  ];
  return bodies.map(({ name, path, body }) => ({ name, path, body: Buffer.from(body) }));
}

/** An object of as many distinct keys as fit in `bytes`. */
function manyKeys(bytes: number): string {
  const keys: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes - 64; i++) {
    const entry = `"k${i}":{"k":${i}}`;
    keys.push(entry);
    size += entry.length + 1;
  }
  return `{${keys.join(",")}}`;
}

/** CPU time (user + system) a process has used, in milliseconds (Linux /proc; clock ticks of 10 ms). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * POSTs a body on a new connection. The body is bytes encoded once, so the client's own work per
 * request (this process also paces the normal calls) is only the sending.
 * @returns its status (0: closed unanswered) and answer size
 */
function post(url: string, body: Buffer, agent: Agent): Promise<{ status: number; answerBytes: number }> {
  return new Promise((resolve) => {
    const headers = { "x-api-key": API_KEY, "content-type": "application/json", "content-length": String(body.length) };
    const outgoing = request(url, { method: "POST", headers, agent }, (response) => {
      let answerBytes = 0;
      response.on("data", (chunk: Buffer) => void (answerBytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, answerBytes }));
      response.on("error", () => resolve({ status: response.statusCode ?? 0, answerBytes }));
    });
    // A 413 is answered before the body is read, and the connection closed under the rest of it.
    outgoing.on("error", () => resolve({ status: 0, answerBytes: 0 }));
    outgoing.end(body);
  });
}

/** Sends one body again and again for COST_SECONDS. @returns its cost per request */
async function costOf(base: string, pid: number, name: string, path: string, body: Buffer): Promise<BodyCost> {
  const agent = new Agent({ keepAlive: false });
  let last = { status: 0, answerBytes: 0 };
  await post(`${base}${path}`, body, agent); // warm-up, left out
  const cpuBefore = await cpuMsOf(pid);
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < COST_SECONDS * 1000 || count < 5) {
    last = await post(`${base}${path}`, body, agent);
    count++;
  }
  const cpuMs = ((await cpuMsOf(pid)) - cpuBefore) / count;
  agent.destroy();
  const bytes = body.length;
  return {
    name,
    call: `POST ${path.slice("/api/v1".length)}`,
    bytes,
    ...last,
    cpuMs,
    msPerKiB: cpuMs / (bytes / 1024),
  };
}

/**
 * Runs the scenario on a new API process (PGlite): each body's cost, then the normal calls under
 * attack by the costliest.
 */
export async function hostileFigures(): Promise<HostileFigures> {
  const server = await startApiProcess({
    API_KEY,
    RATE_LIMIT_SEARCH: "9999999/60",
    SEARCH_CHALLENGE_AFTER: "9999999/60",
    RATE_LIMIT_PLAN: "9999999/60",
  });
  try {
    const pid = server.child.pid!;
    console.log(`Bounded work per request (PGlite, the server its own process; bodies sent with the API key alone)`);
    const bodies: BodyCost[] = [];
    const candidates = hostileBodies();
    for (const { name, path, body } of candidates) {
      const cost = await costOf(server.url, pid, name, `/api/v1${path}`, body);
      bodies.push(cost);
      console.log(
        `  ${name.padEnd(40)} ${cost.call.padEnd(32)} ${(cost.bytes / 1024).toFixed(0).padStart(5)} KiB -> ${cost.status || "closed"},` +
          ` ${cost.answerBytes} bytes; server CPU ${cost.cpuMs.toFixed(1)} ms a request = ${cost.msPerKiB.toFixed(3)} ms per KiB`,
      );
    }
    const worst = bodies.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
    const { cookie, claimId } = await aClaim(server.url, API_KEY);
    const normal = {
      url: `${server.url}/api/v1/claim/${claimId}`,
      method: "GET" as const,
      headers: { "x-api-key": API_KEY, cookie },
    };
    const worstBody = candidates.find((b) => b.name === worst.name)!;
    let stop = false;
    let hostileAnswered = 0;
    const agent = new Agent({ keepAlive: false });
    const attackers = Array.from({ length: HOSTILE_BUDGET.inFlight }, async () => {
      while (!stop) {
        await post(`${server.url}/api/v1${worstBody.path}`, worstBody.body, agent);
        hostileAnswered++;
      }
    });
    // The same calls first with nothing else in flight: what this machine gives at the moment.
    await pacedLoad(normal, HOSTILE_BUDGET.rate, LOAD_SETTINGS.warmupSeconds, LOAD_SETTINGS.connections);
    const alone = await pacedLoad(normal, HOSTILE_BUDGET.rate, HOSTILE_SECONDS, LOAD_SETTINGS.connections);
    console.log(
      `  GET claim/{id} at ${HOSTILE_BUDGET.rate}/s for ${HOSTILE_SECONDS} s alone: p50 ${alone.p50Ms.toFixed(1)} ms, p99 ${alone.p99Ms.toFixed(1)} ms, max ${alone.maxMs.toFixed(1)} ms, ${failureSummary(alone)}`,
    );
    let result: PacedResult;
    try {
      await pacedLoad(normal, HOSTILE_BUDGET.rate, LOAD_SETTINGS.warmupSeconds, LOAD_SETTINGS.connections);
      hostileAnswered = 0;
      result = await pacedLoad(normal, HOSTILE_BUDGET.rate, HOSTILE_SECONDS, LOAD_SETTINGS.connections);
    } finally {
      stop = true;
      await Promise.all(attackers);
      agent.destroy();
    }
    const figures: HostileFigures = { bodies, worst, alone, normal: result, hostileAnswered };
    console.log(
      `  GET claim/{id} at ${HOSTILE_BUDGET.rate}/s for ${HOSTILE_SECONDS} s with ${HOSTILE_BUDGET.inFlight} of "${worst.name}" in flight` +
        ` (${hostileAnswered} answered meanwhile): p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms, max ${result.maxMs.toFixed(1)} ms,` +
        ` ${failureSummary(result)}  [budget p99 < ${HOSTILE_BUDGET.p99UnderMs} ms, none failed: ${meetsHostileBudget(figures) ? "pass" : "FAIL"}]`,
    );
    return figures;
  } finally {
    await stopApiProcess(server);
  }
}

/**
 * The plan searches of a walk (POST /api/v1/search_plan), held at the network until the path says
 * how the API answers: the reference API's own answer, a 429 pause, no answer, or a 428 proof-of-work whose
 * challenge the walk makes with the server's own keys (server/http/search-challenge.ts). held-calls.ts
 * cannot give these: a challenge is answered by the same request again, from another invoke
 * (`solveAndSearch`), and a refused proof re-enters that invoke, so each request is answered here in
 * the order it came. Routed after held-calls.ts installs its route, so these requests never reach it.
 */
import type { BrowserContext, Route } from "playwright-core";
import { CHALLENGE_STATUS } from "../../contract/challenge.ts";
import { createRateLimiter } from "../../server/http/rate-limit.ts";
import { searchChallenges } from "../../server/http/search-challenge.ts";
import type { RunningServer } from "../../server/start.ts";

/** How long an answer waits for its request: the auto-wait of a Playwright locator, as in held-calls.ts. */
const ARRIVAL_TIMEOUT_MS = 30_000;

/** How the API answers one held search. */
export type SearchAnswerMode =
  { kind: "server" } | { kind: "challenge" } | { kind: "paused"; retryAfter: number } | { kind: "dropped" };

/** The held searches of one browser context, answered one at a time in the order they came. */
export class SearchCalls {
  private readonly arrived: Route[] = [];
  private waiting: ((route: Route) => void) | null = null;

  private constructor(private readonly server: RunningServer) {}

  /** Holds every search of `context` from now on; call before the page first searches. */
  static async install(context: BrowserContext, server: RunningServer): Promise<SearchCalls> {
    const calls = new SearchCalls(server);
    await context.route(/\/api\/v1\/search_plan$/, (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      if (calls.waiting) {
        calls.waiting(route);
        calls.waiting = null;
      } else calls.arrived.push(route);
    });
    return calls;
  }

  /**
   * Answers the oldest held search (waiting for it when none has come yet).
   * @throws Error when no search comes within ARRIVAL_TIMEOUT_MS
   */
  async answer(mode: SearchAnswerMode): Promise<void> {
    const route = await this.next();
    if (mode.kind === "server") return route.continue();
    if (mode.kind === "dropped") return route.abort("connectionreset");
    if (mode.kind === "paused") {
      return route.fulfill({
        status: 429,
        headers: { "Retry-After": String(mode.retryAfter) },
        json: { code: "TOO_MANY_REQUESTS", message: "Too many requests", retryAfter: mode.retryAfter },
      });
    }
    // A challenge as the server makes one, signed with its keys, so its solution is one it accepts.
    const body = await searchChallenges(this.server.config, createRateLimiter()).answer();
    return route.fulfill({ status: CHALLENGE_STATUS, headers: { "Cache-Control": "no-store" }, json: body });
  }

  private async next(): Promise<Route> {
    const first = this.arrived.shift();
    if (first) return first;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        new Promise<Route>((resolve) => (this.waiting = resolve)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error("The portal never sent the search (POST search_plan)")),
            ARRIVAL_TIMEOUT_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.waiting = null;
    }
  }
}

const installed = new WeakMap<BrowserContext, SearchCalls>();

/** Starts holding the searches of a walk's context (a start's `arrange`, before anything is searched). */
export async function holdSearches(context: BrowserContext, server: RunningServer): Promise<void> {
  installed.set(context, await SearchCalls.install(context, server));
}

/**
 * The held searches of a walk's context.
 * @throws Error when the start did not call holdSearches
 */
export function searchesOf(context: BrowserContext): SearchCalls {
  const calls = installed.get(context);
  if (!calls) throw new Error("The start did not hold the searches (holdSearches in its arrange)");
  return calls;
}

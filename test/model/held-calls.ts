/**
 * Holding an invoked actor's request at the network while a walk checks the busy state it shows
 * (the spinner of Submit, 'Loading your claim…'), then letting it through or answering it with the
 * failure the path asks for. Without the hold the reference API answers in a few milliseconds and
 * the busy state would be gone before anyone could look at it.
 */
import type { BrowserContext, Route } from "playwright-core";
import type { CallPattern } from "./table.ts";

/** How long a held call waits for its request: the auto-wait of a Playwright locator. */
const ARRIVAL_TIMEOUT_MS = 30_000;

/** A failure a path gives a call: an HTTP answer, or no answer at all (a dropped connection). */
export type CallFailure = { status: number; body?: unknown; headers?: Record<string, string> } | "dropped";

interface Hold {
  pattern: CallPattern;
  route: Route | null;
  arrived: Promise<Route>;
  arrive: (route: Route) => void;
}

/**
 * The calls of one walk: `hold(id)` before the gesture that starts it, then `release` or `fail`.
 * A failed call stays failed until it is held again, so the portal's own retries of a read (ky
 * retries a GET on a 5xx or no answer) meet the same failure, as they would with the API down.
 */
export class HeldCalls {
  private readonly holds = new Map<string, Hold>();
  private readonly failing = new Map<string, CallFailure>();

  constructor(private readonly patterns: Record<string, CallPattern>) {}

  /** Routes the context's API requests through this object. */
  async install(context: BrowserContext): Promise<void> {
    await context.route(/\/api\/v1\//, (route) => this.handle(route));
  }

  /** The next request of invoke `id` will be held. */
  hold(id: string): void {
    const pattern = this.patterns[id];
    if (!pattern) throw new Error(`No call pattern for invoke '${id}' in the QA table`);
    this.failing.delete(id);
    let arrive!: (route: Route) => void;
    const arrived = new Promise<Route>((resolve) => (arrive = resolve));
    this.holds.set(id, { pattern, route: null, arrived, arrive });
  }

  /** Lets the held request of `id` through to the server. */
  async release(id: string): Promise<void> {
    await (await this.take(id)).continue();
  }

  /** Answers the held request of `id` with a failure instead of the server. */
  async fail(id: string, failure: CallFailure): Promise<void> {
    const route = await this.take(id);
    this.failing.set(id, failure);
    await answer(route, failure);
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const path = new URL(request.url()).pathname.replace(/^.*?\/api\/v1\//, "");
    for (const [id, failure] of this.failing) {
      if (matches(this.patterns[id]!, request.method(), path)) return answer(route, failure);
    }
    for (const hold of this.holds.values()) {
      if (hold.route === null && matches(hold.pattern, request.method(), path)) {
        hold.route = route;
        hold.arrive(route);
        return;
      }
    }
    await route.continue();
  }

  private async take(id: string): Promise<Route> {
    const hold = this.holds.get(id);
    if (!hold) throw new Error(`The call '${id}' was not held: the model did not expect it to start`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The portal never made the call '${id}' (${hold.pattern.method} ${hold.pattern.path})`)), ARRIVAL_TIMEOUT_MS);
    });
    try {
      return await Promise.race([hold.arrived, late]);
    } finally {
      clearTimeout(timer);
      this.holds.delete(id);
    }
  }
}

const matches = (pattern: CallPattern, method: string, path: string) => pattern.method === method && pattern.path.test(path);

async function answer(route: Route, failure: CallFailure): Promise<void> {
  if (failure === "dropped") return route.abort("connectionreset");
  await route.fulfill({ status: failure.status, headers: failure.headers, contentType: "application/json", body: JSON.stringify(failure.body ?? { message: "Failed" }) });
}

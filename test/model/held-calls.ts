/**
 * Holding an invoked actor's request at the network while a walk checks the busy state it shows
 * (the spinner of Submit, 'Loading your claim…'), then letting it through or answering it with the
 * failure the path asks for. Without the hold the reference API answers in a few milliseconds and
 * the busy state would be gone before anyone could look at it. Work in the page is held at the
 * script it loads on first use (ScriptLoad). A machine's delays are not calls: the start pauses the
 * page's clock and the gesture of the delayed event runs it on.
 */
import type { BrowserContext, Route } from "playwright-core";
import type { ApiCall, CallPattern, ScriptLoad } from "./table.ts";

/**
 * How long a held call waits for its request: three times the auto-wait of a Playwright locator,
 * as the page may work a while before it: a 12 MP HEIC is converted before its PUT, which took
 * 13 to 16 s on a loaded 2-core machine.
 */
const ARRIVAL_TIMEOUT_MS = 90_000;

/** A failure a path gives a call: an HTTP answer, or no answer at all (a dropped connection). */
export type CallFailure = { status: number; body?: unknown; headers?: Record<string, string> } | "dropped";

interface Hold {
  pattern: ApiCall | ScriptLoad;
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
  /** Scripts the page has loaded: work waiting on them now runs in the page by itself. */
  private readonly loaded = new Set<string>();
  /** Ids held by nothing, as their work runs in the page: releasing one lets it be. */
  private readonly inPage = new Set<string>();

  constructor(private readonly patterns: Record<string, CallPattern>) {}

  /** Routes the context's API requests, and the scripts of ScriptLoad patterns, through this object. */
  async install(context: BrowserContext): Promise<void> {
    await context.route(/\/api\/v1\//, (route) => this.handle(route));
    const scripts = Object.values(this.patterns).filter(isScript);
    if (scripts.length)
      await context.route(
        (url) => scripts.some((one) => one.script.test(url.pathname)),
        (route) => this.handle(route),
      );
  }

  /**
   * The next request of invoke `id` will be held. Returns false when nothing can hold it: its
   * script has already loaded, so its work runs in the page and is over before anyone looks.
   */
  hold(id: string): boolean {
    const pattern = this.patterns[id];
    if (!pattern) throw new Error(`No call pattern for invoke '${id}' in the QA table`);
    this.failing.delete(id);
    this.inPage.delete(id);
    if (isScript(pattern) && this.loaded.has(id)) {
      this.inPage.add(id);
      return false;
    }
    let arrive!: (route: Route) => void;
    const arrived = new Promise<Route>((resolve) => (arrive = resolve));
    this.holds.set(id, { pattern, route: null, arrived, arrive });
    return true;
  }

  /** Waits until the held request of `id` has been made (a view's proof that the portal is at it). */
  async arrived(id: string): Promise<void> {
    const hold = this.holds.get(id);
    if (!hold) throw new Error(`The call '${id}' is not held: the model did not expect it to start`);
    await withArrivalTimeout(hold, id);
  }

  /** Lets the held request of `id` through to the server (work already in the page goes on by itself). */
  async release(id: string): Promise<void> {
    if (this.inPage.delete(id)) return;
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
    const url = new URL(request.url());
    const path = url.pathname.replace(/^.*?\/api\/v1\//, "");
    const matches = (pattern: CallPattern) =>
      isScript(pattern)
        ? pattern.script.test(url.pathname)
        : pattern.method === request.method() && pattern.path.test(path);
    for (const [id, failure] of this.failing) {
      if (matches(this.patterns[id]!)) return answer(route, failure);
    }
    for (const hold of this.holds.values()) {
      if (hold.route === null && matches(hold.pattern)) {
        hold.route = route;
        hold.arrive(route);
        return;
      }
    }
    for (const [id, pattern] of Object.entries(this.patterns))
      if (isScript(pattern) && matches(pattern)) this.loaded.add(id);
    await route.continue();
  }

  private async take(id: string): Promise<Route> {
    const hold = this.holds.get(id);
    if (!hold) throw new Error(`The call '${id}' was not held: the model did not expect it to start`);
    try {
      return await withArrivalTimeout(hold, id);
    } finally {
      this.holds.delete(id);
      if (isScript(hold.pattern)) this.loaded.add(id);
    }
  }
}

/** The held request once it arrives, or an error naming the call after ARRIVAL_TIMEOUT_MS. */
async function withArrivalTimeout(hold: Hold, id: string): Promise<Route> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The portal never made the call '${id}' (${describe(hold.pattern)})`)),
      ARRIVAL_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([hold.arrived, late]);
  } finally {
    clearTimeout(timer);
  }
}

const isScript = (pattern: CallPattern): pattern is ScriptLoad => "script" in pattern;
const describe = (pattern: ApiCall | ScriptLoad) =>
  isScript(pattern) ? `script ${pattern.script}` : `${pattern.method} ${pattern.path}`;

async function answer(route: Route, failure: CallFailure): Promise<void> {
  if (failure === "dropped") return route.abort("connectionreset");
  await route.fulfill({
    status: failure.status,
    headers: failure.headers,
    contentType: "application/json",
    body: JSON.stringify(failure.body ?? { message: "Failed" }),
  });
}

/**
 * The network of the screen tests, as MSW: the app's calls are answered by request handlers by
 * route, as a browser would meet a server, and recorded. A call no handler answers fails the test,
 * so a screen never passes on a call that went nowhere.
 */
import { http, type AnyHandler } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/** The claims API, where the unit project's VITE_API_BASE_URL puts it. */
export const API = "http://portal.test/api/v1/";

/** A call the app made, as the server received it. */
export interface RecordedCall {
  method: string;
  /** Path after API, with the query string (the whole URL for a call elsewhere). */
  path: string;
  /** The JSON body, undefined without one. */
  body: unknown;
  headers: Headers;
  /** The answer has been given to the app. */
  answered: boolean;
}

/** Every call of the app rendered last, in order, each noted before any handler answered it. */
export const calls: RecordedCall[] = [];

/** Every call but GETs, as { method, path, body }. */
export function writes(): Array<Pick<RecordedCall, "method" | "path" | "body">> {
  return calls.filter((call) => call.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));
}

/** A body as JSON when it is JSON, else as its text (a file's bytes, a form). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const callOf = new WeakMap<Request, RecordedCall>();
// Kept first in the handlers: its predicate notes the call and never matches, so the call goes on
// to the test's handlers, and one they do not answer stays unhandled (a handler that matched and
// answered nothing would let it pass through to the real network).
const recorder = http.all(
  async ({ request }) => {
    const text = await request.clone().text();
    const call = {
      method: request.method,
      path: request.url.startsWith(API) ? request.url.slice(API.length) : request.url,
      body: text ? jsonOrText(text) : undefined,
      headers: request.headers,
      answered: false,
    };
    callOf.set(request, call);
    calls.push(call);
    return false;
  },
  () => undefined,
);

const network = setupServer(recorder);
const unanswered: string[] = [];
network.events.on("response:mocked", ({ request }) => void (callOf.get(request)!.answered = true));
network.events.on("request:unhandled", ({ request }) => void unanswered.push(`${request.method} ${request.url}`));
beforeAll(() => network.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  network.resetHandlers();
  calls.length = 0;
  const missed = unanswered.splice(0);
  if (missed.length > 0) throw new Error(`No request handler answered: ${missed.join(", ")}`);
});
afterAll(() => network.close());

/** From now on the app's calls are answered by `handlers` (the first that answers wins), recorded afresh in `calls`. */
export function answerWith(handlers: AnyHandler[]): void {
  calls.length = 0;
  network.resetHandlers(recorder, ...handlers);
}

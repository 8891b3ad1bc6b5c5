// @vitest-environment jsdom
/**
 * afterFirstPaint (src/lib/after-first-paint.ts): a prerendered page's entry waits for the
 * browser's report of the first contentful paint, and never longer than its limit; a hidden page
 * does not wait; nor does a browser that reports no paints, past one frame.
 */
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { afterFirstPaint } from "../../src/lib/after-first-paint.ts";

/** A stand-in for the browser's PerformanceObserver: `report` delivers paint entries. */
let report: (names: string[]) => void;
let disconnected: boolean;
class FakeObserver {
  static supportedEntryTypes = ["paint"];
  constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    report = (names) => callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
  }
  observe() {}
  disconnect() {
    disconnected = true;
  }
}

let visibility: DocumentVisibilityState;
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  disconnected = false;
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Whether the promise has settled once a timeout of 0 ms set now would have run (1 ms later). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(1);
  return done;
}

it("resolves only once the first contentful paint is reported, and stops observing", async () => {
  const waiting = afterFirstPaint();
  expect(await settled(waiting)).toBe(false);
  report(["first-paint"]);
  expect(await settled(waiting)).toBe(false);
  report(["first-contentful-paint"]);
  expect(await settled(waiting)).toBe(true);
  expect(disconnected).toBe(true);
});

it("does not wait past its limit for a paint that is never reported", async () => {
  const waiting = afterFirstPaint(500);
  await vi.advanceTimersByTimeAsync(490);
  expect(await settled(waiting)).toBe(false);
  await vi.advanceTimersByTimeAsync(9);
  expect(await settled(waiting)).toBe(true);
});

it("does not wait on a hidden page, which paints nothing until shown", async () => {
  visibility = "hidden";
  expect(await settled(afterFirstPaint())).toBe(true);
});

it("waits one frame in a browser that does not report paints", async () => {
  vi.stubGlobal("PerformanceObserver", class extends FakeObserver {
    static override supportedEntryTypes = ["navigation"];
  });
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  const waiting = afterFirstPaint();
  expect(await settled(waiting)).toBe(false);
  expect(frames).toHaveLength(1);
  frames[0]!(0);
  expect(await settled(waiting)).toBe(true);
});

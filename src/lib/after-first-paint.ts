/**
 * Resolves once the browser has shown the page as the server sent it: when it reports
 * the first contentful paint, which it does once that frame is on screen, not merely drawn. A
 * prerendered page's entry waits for this before it loads the code that hydrates the page, so
 * the page's largest paint never waits on a script: on a fast link the scripts would otherwise
 * arrive, and run, before it. A hidden page paints nothing until shown, so it does not wait; nor
 * does a browser that does not report paints (it waits a frame), nor any page past `limitMs`.
 */
export function afterFirstPaint(limitMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const hidden = document.visibilityState !== "visible";
    const reportsPaints = typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint");
    let settled = false;
    const observer = hidden || !reportsPaints ? undefined : new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) done();
    });
    const limit = setTimeout(done, limitMs);
    function done() {
      if (settled) return;
      settled = true;
      observer?.disconnect();
      clearTimeout(limit);
      // In a task of its own, after the one that reported the paint.
      setTimeout(resolve, 0);
    }
    if (hidden) done();
    else if (observer) observer.observe({ type: "paint", buffered: true });
    else requestAnimationFrame(done);
  });
}

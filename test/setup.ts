// Testing Library cleans up between tests only when told; jsdom files opt in with a docblock.
import { afterEach } from "vitest";

if (typeof document !== "undefined") {
  await import("@testing-library/jest-dom/vitest");
  // findBy*/waitFor wait for what a person would see. A route's screen appears after its module
  // chain is first transformed, which on a busy 2-core CI machine can pass Testing Library's 1 s
  // default (seen: missing item -> Back to Claim -> the wizard's step 2). Waiting longer changes
  // nothing for a passing test; a screen that never appears still fails. 5 s was once passed too:
  // a file's first route (the warranty-number screen, before the search challenge) under a load
  // average of 13 here; 15 s stays well inside the test's own 30 s.
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 15_000 });
  // jsdom has no media queries; react-hot-toast asks for prefers-reduced-motion.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  // jsdom has no layout, so no scrolling: its scroll methods only print "Not implemented" (the
  // router resets the scroll position on every navigation). A page that is never laid out has
  // nothing to scroll; do nothing, quietly. Other "Not implemented" methods (alert, open, ...) stay loud.
  const noScroll = () => {};
  window.scrollTo = noScroll;
  window.scroll = noScroll;
  window.scrollBy = noScroll;
}

afterEach(async () => {
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
    // A wizard keeps its unsaved input in session storage: each test starts a new tab.
    window.sessionStorage.clear();
  }
});

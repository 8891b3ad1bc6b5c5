/**
 * What a page made before its scripts ran (the prerendered loading frame, a claim step the server
 * rendered) says when they never arrive: a `<noscript>` line where JavaScript is off, and a line
 * the stylesheet alone reveals after LATE_AFTER_S seconds, since the app's own watchdog
 * (LoadWatchdog.tsx, SPEC.md section 9's 120 s) cannot count without its script. Once the app has
 * drawn the page, neither is there.
 */
import { Trans } from "@lingui/react/macro";

/** When the stylesheet reveals the line, in seconds. */
const LATE_AFTER_S = 30;

export function ScriptsLate() {
  return (
    <>
      <noscript>
        <p className="form-error">
          <Trans>This portal needs JavaScript. Turn it on in your browser's settings, then reload the page.</Trans>
        </p>
      </noscript>
      <p className="scripts-late" style={{ animationDelay: `${LATE_AFTER_S}s` }}>
        <Trans>This page is taking longer than it should. Check your connection, then reload the page.</Trans>
      </p>
    </>
  );
}

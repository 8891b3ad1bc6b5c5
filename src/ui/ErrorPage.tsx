/**
 * The generic error page every route shows on failure (SPEC.md section 2 "Error page"): the error's
 * status text or message, or 'An unexpected error occurred.', with Refresh Page and Go Home. A
 * page's code or a call that did not arrive is said in words, in the screen's language, instead of
 * the browser's technical message (which names a script file). A call the API refused is said as
 * the catalog message its answer stands for (src/api/refusals.ts), never in the server's English.
 */
import { useLingui } from "@lingui/react/macro";
import { Button } from "./Button.tsx";
import { callErrorMessage } from "../api/refusals.ts";
import { ScreenHeading } from "./ScreenHeading.tsx";

/** The browsers' messages for a script chunk that did not load (Chromium, Safari, Firefox). */
const CODE_NOT_LOADED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
/** The browsers' messages for a fetch that reached no server. */
const NO_CONNECTION = /^(Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed)$/;

/** The error page for `error` (anything a route or a load may throw). */
export function ErrorPage({ error }: { error: unknown }) {
  const { t, i18n } = useLingui();
  const message = error instanceof Error ? error.message : "";
  const refusal = callErrorMessage(error);
  const detail = refusal
    ? i18n._(refusal)
    : CODE_NOT_LOADED.test(message)
      ? t`Part of this page could not be loaded. Check your connection, then refresh the page.`
      : error instanceof TypeError && NO_CONNECTION.test(message)
        ? t`We could not reach our server. Check your connection, then refresh the page.`
        : (error as { statusText?: string } | null)?.statusText || message || t`An unexpected error occurred.`;
  return (
    <section className="screen error-page">
      <ScreenHeading title={t`Oops! Something went wrong`} />
      <p>{detail}</p>
      <div className="actions">
        <Button onClick={() => window.location.reload()}>{t`Refresh Page`}</Button>
        <Button variant="secondary" onClick={() => window.location.assign("/")}>
          {t`Go Home`}
        </Button>
      </div>
      <footer className="copyright">© {new Date().getFullYear()} ProtectPlan</footer>
    </section>
  );
}

/**
 * The generic error page every route shows on failure (SPEC.md section 2 "Error page"): the error's
 * status text or message, or 'An unexpected error occurred.', with Refresh Page and Go Home.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "./Button.tsx";

export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useLingui();
  const detail =
    (error as { statusText?: string } | null)?.statusText || (error instanceof Error && error.message) || t`An unexpected error occurred.`;
  return (
    <section className="screen error-page">
      <h1>
        <Trans>Oops! Something went wrong</Trans>
      </h1>
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

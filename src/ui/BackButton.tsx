/**
 * Back button: runs the given action, or goes one page back in the portal. Back never leaves the
 * portal: a page opened first in its tab (a link from an email) has no page of ours behind it, and
 * the browser's Back would go to a blank tab.
 */
import { useLingui } from "@lingui/react/macro";
import { Link, useRouter, type LinkProps } from "@tanstack/react-router";

/** The start of a search: where the welcome page's Start leads, and a Back with no portal page behind it. */
export const SEARCH_START = "/find-claim/select-search-method";

/** One page back in the portal's history, or `fallback` (a portal path) when this is the tab's first page of ours. */
export function useGoBack(fallback: string = SEARCH_START): () => void {
  const router = useRouter();
  return () => (router.history.canGoBack() ? router.history.back() : void router.navigate({ to: fallback }));
}

/** '← Back': `onBack` when given, else one page back in the portal (useGoBack). */
export function BackButton({ onBack }: { onBack?: () => void }) {
  const { t } = useLingui();
  const goBack = useGoBack();
  return (
    <button type="button" className="back-button" onClick={onBack ?? goBack}>
      <span aria-hidden="true">←</span> {t`Back`}
    </button>
  );
}

/**
 * '← Back' as a link to `to`, the look of BackButton: on a page the build rendered whole
 * (contract/rendered-routes.ts) it works before the app hydrates it, as a plain link.
 */
export function BackLink({ to }: { to: LinkProps["to"] }) {
  const { t } = useLingui();
  return (
    <Link to={to} className="back-button">
      <span aria-hidden="true">←</span> {t`Back`}
    </Link>
  );
}

/**
 * The whole page a signed link (a plan link or a finish-later link) gets when it is followed from
 * another site (src/server/link-hand-over.ts says why): it opens its own address again at once, now
 * from the portal's origin, which brings the visitor's session cookie along. A meta refresh with no
 * address, which reloads the page's own, as the pages' Content-Security-Policy allows no inline
 * script; its link, an empty reference to the same address, is for a browser that does not follow
 * meta refreshes. Static: the same page for every link, prerendered once per language.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { Locale } from "../i18n.ts";

/** The document, `<html>` down, in `locale` (the I18nProvider's language). */
export function LinkHandOverPage({ locale }: { locale: Locale }) {
  const { t } = useLingui();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="refresh" content="0" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{t`Opening your plan…`}</title>
      </head>
      <body>
        <p>
          {/* eslint-disable-next-line jsx-a11y-x/anchor-is-valid -- "" is this page's own address, query and all: the one reference a page shared by every link can give */}
          <a href="">
            <Trans>Open your plan</Trans>
          </a>
        </p>
      </body>
    </html>
  );
}

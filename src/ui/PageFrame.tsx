/**
 * Every page's frame (SPEC.md section 2): the skip link, the fixed header, the main region the
 * screen goes in, and the live region that says each new screen's title (ScreenHeading.tsx).
 */
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { HeaderBar, Logo } from "./HeaderBar.tsx";
import { PageLoading } from "./PageLoading.tsx";
import { ScreenAnnouncer } from "./ScreenHeading.tsx";

/** The frame with `header`: the app's root layout gives the header with its router link home. */
export function PageFrame({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <ScreenAnnouncer>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      {header}
      <main id="main" className="content">
        {children}
      </main>
    </ScreenAnnouncer>
  );
}

/**
 * The frame where no router runs, its logo a plain link home: the prerendered pages (src/welcome/)
 * and the app's first page until the router has a route to draw (LoadWatchdog.tsx).
 * @param languageSwitch false on a page no script runs on yet (HeaderBar)
 */
export function PlainPageFrame({ languageSwitch = true, children }: { languageSwitch?: boolean; children: ReactNode }) {
  return (
    <PageFrame
      header={
        <HeaderBar
          languageSwitch={languageSwitch}
          home={
            <a href="/" className="logo">
              <Logo />
            </a>
          }
        />
      }
    >
      {children}
    </PageFrame>
  );
}

/**
 * The first page of a visit until its route can draw: the plain frame and the loading line. The
 * build prerenders it into the app page's HTML (src/welcome/render.tsx, without the switch), and
 * the app shows it until the router has a route (LoadWatchdog.tsx), so the one replaces the other
 * with nothing a person sees changing but the switch.
 */
export function FirstPageLoading({ languageSwitch = true }: { languageSwitch?: boolean }) {
  return (
    <PlainPageFrame languageSwitch={languageSwitch}>
      <PageLoading />
    </PlainPageFrame>
  );
}

/**
 * The welcome page as a first visit gets it: the app's header and welcome screen without
 * the router, prerendered to HTML at build time in English and Spanish (render.tsx) and never
 * hydrated: its controls are HTML, and its one small script (src/prerendered-entry.ts) wires the
 * rest. Start and the logo lead into the app by plain page loads.
 */
import { Trans } from "@lingui/react/macro";
import { WelcomeScreen } from "../screens/welcome/WelcomeScreen.tsx";
import { SEARCH_START } from "../ui/BackButton.tsx";
import { HeaderBar, Logo } from "../ui/HeaderBar.tsx";

export function WelcomePage() {
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <HeaderBar
        home={
          <a href="/" className="logo">
            <Logo />
          </a>
        }
      />
      <main id="main" className="content">
        <WelcomeScreen onStart={() => window.location.assign(SEARCH_START)} />
      </main>
    </>
  );
}

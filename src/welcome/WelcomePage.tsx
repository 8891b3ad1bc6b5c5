/**
 * The welcome page as a first visit gets it: the app's header and welcome screen without
 * the router, prerendered to HTML at build time in English and Spanish (render.tsx) and never
 * hydrated: its controls are HTML, and its one small script (src/prerendered-entry.ts) wires the
 * rest. Start and the logo lead into the app by plain page loads.
 */
import { WelcomeScreen } from "../screens/welcome/WelcomeScreen.tsx";
import { SEARCH_START } from "../ui/BackButton.tsx";
import { PlainPageFrame } from "../ui/PageFrame.tsx";

export function WelcomePage() {
  return (
    <PlainPageFrame>
      <WelcomeScreen onStart={() => window.location.assign(SEARCH_START)} />
    </PlainPageFrame>
  );
}

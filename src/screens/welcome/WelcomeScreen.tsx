/**
 * The welcome screen (SPEC.md section 1 and 2 "Welcome screen"): banner, the four steps, Start, the
 * 'Claim Video Tutorial' dialog, and the FAQ accordion with every item expanded at first. It knows
 * no router: Start calls `onStart`, so the same screen serves the app's "/" route and the welcome
 * page prerendered at build time (src/welcome/). Every control on it is HTML that works before any
 * script has run (a form, a dialog opened by a button's command, `<details>`), so a tap on the
 * prerendered page counts even before its code has loaded.
 */
import { useLingui } from "@lingui/react/macro";
import { config } from "../../config.ts";
import { SEARCH_START } from "../../ui/BackButton.tsx";
import { Button } from "../../ui/Button.tsx";
import banner from "./banner.svg";
import { Faq } from "./Faq.tsx";
import { TutorialDialog, TutorialOpener } from "./TutorialDialog.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";

export function WelcomeScreen({ onStart }: { onStart: () => void }) {
  const { t } = useLingui();
  return (
    <section className="screen welcome">
      {/* Sized, so nothing moves when it arrives; first on the page, so fetched first. */}
      <img
        className="banner"
        src={banner}
        width={750}
        height={300}
        alt={t`A living room with a sofa, a plant and a lamp`}
        fetchPriority="high"
        decoding="async"
      />
      <ScreenHeading title={t`File a damage claim on your protection plan`} />
      <ol className="journey">
        <li>{t`Find Warranty`}</li>
        <li>{t`Select Product`}</li>
        <li>{t`Provide claim information`}</li>
        <li>{t`Submit`}</li>
      </ol>
      {/* A form, so Start works before any script has run on the prerendered page: the browser then
          goes to the first search step itself; in the app, onStart does it. */}
      <form
        action={SEARCH_START}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          onStart();
        }}
      >
        <div className="actions">
          <Button type="submit">{t`Start`}</Button>
          <TutorialOpener />
        </div>
      </form>
      <TutorialDialog videoUrl={config.tutorialVideoUrl} captionsUrl={config.tutorialCaptionsUrl} />
      <Faq />
    </section>
  );
}

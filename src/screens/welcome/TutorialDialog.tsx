/**
 * 'Claim Video Tutorial' (SPEC.md "Welcome screen", "Other states: tutorial dialog open or
 * closed"): a modal dialog that plays the tutorial video, with captions in the page's language when
 * a captions URL is set, and 'View in fullscreen' on small screens. With no video URL it says
 * politely that the video is not available.
 *
 * The browser opens and closes it, not React: the buttons name the dialog with `commandfor` and
 * say `command="show-modal"` or `command="close"` (Invoker Commands), so on the prerendered welcome
 * page they work from the first paint, before any script has run. Escape, focus kept inside and the
 * inert page behind come with the native modal dialog. The rest (the same for a browser without
 * Invoker Commands, pausing the video, focus back to the opener, fullscreen) is plain DOM wiring in
 * tutorial-dialog-behaviour.ts, which the dialog runs from an effect here and the prerendered page
 * from its one script.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Button } from "../../ui/Button.tsx";
import {
  TUTORIAL_DIALOG_ID as DIALOG_ID,
  TUTORIAL_OPENER_ID as OPENER_ID,
  wireTutorialDialog,
} from "./tutorial-dialog-behaviour.ts";

const TITLE_ID = "tutorial-dialog-title";

/** The 'Claim Video Tutorial' button, which opens the dialog as a modal. */
export function TutorialOpener() {
  const { t } = useLingui();
  return (
    <Button id={OPENER_ID} variant="secondary" command="show-modal" commandfor={DIALOG_ID}>
      {t`Claim Video Tutorial`}
    </Button>
  );
}

export interface TutorialDialogProps {
  /** The video's address; empty when none is configured. */
  videoUrl: string;
  /** A WebVTT captions file; empty when none. */
  captionsUrl: string;
}

/** The dialog itself, closed until its opener (TutorialOpener) is pressed. */
export function TutorialDialog({ videoUrl, captionsUrl }: TutorialDialogProps) {
  const { t, i18n } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  // The whole document: the opener is outside the dialog.
  useEffect(() => wireTutorialDialog(dialog.current!.ownerDocument), []);
  return (
    <dialog ref={dialog} id={DIALOG_ID} className="dialog" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>{t`Claim Video Tutorial`}</h2>
      {videoUrl ? (
        <>
          {/* The player is in the page from the start, closed: preload none, so it takes nothing
              from the page's first load until the visitor opens it and presses play. */}
          {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- the captions <track> is rendered below whenever a captions URL is configured; the rule cannot see a conditional child */}
          <video
            className="tutorial-video"
            src={videoUrl}
            controls
            playsInline
            preload="none"
            aria-label={t`How to file a damage claim`}
          >
            {captionsUrl && (
              <track kind="captions" src={captionsUrl} srcLang={i18n.locale} label={t`Captions`} default />
            )}
          </video>
          {/* data-fullscreen: FULLSCREEN_ATTRIBUTE, what the wiring's click handler looks for. */}
          <Button variant="secondary" className="fullscreen-only-small" data-fullscreen="">
            {t`View in fullscreen`}
          </Button>
        </>
      ) : (
        <p>
          <Trans>
            Sorry, the video tutorial is not available right now. The steps on this page and the questions below explain
            how to file a claim.
          </Trans>
        </p>
      )}
      <div className="actions">
        <Button command="close" commandfor={DIALOG_ID}>
          {t`Close`}
        </Button>
      </div>
    </dialog>
  );
}

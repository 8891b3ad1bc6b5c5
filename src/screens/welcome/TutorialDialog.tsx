/**
 * 'Claim Video Tutorial' (SPEC.md "Welcome screen", "Other states: tutorial dialog open or
 * closed"): a modal dialog that plays the tutorial video, with captions in the page's language when
 * a captions URL is set, and 'View in fullscreen' on small screens. With no video URL it says
 * politely that the video is not available.
 *
 * The browser opens and closes it, not React: the buttons name the dialog with `commandfor` and
 * say `command="show-modal"` or `command="close"` (Invoker Commands), so on the prerendered welcome
 * page they work from the first paint, before any script has run, and hydration meets a dialog
 * whose open state React never held. Escape, focus kept inside and the inert page behind come with
 * the native modal dialog. A browser without Invoker Commands gets the same from the buttons'
 * clicks once the page is hydrated.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, type MouseEvent } from "react";
import { Button } from "../../ui/Button.tsx";

/** One welcome screen per page, so fixed ids: the buttons name the dialog in the HTML itself. */
const DIALOG_ID = "tutorial-dialog";
const OPENER_ID = "tutorial-opener";
const TITLE_ID = "tutorial-dialog-title";

/**
 * A click handler for a browser that does not run `command`/`commandfor` itself: does to the
 * tutorial dialog what the button's command says. Where the browser runs commands it does nothing,
 * since the browser has done it already.
 */
function unlessBrowserRunsCommands(act: (dialog: HTMLDialogElement) => void) {
  return (event: MouseEvent<HTMLButtonElement>) => {
    if ("command" in HTMLButtonElement.prototype) return;
    const dialog = event.currentTarget.ownerDocument.getElementById(DIALOG_ID);
    if (dialog instanceof HTMLDialogElement) act(dialog);
  };
}

/** The 'Claim Video Tutorial' button, which opens the dialog as a modal. */
export function TutorialOpener() {
  const { t } = useLingui();
  return (
    <Button
      id={OPENER_ID}
      variant="secondary"
      command="show-modal"
      commandfor={DIALOG_ID}
      onClick={unlessBrowserRunsCommands((dialog) => {
        if (!dialog.open) dialog.showModal();
      })}
    >
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
  const video = useRef<HTMLVideoElement>(null);
  return (
    <dialog
      id={DIALOG_ID}
      className="dialog"
      aria-labelledby={TITLE_ID}
      // The visitor may open it before hydration: the `open` the browser then set is theirs to keep.
      suppressHydrationWarning
      onClose={(event) => {
        video.current?.pause();
        // Browsers give focus back to the opener themselves; one that does not leaves it on the
        // hidden Close button or the page's body, where a keyboard user would lose their place.
        const focused = event.currentTarget.ownerDocument.activeElement;
        if (!focused || focused === event.currentTarget.ownerDocument.body || event.currentTarget.contains(focused)) {
          event.currentTarget.ownerDocument.getElementById(OPENER_ID)?.focus();
        }
      }}
    >
      <h2 id={TITLE_ID}>{t`Claim Video Tutorial`}</h2>
      {videoUrl ? (
        <>
          {/* The player is in the page from the start, closed: preload none, so it takes nothing
              from the page's first load until the visitor opens it and presses play. */}
          {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- the captions <track> is rendered below whenever a captions URL is configured; the rule cannot see a conditional child */}
          <video ref={video} className="tutorial-video" src={videoUrl} controls playsInline preload="none" aria-label={t`How to file a damage claim`}>
            {captionsUrl && <track kind="captions" src={captionsUrl} srcLang={i18n.locale} label={t`Captions`} default />}
          </video>
          <Button variant="secondary" className="fullscreen-only-small" onClick={() => void video.current?.requestFullscreen?.()}>
            {t`View in fullscreen`}
          </Button>
        </>
      ) : (
        <p>
          <Trans>Sorry, the video tutorial is not available right now. The steps on this page and the questions below explain how to file a claim.</Trans>
        </p>
      )}
      <div className="actions">
        <Button command="close" commandfor={DIALOG_ID} onClick={unlessBrowserRunsCommands((dialog) => dialog.close())}>
          {t`Close`}
        </Button>
      </div>
    </dialog>
  );
}

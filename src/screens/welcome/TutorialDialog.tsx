/**
 * 'Claim Video Tutorial' (SPEC.md "Welcome screen", "Other states: tutorial dialog open or
 * closed"): a modal dialog that plays the tutorial video, with captions in the page's language when
 * a captions URL is set, and 'View in fullscreen' on small screens. With no video URL it says
 * politely that the video is not available. Focus is trapped by the native modal dialog and returns
 * to the button that opened it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";

export interface TutorialDialogProps {
  open: boolean;
  onClose: () => void;
  /** The video's address; empty when none is configured. */
  videoUrl: string;
  /** A WebVTT captions file; empty when none. */
  captionsUrl: string;
}

export function TutorialDialog({ open, onClose, videoUrl, captionsUrl }: TutorialDialogProps) {
  const { t, i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  return (
    <Dialog open={open} title={t`Claim Video Tutorial`} onClose={onClose}>
      {videoUrl ? (
        <>
          {/* eslint-disable-next-line jsx-a11y-x/media-has-caption -- the captions <track> is rendered below whenever a captions URL is configured; the rule cannot see a conditional child */}
          <video ref={video} className="tutorial-video" src={videoUrl} controls playsInline preload="metadata" aria-label={t`How to file a damage claim`}>
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
        <Button onClick={onClose}>{t`Close`}</Button>
      </div>
    </Dialog>
  );
}

/**
 * A screen's main heading and the page it names. Each screen has its own document title ('Step 4
 * of 5: Report your damage – ProtectPlan Claims') in the screen's language. When a screen replaces
 * another inside the app, its heading takes focus and a polite live region says its title, so a
 * screen reader user hears that the screen changed; the first screen of a visit leaves focus where
 * the browser put it.
 */
import { useLingui } from "@lingui/react/macro";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

interface Announcer {
  /** Records a screen shown; true when another was shown before it in this frame. */
  shown(title: string): boolean;
}

const AnnouncerContext = createContext<Announcer | null>(null);

/** The live region that says each new screen's title, and the memory of whether one was shown. */
export function ScreenAnnouncer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState("");
  const first = useRef(true);
  const [announcer] = useState<Announcer>(() => ({
    shown(title) {
      if (first.current) {
        first.current = false;
        return false;
      }
      setSaid(title);
      return true;
    },
  }));
  return (
    <AnnouncerContext.Provider value={announcer}>
      {children}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said}
      </p>
    </AnnouncerContext.Provider>
  );
}

/**
 * Names the page after `title` whenever it changes and, from the second screen on, announces the
 * title and moves focus to `focus` (when given), once per screen: on mount and when `screen`
 * changes (a wizard's step). A title that changes while the screen stays (a language switch,
 * 'Verify' becoming 'Update') is no new screen and must not take focus from the field typed in.
 */
export function usePageTitle(
  title: string | null,
  { focus, screen }: { focus?: RefObject<HTMLElement | null>; screen?: unknown } = {},
): void {
  const { t } = useLingui();
  const announcer = useContext(AnnouncerContext);
  // null: a screen shown within this one names the page instead (its effects run first).
  const pageTitle =
    title === null
      ? null
      : t({
          message: `${title} – ProtectPlan Claims`,
          comment: "The browser tab's title: a screen's title, then the site's name",
        });
  useEffect(() => {
    if (pageTitle !== null) document.title = pageTitle;
  }, [pageTitle]);
  const announcedFor = useRef<{ screen: unknown } | null>(null);
  useEffect(() => {
    if (title === null || (announcedFor.current && Object.is(announcedFor.current.screen, screen))) return;
    announcedFor.current = { screen };
    if (announcer?.shown(title)) focus?.current?.focus();
  }, [announcer, title, focus, screen]);
}

/**
 * A screen's `<h1>`: `title` is its text, `pageTitle` the document title when it should say more
 * (which search), `screen` what makes it a new screen while mounted (usePageTitle).
 */
export function ScreenHeading({ title, pageTitle, screen }: { title: string; pageTitle?: string; screen?: unknown }) {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageTitle ?? title, { focus: heading, screen });
  return (
    <h1 tabIndex={-1} ref={heading}>
      {title}
    </h1>
  );
}

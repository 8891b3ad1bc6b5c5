/**
 * Server-provided names that follow a language switch (SPEC.md section 9): a screen keeps what it
 * loaded in the language it opened in, and this hook loads the same again in the language on
 * screen whenever that differs, once per language for the screen's life, so switching back and
 * forth costs nothing after the first time.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { localeOf, shownLocale, type Locale } from "../i18n.ts";

/**
 * What `load` gives in the language on screen, or null while that is the language the screen
 * opened in (its own records are then the right ones), or while the load runs, or when it failed
 * (the screen keeps its own records: names in the last language rather than no names).
 * `load` is called with the language wanted; its rejections are dropped. The Accept-Language of
 * its calls is the language on screen (src/api/http.ts), which is the one passed. Pass the same
 * `load` on every render (a module's function, or one made once): a new one loads again.
 */
export function useInShownLanguage<T>(load: (language: Locale) => Promise<T>): T | null {
  const { i18n } = useLingui();
  const language = localeOf(i18n.locale) ?? "en";
  // The language the screen's own records came in: its calls asked for the one being put on
  // screen (shownLocale), which during a switch is not yet the active one.
  const [opened] = useState(shownLocale);
  // While a switch's catalog loads, calls would ask for the next language (Accept-Language is
  // shownLocale) though the screen still shows this one: nothing is loaded until it is on screen.
  // Lingui's change at the end of the switch renders again, also when it fell back to English.
  const switching = language !== shownLocale();
  const [loaded, setLoaded] = useState<ReadonlyMap<Locale, T>>(new Map());

  useEffect(() => {
    if (switching || language === opened || loaded.has(language)) return;
    let current = true;
    load(language).then(
      (value) => {
        // A switch while the calls ran may have put some of them in the next language: dropped.
        if (!current) return;
        setLoaded((before) => new Map(before).set(language, value));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [switching, language, opened, load, loaded]);

  return language === opened ? null : (loaded.get(language) ?? null);
}

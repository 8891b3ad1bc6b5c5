/**
 * The whole script of the prerendered welcome page (welcome.html; scripts/prerender-pages.ts).
 * The page arrives painted from its HTML, and its controls work without script (Start a form, the
 * tutorial a dialog opened by a button's command, the FAQ `<details>`; src/screens/welcome/), so
 * no React comes: this wires the tutorial dialog with the app's own plain-DOM code
 * (tutorial-dialog-behaviour.ts) and makes the language switch ask the server for the page in the
 * language chosen. It imports nothing heavier than those, so it can run as soon as it arrives.
 * The stylesheet is imported so the build inlines it into the page.
 */
import { LANGUAGE_QUERY, localeOf } from "../contract/locales.ts";
import { keepLanguage } from "./lib/language-cookie.ts";
import { wireTutorialDialog } from "./screens/welcome/tutorial-dialog-behaviour.ts";
import "./styles.css";

wireTutorialDialog(document);

// SPEC.md section 9: the choice is kept in the language cookie as the app keeps it (src/i18n.ts
// activateLocale), and the server sends "/" in the cookie's language (src/server/welcome-page.ts)
// unless the address names one with ?lng=, which the choice replaces.
document.querySelector<HTMLSelectElement>(".language-switch select")?.addEventListener("change", (event) => {
  const locale = localeOf((event.target as HTMLSelectElement).value);
  if (!locale) return;
  keepLanguage(locale);
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANGUAGE_QUERY)) {
    url.searchParams.delete(LANGUAGE_QUERY);
    window.location.replace(url);
  } else {
    window.location.reload();
  }
});

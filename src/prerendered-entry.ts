/**
 * Entry of the prerendered welcome page (welcome.html; scripts/prerender-welcome.ts). The page
 * arrives painted from its HTML; only once the browser has shown it does this load the code that
 * hydrates it (welcome/hydrate.tsx), by its URL (scripts/chunk-url.ts), so this script imports no
 * other and nothing else is fetched before that paint. No tap is lost to that wait: the page's
 * controls are HTML that works before any script (Start a form, the tutorial a dialog opened by a
 * button's command, the FAQ `<details>`; src/screens/welcome/), and hydration keeps what they did.
 * The stylesheet is imported so the build inlines it into the page.
 */
import welcomeUrl from "chunk-url:./welcome/hydrate.tsx";
import { afterFirstPaint } from "./lib/after-first-paint.ts";
import "./styles.css";

void afterFirstPaint().then(() => import(/* @vite-ignore */ welcomeUrl));

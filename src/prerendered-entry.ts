/**
 * Entry of every prerendered page: the welcome page (welcome.html) and the app pages of
 * PRERENDERED_APP_PATHS, whose HTML the build points here (scripts/prerender-welcome.ts). The page
 * arrives painted from its HTML; only once the browser has shown it does this load the code that
 * makes it interactive: for an app page the app's entry, which the build names on #root
 * (data-entry), else the welcome page's (welcome/hydrate.tsx). It imports no other script itself,
 * so nothing else is fetched before that paint. No tap is lost to that wait: the welcome page's
 * controls are HTML that works before any script (Start a form, the tutorial a dialog opened by a
 * button's command, the FAQ `<details>`; src/screens/welcome/), and hydration keeps what they did.
 * The stylesheet is imported so the build inlines it into the pages.
 */
import welcomeUrl from "chunk-url:./welcome/hydrate.tsx";
import { afterFirstPaint } from "./lib/after-first-paint.ts";
import "./styles.css";

const appEntry = document.getElementById("root")?.dataset.entry;
void afterFirstPaint().then(() => import(/* @vite-ignore */ appEntry ?? welcomeUrl));

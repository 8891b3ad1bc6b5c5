/**
 * Entry of the prerendered welcome page (welcome.html, issue 12). The page arrives painted from its
 * HTML; only once the browser has shown it does this load the code that makes it interactive
 * (hydrate.tsx), so its largest paint never waits on a script. It imports no other script itself,
 * so nothing else is fetched before that paint. The stylesheet is imported so the build inlines
 * it into the page.
 */
import hydrateUrl from "chunk-url:./hydrate.tsx";
import { afterFirstPaint } from "../lib/after-first-paint.ts";
import "../styles.css";

void afterFirstPaint().then(() => import(/* @vite-ignore */ hydrateUrl));

/**
 * Entry of the app (index.html): the first route's code and calls start at once, beside the
 * language's catalog; the app renders when the catalog is in. docs/first-load.md tells the whole
 * sequence and why.
 */
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RENDERED_ROUTE_ATTRIBUTE } from "../contract/rendered-routes.ts";
import { AppRoot, createAppRouter, type AppRouter } from "./app-root.tsx";
import { activateLocale, i18n, startLocale, type Locale } from "./i18n.ts";
import "./styles.css";

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

const router = createAppRouter();

/**
 * Starts the app in `locale`. The language is named first (activateLocale names it at once,
 * src/i18n.ts shownLocale), so the route's calls, started next, ask for names in it. The route's
 * code and data load while the catalog does, not after it; RouterProvider then finds the load
 * under way instead of starting it at its first render. A page whose HTML already shows its route
 * is hydrated instead: RouterClient loads the route from the state the build, or the server,
 * left in the page.
 */
function start(locale: Locale): void {
  const root = document.getElementById("root")!;
  const hydrate = root.hasAttribute(RENDERED_ROUTE_ATTRIBUTE);
  const catalogReady = activateLocale(locale);
  if (!hydrate) void router.load();
  void catalogReady.then(() => {
    const app = <AppRoot router={router} i18n={i18n} hydrate={hydrate} />;
    // As a transition, React renders (or hydrates) the first page in short slices a tap can come
    // between; a tap on a part not yet hydrated hydrates it at once and is then replayed.
    startTransition(() => {
      if (hydrate) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  });
}

// A page no server named the language in (a static host) detects it first, by the same rules,
// before any call asks for names.
void startLocale().then(start);

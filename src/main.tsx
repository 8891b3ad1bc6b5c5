/**
 * Entry: language, the app's planSearch actor in the router context, router (every route falls back
 * to the error page), toaster and providers.
 */
import { I18nProvider } from "@lingui/react";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { activateLocale, detectLocale, i18n } from "./i18n.ts";
import { routeTree } from "./routeTree.gen.ts";
import { ErrorPage } from "./screens/errors/ErrorPage.tsx";
import { FirstPageWatchdog } from "./ui/LoadWatchdog.tsx";
import { createPlanSearchSlot } from "./screens/plan-search/plan-search-slot.ts";
import "./styles.css";

const router = createRouter({
  routeTree,
  context: { planSearch: createPlanSearchSlot() },
  defaultErrorComponent: ({ error }) => <ErrorPage error={error} />,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

await activateLocale(detectLocale());

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <FirstPageWatchdog router={router}>
        <RouterProvider router={router} />
      </FirstPageWatchdog>
    </I18nProvider>
  </StrictMode>,
);

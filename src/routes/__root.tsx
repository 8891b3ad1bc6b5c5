import { createRootRoute, Outlet } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { ErrorPage } from "../screens/errors/ErrorPage.tsx";
import { InvalidLink } from "../screens/errors/InvalidLink.tsx";
import { PlanSearchProvider } from "../screens/plan-search/plan-search-actor.tsx";
import { Header } from "../ui/Header.tsx";
import { LoadWatchdog } from "../ui/LoadWatchdog.tsx";
import { Toasts } from "../ui/Toasts.tsx";

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: ({ error }) => <ErrorPage error={error} />,
  notFoundComponent: InvalidLink,
});

function RootLayout() {
  return (
    <PlanSearchProvider>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <main id="main" className="content">
        <LoadWatchdog>
          <Outlet />
        </LoadWatchdog>
      </main>
      <Toasts />
    </PlanSearchProvider>
  );
}

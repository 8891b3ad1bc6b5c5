import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { ErrorPage } from "../ui/ErrorPage.tsx";
import { InvalidLink } from "../screens/errors/InvalidLink.tsx";
import type { RouterContext } from "../screens/shared/router-context.ts";
import { Header } from "../ui/Header.tsx";
import { LoadWatchdog } from "../ui/LoadWatchdog.tsx";
import { PageFrame } from "../ui/PageFrame.tsx";
import { Toasts } from "../ui/Toasts.tsx";

/** The root: its context carries the slot of the app's planSearch actor to every route (src/main.tsx). */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ({ error }) => <ErrorPage error={error} />,
  notFoundComponent: InvalidLink,
});

function RootLayout() {
  return (
    <>
      <PageFrame header={<Header />}>
        <LoadWatchdog>
          <Outlet />
        </LoadWatchdog>
      </PageFrame>
      <Toasts />
    </>
  );
}

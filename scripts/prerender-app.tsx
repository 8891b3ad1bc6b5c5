/**
 * Server-side render of the app's first screens, built with `vite build --ssr` by the
 * prerender plugin (scripts/prerender-welcome.ts) and run once per page and language at build
 * time: the same router and element tree as src/main.tsx (src/app-root.tsx), on a memory history,
 * so the browser hydrates the markup as it is. Only screens that show no one's data are
 * prerendered: the plan search actor here is a fresh one, with no saved search and no API.
 */
import { createMemoryHistory } from "@tanstack/react-router";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { createActor } from "xstate";
import { planSearchMachine } from "../machines/plan-search.machine.ts";
import { AppRoot, createAppRouter } from "../src/app-root.tsx";
import { i18n, type Locale } from "../src/i18n.ts";
import { createPlanSearchSlot, type PlanSearchSlot } from "../src/screens/shared/plan-search-slot.ts";

/** A slot whose actor never runs: a prerendered screen only reads it. */
const idleSlot = (): PlanSearchSlot => createPlanSearchSlot(() => createActor(planSearchMachine, { input: { savedQuery: null } }));

/** The markup #root holds for `path` in `locale` before any script runs. */
export async function renderAppPage(path: string, locale: Locale): Promise<string> {
  const { messages } = (await import(`../locales/${locale}/messages.po`)) as { messages: Record<string, unknown> };
  i18n.loadAndActivate({ locale, messages: messages as never });
  const router = createAppRouter(idleSlot(), createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  // Where the server render and the browser's differ, the markup is made the browser's. In the
  // browser only, the router wraps its matches in a Suspense boundary, and the root route's match
  // in another as routes have a pending view (a route's own, or the router's default): two outer
  // boundaries here leave the same two markers at the same places. On the server only, it adds an
  // inline scroll-restoration script (which the CSP would refuse anyway).
  const markup = renderToString(
    <Suspense>
      <Suspense>
        <AppRoot router={router} i18n={i18n} />
      </Suspense>
    </Suspense>,
  );
  return markup.replace(/<script>[\s\S]*?<\/script>/g, "");
}

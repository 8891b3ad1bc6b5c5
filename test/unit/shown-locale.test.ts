// @vitest-environment jsdom
/**
 * Every call asks the API for names in the language on screen (SPEC.md section 9): the page's first
 * calls, which start while the chosen language's catalog still loads (src/main.tsx), carry that
 * language rather than the browser's, and so do the calls made while a switch's catalog loads.
 * (That src/main.tsx asks for the language before the first call is the browser test's:
 * test/e2e/language-follows.test.ts.)
 */
import { HttpResponse, http as msw } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { http } from "../../src/api/http.ts";
import { activateLocale, i18n, shownLocale } from "../../src/i18n.ts";

const API = "http://portal.test/api/v1";
const server = setupServer(
  msw.get(`${API}/probe`, ({ request }) => HttpResponse.json({ language: request.headers.get("accept-language") })),
);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => {
  server.close();
  document.cookie = "i18next=; path=/; max-age=0";
});

/** The Accept-Language the API receives on a call made now. */
const askedIn = async () => ((await http.get("probe").json()) as { language: string }).language;

it("asks in the language being activated while its catalog loads, then in the active one", async () => {
  await activateLocale("en");
  const switching = activateLocale("es");
  // The Spanish catalog is still loading: the screen is about to be Spanish.
  expect(i18n.locale).toBe("en");
  expect(shownLocale()).toBe("es");
  expect(await askedIn()).toBe("es");
  await switching;
  expect(i18n.locale).toBe("es");
  expect(await askedIn()).toBe("es");
  await activateLocale("en");
  expect(await askedIn()).toBe("en");
});

it("drops a switch overtaken by a later one while its catalog loaded", async () => {
  await activateLocale("en");
  const spanish = activateLocale("es");
  const english = activateLocale("en");
  await Promise.all([spanish, english]);
  expect(i18n.locale).toBe("en");
  expect(await askedIn()).toBe("en");
});

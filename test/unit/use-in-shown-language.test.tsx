// @vitest-environment jsdom
/**
 * useInShownLanguage (src/ui/use-in-shown-language.ts) on a screen that opens while a language
 * switch's catalog still loads: its own records came in the language being put on screen (the
 * calls' Accept-Language is shownLocale), so those are the ones it shows in that language, and a
 * switch back loads the names of the language it left. The fake load answers, as the API does, in
 * the language its calls ask for: the one being put on screen when it runs.
 */
import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterAll, expect, it } from "vitest";
import { activateLocale, i18n, shownLocale, type Locale } from "../../src/i18n.ts";
import { useInShownLanguage } from "../../src/ui/use-in-shown-language.ts";

afterAll(() => {
  document.cookie = "i18next=; path=/; max-age=0";
});

const asked: Locale[] = [];
/** A screen's names as the API gives them: in the language its call carries. */
async function load(language: Locale): Promise<string> {
  asked.push(language);
  return `names in ${shownLocale()}`;
}

/** A screen that loaded its records when it opened and shows them in the language on screen. */
function Screen() {
  const [own] = useState(() => `names in ${shownLocale()}`);
  const shown = useInShownLanguage(load);
  return <p>{shown ?? own}</p>;
}

it("a screen opened while Spanish loads keeps its Spanish names, and a switch back to English shows English ones", async () => {
  await activateLocale("en");
  const switching = activateLocale("es");
  render(
    <I18nProvider i18n={i18n}>
      <Screen />
    </I18nProvider>,
  );
  await act(() => switching);
  expect(i18n.locale).toBe("es");
  expect(screen.getByText("names in es")).toBeInTheDocument();

  await act(() => activateLocale("en"));
  expect(await screen.findByText("names in en")).toBeInTheDocument();
  // Nothing was loaded while the Spanish catalog was on its way: a call then would have asked for Spanish.
  expect(asked).toEqual(["en"]);

  await act(() => activateLocale("es"));
  expect(await screen.findByText("names in es")).toBeInTheDocument();
  expect(asked).toEqual(["en"]);
});

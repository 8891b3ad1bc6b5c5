// @vitest-environment jsdom
/**
 * The error page says what happened in words, in the screen's language: a page's code that did
 * not arrive, or a server that did not answer, instead of the browser's message naming a script.
 * Any other error keeps its own message (SPEC.md section 2, "Error page").
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { ErrorPage } from "../../src/ui/ErrorPage.tsx";
import { CallFailed } from "../../machines/outcomes.ts";

function showError(error: unknown, locale: "en" | "es" = "en") {
  i18n.loadAndActivate({ locale, messages: locale === "es" ? es : en });
  render(
    <I18nProvider i18n={i18n}>
      <ErrorPage error={error} />
    </I18nProvider>,
  );
}

const CHUNK_ERRORS = [
  new TypeError("Failed to fetch dynamically imported module: http://portal.test/assets/warranty-number-B1x2.js"),
  new TypeError("Importing a module script failed."),
  new TypeError("error loading dynamically imported module: http://portal.test/assets/warranty-number-B1x2.js"),
];

describe("the error page", () => {
  it.each(CHUNK_ERRORS.map((error) => [error.message, error]))(
    "says a page's code did not load, not '%s'",
    (_, error) => {
      showError(error);
      expect(
        screen.getByText("Part of this page could not be loaded. Check your connection, then refresh the page."),
      ).toBeInTheDocument();
      expect(screen.queryByText(/\.js/)).toBeNull();
    },
  );

  it("says so in Spanish", () => {
    showError(CHUNK_ERRORS[0], "es");
    expect(
      screen.getByText("No se pudo cargar una parte de esta página. Revise su conexión y luego actualice la página."),
    ).toBeInTheDocument();
  });

  it("says the server could not be reached when a call found no network", () => {
    showError(new TypeError("Failed to fetch"));
    expect(
      screen.getByText("We could not reach our server. Check your connection, then refresh the page."),
    ).toBeInTheDocument();
  });

  it("says a refused call in the screen's language, not the server's English", () => {
    showError(
      new CallFailed({ kind: "refused", status: 404, code: "PLAN_NOT_FOUND", message: "Plan not found" }),
      "es",
    );
    expect(
      screen.getByText("No pudimos encontrar este plan. Revise el enlace o busque su garantía para comenzar de nuevo."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Plan not found")).toBeNull();
  });

  it("says 'Something went wrong' for an answer it does not know, never the server's text", () => {
    showError(new CallFailed({ kind: "refused", status: 500, code: null, message: 'relation "plans" does not exist' }));
    expect(screen.getByText("Something went wrong")).toBeInTheDocument();
    expect(screen.queryByText(/relation/)).toBeNull();
  });

  it("keeps any other error's own message", () => {
    showError(new Error("The page is taking too long to load. Check your connection and try again."));
    expect(
      screen.getByText("The page is taking too long to load. Check your connection and try again."),
    ).toBeInTheDocument();
  });
});

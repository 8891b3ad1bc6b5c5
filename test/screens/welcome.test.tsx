// @vitest-environment jsdom
/**
 * The welcome screen: the banner as a sized image, the 'Claim Video Tutorial' dialog (SPEC.md
 * "Welcome screen"): opens and closes, returns focus, plays the configured video with captions in
 * the page's language, offers fullscreen, and says politely when no video is set; and the FAQ, every
 * item expanded at first and each collapsing and expanding on a click.
 *
 * jsdom runs no Invoker Commands (`command`/`commandfor`), so these meet the path of a browser
 * without them: the clicks the dialog's wiring (tutorial-dialog-behaviour.ts) handles, which the
 * screen runs from an effect and the prerendered welcome page from its script, checked here on the
 * page's markup alone as well. The browser tests (test/e2e/welcome-page.test.ts, every-tap.test.ts)
 * meet the browser's own.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { TutorialDialog, TutorialOpener } from "../../src/screens/welcome/TutorialDialog.tsx";
import { wireTutorialDialog } from "../../src/screens/welcome/tutorial-dialog-behaviour.ts";
import { WelcomeScreen } from "../../src/screens/welcome/WelcomeScreen.tsx";
import { installDialogMethods } from "./support-dialog.ts";

installDialogMethods();

function showWelcome(onStart = () => {}) {
  i18n.loadAndActivate({ locale: "en", messages: en });
  return render(
    <I18nProvider i18n={i18n}>
      <WelcomeScreen onStart={onStart} />
    </I18nProvider>,
  );
}

describe("welcome screen", () => {
  it("shows the banner as a sized image with a description, so nothing moves when it loads", () => {
    showWelcome();
    const banner = screen.getByRole("img", { name: "A living room with a sofa, a plant and a lamp" });
    expect(banner.tagName).toBe("IMG");
    expect([banner.getAttribute("width"), banner.getAttribute("height")]).toEqual(["750", "300"]);
  });

  it("'Claim Video Tutorial' opens the dialog; Close closes it and gives focus back to the button", async () => {
    const user = userEvent.setup();
    showWelcome();
    expect(screen.queryByRole("dialog")).toBeNull();
    const opener = screen.getByRole("button", { name: "Claim Video Tutorial" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Claim Video Tutorial" });
    // No video URL is set in the tests: the dialog says so instead of showing a broken player.
    expect(dialog).toHaveTextContent("Sorry, the video tutorial is not available right now.");
    expect(dialog.querySelector("video")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
  });

  it("names the dialog in the HTML, so the browser opens and closes it before any script runs", () => {
    showWelcome();
    const dialog = document.querySelector("dialog")!;
    const opener = screen.getByRole("button", { name: "Claim Video Tutorial" });
    expect([opener.getAttribute("command"), opener.getAttribute("commandfor")]).toEqual(["show-modal", dialog.id]);
    const close = screen.getByRole("button", { name: "Close", hidden: true });
    expect([close.getAttribute("command"), close.getAttribute("commandfor")]).toEqual(["close", dialog.id]);
    expect(dialog.id).not.toBe("");
  });

  it("shows every FAQ answer at first; a question collapses and expands its answer", async () => {
    const user = userEvent.setup();
    showWelcome();
    const answers = [
      "Have your invoice ready.",
      "Claims are typically reviewed within 3 to 5 business days.",
      "Submit your invoice and extra details, and we will review them.",
      "Contact the retailer you bought from for a copy.",
    ];
    for (const answer of answers) expect(screen.getByText(answer)).toBeVisible();
    const question = screen.getByRole("heading", { level: 3, name: "How long does a review take?" });
    await user.click(question);
    expect(screen.getByText("Claims are typically reviewed within 3 to 5 business days.")).not.toBeVisible();
    expect(screen.getByText("Have your invoice ready.")).toBeVisible();
    await user.click(question);
    expect(screen.getByText("Claims are typically reviewed within 3 to 5 business days.")).toBeVisible();
  });
});

describe("tutorial dialog with a video", () => {
  const show = async (locale: "en" | "es", captionsUrl = "https://cdn.test/tutorial.en.vtt") => {
    i18n.loadAndActivate({ locale, messages: locale === "es" ? es : en });
    const view = render(
      <I18nProvider i18n={i18n}>
        <TutorialOpener />
        <TutorialDialog videoUrl="https://cdn.test/tutorial.mp4" captionsUrl={captionsUrl} />
      </I18nProvider>,
    );
    await userEvent
      .setup()
      .click(
        screen.getByRole("button", { name: locale === "es" ? "Video tutorial de reclamos" : "Claim Video Tutorial" }),
      );
    return view;
  };

  it("plays the configured video with captions in the page's language", async () => {
    await show("es");
    const video = document.querySelector("video")!;
    expect(video.getAttribute("src")).toBe("https://cdn.test/tutorial.mp4");
    expect(video).toHaveAttribute("controls");
    const track = video.querySelector("track")!;
    expect([track.getAttribute("kind"), track.getAttribute("srclang"), track.getAttribute("src")]).toEqual([
      "captions",
      "es",
      "https://cdn.test/tutorial.en.vtt",
    ]);
    expect(screen.getByRole("button", { name: "Ver en pantalla completa" })).toBeInTheDocument();
  });

  it("without a captions URL there is no empty captions track", async () => {
    await show("en", "");
    expect(document.querySelector("track")).toBeNull();
  });

  it("'View in fullscreen' asks the video for the whole screen", async () => {
    const user = userEvent.setup();
    await show("en");
    const requestFullscreen = vi.fn(async () => {});
    document.querySelector("video")!.requestFullscreen = requestFullscreen;
    await user.click(screen.getByRole("button", { name: "View in fullscreen" }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
  });

  it("closing the dialog stops the video", async () => {
    const user = userEvent.setup();
    await show("en");
    const pause = vi.fn();
    document.querySelector("video")!.pause = pause;
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(pause).toHaveBeenCalled();
  });
});

describe("the tutorial's wiring on markup no React holds (the prerendered welcome page)", () => {
  /** The dialog and its opener as the server sends them, wired as src/prerendered-entry.ts does. */
  const page = () => {
    i18n.loadAndActivate({ locale: "en", messages: en });
    document.body.innerHTML = renderToString(
      <I18nProvider i18n={i18n}>
        <TutorialOpener />
        <TutorialDialog videoUrl="https://cdn.test/tutorial.mp4" captionsUrl="" />
      </I18nProvider>,
    );
    return wireTutorialDialog(document);
  };

  it("opens and closes the dialog, pauses the video and gives focus back to the opener", async () => {
    const user = userEvent.setup();
    const unwire = page();
    const pause = vi.fn();
    document.querySelector("video")!.pause = pause;
    const opener = screen.getByRole("button", { name: "Claim Video Tutorial" });
    await user.click(opener);
    const dialog = screen.getByRole("dialog", { name: "Claim Video Tutorial" });
    const requestFullscreen = vi.fn(async () => {});
    document.querySelector("video")!.requestFullscreen = requestFullscreen;
    await user.click(screen.getByRole("button", { name: "View in fullscreen" }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog).not.toBeVisible();
    expect(pause).toHaveBeenCalled();
    expect(opener).toHaveFocus();
    unwire();
  });

  it("does nothing once its cleanup has run", async () => {
    const user = userEvent.setup();
    page()();
    await user.click(screen.getByRole("button", { name: "Claim Video Tutorial" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

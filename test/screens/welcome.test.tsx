// @vitest-environment jsdom
/**
 * The welcome screen: the banner as a sized image, and the 'Claim Video Tutorial' dialog (SPEC.md
 * "Welcome screen"): opens and closes, returns focus, plays the configured video with captions in
 * the page's language, offers fullscreen, and says politely when no video is set.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as es } from "../../locales/es/messages.po";
import { TutorialDialog } from "../../src/screens/welcome/TutorialDialog.tsx";
import { renderApp } from "./render-app.tsx";
import { installDialogMethods } from "./support-dialog.ts";

installDialogMethods();

describe("welcome screen", () => {
  it("shows the banner as a sized image with a description, so nothing moves when it loads", async () => {
    await renderApp("/");
    const banner = await screen.findByRole("img", { name: "A living room with a sofa, a plant and a lamp" });
    expect(banner.tagName).toBe("IMG");
    expect([banner.getAttribute("width"), banner.getAttribute("height")]).toEqual(["750", "300"]);
  });

  it("'Claim Video Tutorial' opens the dialog; Close closes it and gives focus back to the button", async () => {
    const user = userEvent.setup();
    await renderApp("/");
    const opener = await screen.findByRole("button", { name: "Claim Video Tutorial" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Claim Video Tutorial" });
    // No video URL is set in the tests: the dialog says so instead of showing a broken player.
    expect(dialog).toHaveTextContent("Sorry, the video tutorial is not available right now.");
    expect(dialog.querySelector("video")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
  });
});

describe("tutorial dialog with a video", () => {
  const show = (locale: "en" | "es", captionsUrl = "https://cdn.test/tutorial.en.vtt") => {
    i18n.loadAndActivate({ locale, messages: locale === "es" ? es : en });
    return render(
      <I18nProvider i18n={i18n}>
        <TutorialDialog open onClose={() => {}} videoUrl="https://cdn.test/tutorial.mp4" captionsUrl={captionsUrl} />
      </I18nProvider>,
    );
  };

  it("plays the configured video with captions in the page's language", () => {
    show("es");
    const video = document.querySelector("video")!;
    expect(video.getAttribute("src")).toBe("https://cdn.test/tutorial.mp4");
    expect(video).toHaveAttribute("controls");
    const track = video.querySelector("track")!;
    expect([track.getAttribute("kind"), track.getAttribute("srclang"), track.getAttribute("src")]).toEqual(["captions", "es", "https://cdn.test/tutorial.en.vtt"]);
    expect(screen.getByRole("button", { name: "Ver en pantalla completa" })).toBeInTheDocument();
  });

  it("without a captions URL there is no empty captions track", () => {
    show("en", "");
    expect(document.querySelector("track")).toBeNull();
  });

  it("'View in fullscreen' asks the video for the whole screen", async () => {
    const user = userEvent.setup();
    show("en");
    const requestFullscreen = vi.fn(async () => {});
    document.querySelector("video")!.requestFullscreen = requestFullscreen;
    await user.click(screen.getByRole("button", { name: "View in fullscreen" }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
  });
});

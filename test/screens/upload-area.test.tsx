// @vitest-environment jsdom
/** Upload refusals as a consumer meets them: the spec's toasts, a cleared input, nothing sent. */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { MAX_UPLOAD_BYTES } from "../../contract/upload-rules.ts";
import { Toasts } from "../../src/ui/Toasts.tsx";
import { claimItemDestination } from "../../src/api/documents.ts";
import { UploadArea } from "../../src/ui/UploadArea.tsx";
import { calls } from "./support-network.ts";

const fixture = async (name: string, type: string) =>
  new File([await readFile(resolve("test/fixtures", name))], name, { type });

function renderUploadArea() {
  i18n.loadAndActivate({ locale: "en", messages: en });
  const onLinked = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <UploadArea destination={claimItemDestination("fpp", 7, 3)} label="Photos of the Sofa" onLinked={onLinked} />
      <Toasts />
    </I18nProvider>,
  );
  return { input: screen.getByLabelText(/Photos of the Sofa/) as HTMLInputElement, onLinked };
}

describe("upload area", () => {
  it("offers several files of the allowed types, HEIC photos included, and the shot list", () => {
    const { input } = renderUploadArea();
    expect(input).toHaveAttribute("multiple");
    for (const type of ["image/jpeg", "image/png", "image/heic", "application/pdf"])
      expect(input.accept).toContain(type);
    for (const shot of ["the whole item", "a close-up of the damage", "the label or tag"])
      expect(screen.getByText(shot)).toBeInTheDocument();
  });

  it("refuses a PDF over 10485760 bytes with the spec's toast", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderUploadArea();
    const big = new File([new TextEncoder().encode("%PDF-1.4\n"), new Uint8Array(MAX_UPLOAD_BYTES)], "scan.PDF", {
      type: "application/pdf",
    });
    await user.upload(input, big);
    expect(await screen.findByText("File is too big. Should be less then 10 MB")).toBeInTheDocument();
    expect(input.value).toBe("");
    expect(calls).toEqual([]);
  });

  it("uploads nothing of a batch that holds one refused file", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderUploadArea();
    await user.upload(input, [await fixture("iphone_hdr_YES.jpg", "image/jpeg"), new File(["%PDF-1.4"], "notes.docx")]);
    expect(await screen.findByText("File notes.docx is not supported")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("tells a fake PNG and a damaged JPEG apart, sending neither", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input, onLinked } = renderUploadArea();
    await user.upload(input, [
      new File(["just some text, not a picture"], "living-room.png", { type: "image/png" }),
      await fixture("corrupted.jpg", "image/jpeg"),
    ]);
    expect(await screen.findByText("File living-room.png is not supported")).toBeInTheDocument();
    expect(
      await screen.findByText("File corrupted.jpg is damaged and cannot be opened. Please choose another photo."),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onLinked).not.toHaveBeenCalled();
  });
});

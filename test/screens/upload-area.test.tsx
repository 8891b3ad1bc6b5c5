// @vitest-environment jsdom
/** Upload refusals as a consumer meets them: the spec's toasts, a cleared input, nothing sent. */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { MAX_UPLOAD_BYTES } from "../../src/lib/upload-rules.ts";
import { Toasts } from "../../src/ui/Toasts.tsx";
import { claimItemDestination } from "../../src/api/documents.ts";
import { UploadArea } from "../../src/ui/UploadArea.tsx";

const fixture = async (name: string, type: string) => new File([await readFile(resolve("test/fixtures", name))], name, { type });

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

let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchSpy = vi.fn();
  vi.stubGlobal("fetch", fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

describe("upload area", () => {
  it("offers several files of the allowed types", () => {
    const { input } = renderUploadArea();
    expect(input).toHaveAttribute("multiple");
    expect(input.accept).toContain("image/jpeg");
    expect(input.accept).toContain("image/png");
    expect(input.accept).toContain("application/pdf");
  });

  it("refuses a HEIC photo by name, uploads nothing and clears the input", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input, onLinked } = renderUploadArea();
    await user.upload(input, await fixture("iphone_13_pro_max.HEIC", "image/heic"));
    expect(await screen.findByText("File iphone_13_pro_max.HEIC is not supported")).toBeInTheDocument();
    expect(input.value).toBe("");
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onLinked).not.toHaveBeenCalled();
  });

  it("refuses a file over 10485760 bytes", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderUploadArea();
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "living-room.PNG", { type: "image/png" });
    await user.upload(input, big);
    expect(await screen.findByText("File is too big. Should be less then 10 MB")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("uploads nothing of a batch that holds one refused file", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderUploadArea();
    await user.upload(input, [await fixture("iphone_hdr_YES.jpg", "image/jpeg"), new File(["%PDF-1.4"], "notes.docx")]);
    expect(await screen.findByText("File notes.docx is not supported")).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("accepts an exactly 10 MB file with an upper-case extension and starts uploading it", async () => {
    fetchSpy.mockRejectedValue(new TypeError("network down"));
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderUploadArea();
    await user.upload(input, new File([new Uint8Array(MAX_UPLOAD_BYTES)], "SCAN.JPEG", { type: "image/jpeg" }));
    // The URL call fails here (no network): the consumer is told, and can pick the file again.
    expect(await screen.findByText("file not uploaded.")).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const request = fetchSpy.mock.calls[0]![0] as Request;
    expect(new URL(request.url).searchParams.get("fileType")).toBe("image/jpeg");
    expect(input).toBeEnabled();
  });
});

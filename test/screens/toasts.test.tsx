// @vitest-environment jsdom
/**
 * Toast rules (SPEC.md sections 8 and 9): bottom-center, 4000 ms errors, 2000 ms successes, at most
 * 20 at once. Read from the toaster's own store: jsdom cannot lay toasts out, so what is on screen
 * is judged in the browser tests.
 */
import { act, render } from "@testing-library/react";
import toast, { useToasterStore, type Toast } from "react-hot-toast";
import { afterEach, describe, expect, it } from "vitest";
import { showError, showSuccess, TOAST_LIMIT } from "../../src/ui/toasts.ts";
import { Toasts } from "../../src/ui/Toasts.tsx";

let store: Toast[] = [];
function StoreProbe() {
  store = useToasterStore().toasts;
  return null;
}

afterEach(() => act(() => toast.remove()));

describe("toasts", () => {
  it("keep an error 4000 ms and a success 2000 ms, at the bottom center", () => {
    render(
      <>
        <Toasts />
        <StoreProbe />
      </>,
    );
    act(() => {
      showError("file not uploaded.");
      showSuccess("files uploaded sucessfully");
    });
    const byMessage = (message: string) => store.find((entry) => entry.message === message)!;
    expect(byMessage("file not uploaded.")).toMatchObject({
      type: "error",
      duration: 4000,
      position: "bottom-center",
      visible: true,
    });
    expect(byMessage("files uploaded sucessfully")).toMatchObject({
      type: "success",
      duration: 2000,
      position: "bottom-center",
      visible: true,
    });
  });

  it("show at most 20 at once, dropping the oldest", () => {
    render(
      <>
        <Toasts />
        <StoreProbe />
      </>,
    );
    act(() => {
      for (let i = 1; i <= 25; i++) showError(`File photo-${i}.heic is not supported`);
    });
    const visible = store.filter((entry) => entry.visible).map((entry) => entry.message);
    expect(TOAST_LIMIT).toBe(20);
    expect(visible).toHaveLength(20);
    expect(visible).toContain("File photo-25.heic is not supported");
    expect(visible).not.toContain("File photo-1.heic is not supported");
  });
});

// @vitest-environment jsdom
/**
 * No wait is silent (src/ui/StillWorking.tsx): a wizard step whose call is unanswered after a few
 * seconds says 'Still working…' and offers Cancel, later that it takes longer than usual; this
 * holds for the step's own save (busy) and for any other API call still out, such as an upload's
 * link. Cancel gives up on the calls (src/api/pending-calls.ts). The automatic retries of a call on
 * a bad network (src/api/http.ts) pass before it shows. Time is the test's fake clock.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { http } from "../../src/api/http.ts";
import { cancelPendingCalls, cancellableFetch, cancellation } from "../../src/api/pending-calls.ts";
import { LONGER_THAN_USUAL_AFTER_MS, STILL_WORKING_AFTER_MS, StillWorking } from "../../src/ui/StillWorking.tsx";

const show = (busy: boolean) => (
  <I18nProvider i18n={i18n}>
    <StillWorking busy={busy} />
  </I18nProvider>
);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const notice = () => screen.queryByText("Still working…");
const cancel = () => screen.queryByRole("button", { name: "Cancel" });

beforeEach(() => {
  i18n.loadAndActivate({ locale: "en", messages: en });
  vi.useFakeTimers();
});
afterEach(() => {
  cancelPendingCalls(); // a call a failed case left out must not keep the next case's notice up
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Still working…' while a call is unanswered", () => {
  it("a busy step is quiet at first; after a few seconds it says 'Still working…' with Cancel, later that it takes longer", async () => {
    render(show(true));
    await wait(STILL_WORKING_AFTER_MS - 1);
    expect(notice()).toBeNull();
    expect(cancel()).toBeNull();
    await wait(1);
    expect(notice()).toBeInTheDocument();
    expect(cancel()).toBeInTheDocument();
    expect(STILL_WORKING_AFTER_MS).toBeLessThanOrEqual(5_000); // 'a few seconds'
    await wait(LONGER_THAN_USUAL_AFTER_MS - STILL_WORKING_AFTER_MS);
    expect(screen.getByText(/This is taking longer than usual/)).toBeInTheDocument();
    const signal = cancellation();
    fireEvent.click(cancel()!);
    expect(signal.aborted).toBe(true);
  });

  it("a call on a slow network (300 ms a try) that needs every automatic retry, the longest backoff between them, is answered before it shows", async () => {
    const slowly = (response: Response, signal?: AbortSignal | null) =>
      new Promise<Response>((resolve, reject) => {
        window.setTimeout(() => resolve(response), 300);
        signal?.addEventListener("abort", () => reject(signal.reason as Error));
      });
    let tries = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn((_input: unknown, init?: RequestInit) =>
        slowly(
          ++tries < 4 ? Response.json({ code: "FAULT_INJECTED" }, { status: 503 }) : Response.json({ result: [] }),
          init?.signal,
        ),
      ),
    );
    vi.spyOn(Math, "random").mockReturnValue(0.9999); // the jitter that waits longest
    let answered = false;
    const call = http
      .get("claim/7")
      .json()
      .finally(() => (answered = true));
    call.catch(() => undefined); // a failed case cancels it in afterEach: not an unhandled rejection
    const view = render(show(true)); // the step's machine is busy until the answer comes
    for (let waited = 0; !answered && waited < LONGER_THAN_USUAL_AFTER_MS; waited += 100) {
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(notice()).toBeNull();
    }
    await expect(call).resolves.toEqual({ result: [] });
    expect(tries).toBe(4);
    view.rerender(show(false));
    expect(notice()).toBeNull();
  });

  it("the notice goes when the step is no longer busy", async () => {
    const view = render(show(true));
    await wait(STILL_WORKING_AFTER_MS);
    expect(notice()).toBeInTheDocument();
    view.rerender(show(false));
    expect(notice()).toBeNull();
    expect(cancel()).toBeNull();
  });

  it("a call made beside the step's machine, unanswered, shows it too, until it is answered or cancelled", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            answer = resolve;
            init?.signal?.addEventListener("abort", () => reject(init.signal!.reason as Error));
          }),
      ),
    );
    render(show(false));
    await wait(LONGER_THAN_USUAL_AFTER_MS);
    expect(notice()).toBeNull(); // nothing out, nothing said

    let first!: Promise<Response>;
    act(() => {
      first = cancellableFetch("http://portal.test/api/v1/insert_linked_and_embedded_files", { method: "POST" });
    });
    await wait(STILL_WORKING_AFTER_MS);
    expect(notice()).toBeInTheDocument();
    await act(async () => {
      answer(new Response("{}"));
      await first;
    });
    expect(notice()).toBeNull();

    let second!: Promise<unknown>;
    act(() => {
      second = cancellableFetch("http://portal.test/api/v1/claim/7").catch((error: unknown) => error);
    });
    await wait(STILL_WORKING_AFTER_MS);
    await act(async () => {
      fireEvent.click(cancel()!);
      expect(await second).toMatchObject({ name: "AbortError" });
    });
    expect(notice()).toBeNull();
  });
});

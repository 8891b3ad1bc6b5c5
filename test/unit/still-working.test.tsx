// @vitest-environment jsdom
/**
 * No wait is silent, and the person may give up on it: a wizard's call unanswered after a few
 * seconds moves its machine to 'Still working…', later to 'longer than usual'
 * (machines/wizard-steps.ts `waitingForServer`); the screen says so with a Cancel
 * (src/ui/StillWorking.tsx); Cancel leaves the state, which stops the call's actor, whose signal
 * ends the request (src/api/http.ts `endedBy`), so nothing is sent again. The automatic retries of
 * a call on a bad network pass before the notice shows. Time is the test's fake clock.
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { messages as en } from "../../locales/en/messages.po";
import { contactServiceMachine } from "../../machines/contact-service.machine.ts";
import { WAIT_DELAYS, waitOf, type Wait } from "../../machines/wizard-steps.ts";
import { http } from "../../src/api/http.ts";
import { contactServiceActors } from "../../src/screens/contact-service/contact-service-actors.ts";
import { StillWorking } from "../../src/ui/StillWorking.tsx";
import { collectEmitted } from "../machines/support/actors.ts";
import { completeDraft, contactInput } from "../machines/support/contact-service-fixtures.ts";

const { stillWorkingAfter, longerThanUsualAfter } = WAIT_DELAYS;

/** Requests the portal sent, each with whether it was ended before an answer. */
let sent: Array<{ path: string; ended: () => boolean }> = [];

/** A network that never answers: each request waits until its signal ends it. */
function hangingNetwork(): void {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(
      (input: Request) =>
        new Promise<Response>((_, reject) => {
          sent.push({ path: new URL(input.url).pathname, ended: () => input.signal.aborted });
          input.signal.addEventListener("abort", () => reject(input.signal.reason as Error));
        }),
    ),
  );
}

/** The contact-service wizard on its review with everything filled in, its real actors calling the API. */
function reviewing() {
  const actor = createActor(
    contactServiceMachine.provide({
      actors: contactServiceActors,
      actions: { showStep: () => {}, goHome: () => {}, saveDraft: () => {}, clearDraft: () => {} },
    }),
    { input: contactInput({ requestedStep: 4, draft: completeDraft }) },
  );
  const notices = collectEmitted(actor);
  actor.start();
  return { actor, notices, wait: () => waitOf(actor.getSnapshot()) };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  i18n.loadAndActivate({ locale: "en", messages: en });
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a wizard's call unanswered", () => {
  it("is quiet at first; after a few seconds the machine is 'still working', later 'longer than usual'", async () => {
    hangingNetwork();
    const { actor, wait } = reviewing();
    expect(wait()).toBe("none");
    actor.send({ type: "request.submit" });
    expect(wait()).toBe("quiet");
    await advance(stillWorkingAfter - 1);
    expect(wait()).toBe("quiet");
    await advance(1);
    expect(wait()).toBe("stillWorking");
    expect(stillWorkingAfter).toBeLessThanOrEqual(5_000); // 'a few seconds'
    await advance(longerThanUsualAfter - 1);
    expect(wait()).toBe("stillWorking");
    await advance(1);
    expect(wait()).toBe("longerThanUsual");
    expect(sent.map((request) => request.path)).toEqual(["/api/v1/contact_service_ticket"]);
    actor.stop();
  });

  it("Cancel ends the request, sends nothing again, and leaves the review with everything kept, saying the send failed", async () => {
    hangingNetwork();
    const { actor, notices, wait } = reviewing();
    actor.send({ type: "request.submit" });
    await advance(stillWorkingAfter);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.ended()).toBe(false);
    actor.send({ type: "call.cancel" });
    expect(sent[0]!.ended()).toBe(true);
    expect(wait()).toBe("none");
    expect(actor.getSnapshot().matches({ reviewing: "ready" })).toBe(true);
    expect(actor.getSnapshot().context.customer).toEqual(completeDraft.customer);
    expect(notices).toEqual([{ type: "notify", code: "submitFailed" }]);
    await advance(longerThanUsualAfter); // the retries' waits would be over by now
    expect(sent).toHaveLength(1);
    actor.stop();
  });

  it("a call on a slow network (300 ms a try) that needs every automatic retry, the longest backoff between them, is answered while the wait is still quiet", async () => {
    let tries = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (input: Request) =>
          new Promise<Response>((resolve, reject) => {
            const answer =
              ++tries < 4 ? Response.json({ code: "FAULT_INJECTED" }, { status: 503 }) : Response.json({ result: [] });
            window.setTimeout(() => resolve(answer), 300);
            input.signal.addEventListener("abort", () => reject(input.signal.reason as Error));
          }),
      ),
    );
    vi.spyOn(Math, "random").mockReturnValue(0.9999); // the jitter that waits longest
    let answeredAt: number | null = null;
    const call = http
      .get("claim/7")
      .json()
      .finally(() => (answeredAt = Date.now()));
    const start = Date.now();
    await advance(stillWorkingAfter);
    await expect(call).resolves.toEqual({ result: [] });
    expect(tries).toBe(4);
    expect(answeredAt! - start).toBeLessThan(stillWorkingAfter);
  });
});

describe("'Still working…' on the screen", () => {
  const show = (wait: Wait, onCancel = () => {}) => (
    <I18nProvider i18n={i18n}>
      <StillWorking wait={wait} onCancel={onCancel} />
    </I18nProvider>
  );
  const notice = () => screen.queryByText("Still working…");
  const cancel = () => screen.queryByRole("button", { name: "Cancel" });

  it("says nothing while no call runs or the wait is quiet, in a status region a screen reader follows", () => {
    for (const wait of ["none", "quiet"] as const) {
      const view = render(show(wait));
      expect(screen.getByRole("status")).toBeEmptyDOMElement();
      expect(cancel()).toBeNull();
      view.unmount();
    }
  });

  it("says 'Still working…' with Cancel, then that it takes longer than usual and nothing typed is lost; Cancel tells the wizard", () => {
    const onCancel = vi.fn();
    const view = render(show("stillWorking", onCancel));
    expect(screen.getByRole("status")).toHaveTextContent("Still working…");
    fireEvent.click(cancel()!);
    expect(onCancel).toHaveBeenCalledTimes(1);
    view.rerender(show("longerThanUsual", onCancel));
    expect(notice()).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(
      "This is taking longer than usual. You can cancel and try again: nothing you typed is lost.",
    );
    expect(cancel()).toBeInTheDocument();
  });
});

/**
 * The waits for the server in the wizards' QA tables (machines/wizard-steps.ts `waitingForServer`):
 * a state waiting for a call is `quiet` at first (Next or Submit busy), says 'Still working…' with
 * a Cancel under the button once the delay `stillWorkingAfter` is over (`stillWorking`), and that
 * it takes longer than usual after `longerThanUsualAfter` (`longerThanUsual`); Cancel
 * (`call.cancel`) gives up on the call as its failure would.
 *
 * Written once from the machine rather than per state: the gestures of the delayed events
 * (`xstate.after.<delay>.<state node id>`, one per waiting state), which run the page's clock on
 * (the start installs it before the portal loads; it runs by itself otherwise), Cancel's gesture,
 * the views of the three substates from the waiting state's own view, and the events a walk takes
 * in a wait. The walks of a table take the waits in a start of their own (`a claim … whose calls
 * hang`), one line through every waiting state, so they add one walk rather than one per state.
 *
 * The saves of 'Email me a link to finish later' (the keeping states, `keepingItems`, …) wait in
 * its dialog, which is modal: the dialog shows the wizard's notice and Cancel itself, under its
 * Send and Close, and a cancelled save leaves it saying the link was not sent (KEEP_CANCELLED).
 */
import type { Locator, Page } from "playwright-core";
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from "xstate";
import { handledEventTypes, leafStates } from "../machines/support/graph.ts";
import { restingState } from "./paths.ts";
import { hides, shows } from "./screen.ts";
import { isTransient, system, user, view, type Gesture, type StateView, type TransientState } from "./table.ts";

const STILL_WORKING = "Still working…";
const LONGER_THAN_USUAL = "This is taking longer than usual. You can cancel and try again: nothing you typed is lost.";

/** What the finish-later dialog says once the step's save was cancelled (its machine's `failed`, `notSaved`). */
const KEEP_CANCELLED = "We could not save this step, so the link was not sent. Please try again.";

/** The event of Cancel under 'Still working…'. */
export const CALL_CANCEL = { type: "call.cancel" } as const;

const PHASES = ["quiet", "stillWorking", "longerThanUsual"] as const;
/** A substate of a wait, in the order they come. */
type WaitPhase = (typeof PHASES)[number];

/** The delays of a wait, by the name the machine gives them (WAIT_DELAYS). */
const DELAYED = /^xstate\.after\.(stillWorkingAfter|longerThanUsualAfter)\./;

/** The phase of the wait a snapshot rests in, or null when no call is waited for. */
function waitPhaseOf(snapshot: AnyMachineSnapshot): WaitPhase | null {
  const leaf = restingState(snapshot).split(".").at(-1) as WaitPhase;
  return snapshot.hasTag("busy") && PHASES.includes(leaf) ? leaf : null;
}

/** The name of the state that waits (`savingItems`), or null when no call is waited for. */
export function waitingStateOf(snapshot: AnyMachineSnapshot): string | null {
  return waitPhaseOf(snapshot) && restingState(snapshot).split(".").at(-2)!;
}

/** The event XState raises when the delay of the wait's phase is over; null in the last phase. */
function waitOver(snapshot: AnyMachineSnapshot): EventObject | null {
  const leaf = (snapshot._nodes as AnyStateNode[]).find((node) => node.type === "atomic");
  const delayed = leaf?.after.find((transition) => DELAYED.test(transition.eventType));
  return delayed ? { type: delayed.eventType } : null;
}

/**
 * What a walk does in a wait: the clock is run on to the next phase until the wait reaches `phase`,
 * where `then` happens (the call's answer, or Cancel).
 */
export function waitEvents<E extends EventObject>(snapshot: AnyMachineSnapshot, phase: WaitPhase, then: E): E[] {
  if (waitPhaseOf(snapshot) === phase) return [then];
  const over = waitOver(snapshot);
  return over ? [over as E] : [];
}

/** Milliseconds the machine waits before it raises the delayed event `type`. */
function delayOf(machine: AnyStateMachine, type: string): number {
  const name = DELAYED.exec(type)![1]!;
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay !== "number") throw new Error(`${machine.id} names no delay '${name}' in its setup()`);
  return delay;
}

/**
 * The gestures of a machine's delayed wait events: the page's clock runs on by the delay, and the
 * notice under the button changes.
 */
export function waitGestures(machine: AnyStateMachine): Record<string, Gesture> {
  const gestures: Record<string, Gesture> = {};
  for (const type of handledEventTypes(machine).filter((one) => DELAYED.test(one))) {
    const delay = delayOf(machine, type);
    gestures[type] = type.startsWith("xstate.after.stillWorkingAfter.")
      ? system(
          () => `A few seconds later (${delay / 1000} s) the portal says '${STILL_WORKING}' under the button.`,
          ({ page }) => page.clock.runFor(delay),
        )
      : system(
          () => `${delay / 1000} seconds after that it says '${LONGER_THAN_USUAL}' instead.`,
          ({ page }) => page.clock.runFor(delay),
        );
  }
  return gestures;
}

/** True in a wait of 'Email me a link to finish later' (a keeping state, waiting in its dialog). */
const isKeeping = (state: string) => /(^|\.)keeping\w+$/.test(state);
const keeping = (snapshot: AnyMachineSnapshot) => isKeeping(waitingStateOf(snapshot) ?? "");

/** Where a wait's notice shows: under the wizard's button, or in the finish-later dialog for a keeping state. */
const noticeArea = (page: Page, inDialog: boolean): Page | Locator => (inDialog ? page.getByRole("dialog") : page);

/** The notice while a call takes long, and its Cancel. */
const notice = (area: Page | Locator, text: string) => area.getByRole("status").filter({ hasText: text });
const cancelButton = (area: Page | Locator, text: string) =>
  notice(area, text).getByRole("button", { name: "Cancel", exact: true });

/** The notice code of the transition an event takes (its `notify` action), if any. */
function noticeCodeOf(before: AnyMachineSnapshot, event: EventObject): string | undefined {
  const machine = before.machine as AnyStateMachine;
  for (const transition of machine.getTransitionData(before as never, event as never))
    for (const action of transition.actions as unknown[]) {
      const { type, params } = (action ?? {}) as { type?: unknown; params?: { code?: unknown } };
      if (type === "notify" && typeof params?.code === "string") return params.code;
    }
  return undefined;
}

/**
 * Cancel under 'Still working…': the call is given up, and the portal says what its failure would
 * (`notices`: the text of each notice code, as the screen shows it). In a keeping state the Cancel
 * is the dialog's: the dialog then says the link was not sent, and the tester closes it (`dialog.close`
 * of the finish-later machine, as after a save that returns).
 */
export function cancelGesture<E extends EventObject>(notices: Record<string, string>): Gesture<E> {
  const said = (before: AnyMachineSnapshot, event: EventObject) => {
    const code = noticeCodeOf(before, event);
    return code === undefined ? undefined : notices[code];
  };
  return user(
    (event, before) => {
      if (keeping(before))
        return `In the dialog press **Cancel** under '${shownNotice(before)}': the dialog says '${KEEP_CANCELLED}'; press **Close**.`;
      const text = said(before, event);
      return `Press **Cancel** under '${shownNotice(before)}'${text ? `: the portal says '${text}'` : ""}.`;
    },
    async ({ page }, event, before) => {
      if (keeping(before)) {
        const dialog = page.getByRole("dialog");
        await cancelButton(dialog, shownNotice(before)).click();
        await shows(dialog.getByRole("alert").getByText(KEEP_CANCELLED, { exact: true }));
        await dialog.getByRole("button", { name: "Close", exact: true }).click();
        await hides(dialog);
        return;
      }
      await cancelButton(page, shownNotice(before)).click();
      const text = said(before, event);
      if (text) await shows(page.getByText(text, { exact: true }));
    },
  );
}

const shownNotice = (snapshot: AnyMachineSnapshot) =>
  waitPhaseOf(snapshot) === "longerThanUsual" ? LONGER_THAN_USUAL : STILL_WORKING;

/**
 * The view of a wait that speaks: the waiting state's own, with the notice and its Cancel under the
 * button, or in the finish-later dialog under its buttons (`inDialog`, a keeping state).
 */
function speaking(base: StateView, text: string, other: string, inDialog: boolean): StateView {
  const where = inDialog ? "in the dialog, under its buttons," : "under the button";
  return view(
    (snapshot) => `${base.shows(snapshot).replace(/\.$/, "")}; ${where} '${text}' with **Cancel**.`,
    async (walker, snapshot) => {
      await base.check(walker, snapshot);
      const area = noticeArea(walker.page, inDialog);
      await shows(area.getByText(text, { exact: true }));
      await shows(cancelButton(area, text));
      await hides(area.getByText(other, { exact: true }));
    },
  );
}

/**
 * A table's views with each waiting state's view (keyed by the waiting state, `reviewing.submitting`)
 * turned into the views of its three substates: quiet as before, then with the notice and Cancel.
 */
export function withWaitViews(
  machine: AnyStateMachine,
  states: Record<string, StateView | TransientState>,
): Record<string, StateView | TransientState> {
  const leaves = new Set(leafStates(machine));
  const views: Record<string, StateView | TransientState> = {};
  for (const [state, stateView] of Object.entries(states)) {
    if (isTransient(stateView) || !leaves.has(`${state}.quiet`)) {
      views[state] = stateView;
      continue;
    }
    // 'Email me a link to finish later' waits in its dialog, which shows the notice.
    const inDialog = isKeeping(state);
    views[`${state}.quiet`] = stateView;
    views[`${state}.stillWorking`] = speaking(stateView, STILL_WORKING, LONGER_THAN_USUAL, inDialog);
    views[`${state}.longerThanUsual`] = speaking(stateView, LONGER_THAN_USUAL, STILL_WORKING, inDialog);
  }
  return views;
}

/** The words of a start whose calls hang, for the tester: how to make a call wait as the path says. */
export const HANGING_CALLS_WORDS =
  "The calls this path waits on must hang: in the browser's developer tools (Network) add a throttling profile **Hang** with a latency of 60 000 ms; choose it just before a step that starts a call followed by 'A few seconds later …', and **No throttling** again once the path presses **Cancel** or the portal answers (an answer then comes when the minute is over).";

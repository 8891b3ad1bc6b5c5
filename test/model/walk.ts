/**
 * Walks one generated path through the portal in a browser context of its own: the start's set-up,
 * then per step the table's gesture and the check of the state the model says the screen is in.
 * A call the model says has started is held at the network until the path's next step answers it,
 * so its busy state is checked too; work in the page that nothing can hold any more (held-calls.ts)
 * is checked by what shows after it. What was checked is counted, step by step, so a path that fails
 * halfway still counts what it got through.
 */
import type { BrowserContext } from "playwright-core";
import type { AnyMachineSnapshot } from "xstate";
import type { RunningServer } from "../../server/start.ts";
import { describeEvent } from "../machines/support/graph.ts";
import { HeldCalls } from "./held-calls.ts";
import { restingState, statesPassed, statesPassedAtStart, transitionsTaken, type QaPath } from "./paths.ts";
import { isTransient, leavesFor, type AnyModelTable, type Walker } from "./table.ts";
import type { Coverage } from "./walk-plan.ts";

/** Invokes the model started between two snapshots (a state entered, or entered again). */
function invokesStarted(before: AnyMachineSnapshot | null, after: AnyMachineSnapshot): string[] {
  const earlier = (before?.children ?? {}) as Record<string, unknown>;
  return Object.entries(after.children as Record<string, unknown>)
    .filter(([id, actor]) => earlier[id] !== actor)
    .map(([id]) => id);
}

async function checkState(table: AnyModelTable, walker: Walker, snapshot: AnyMachineSnapshot): Promise<void> {
  const state = restingState(snapshot);
  const stateView = table.states[state];
  if (!stateView) throw new Error(`The QA table has no view of ${state}`);
  if (isTransient(stateView)) throw new Error(`${state} is transient: a path never rests there`);
  await stateView.check(walker, snapshot);
}

/**
 * Walks `path` in a fresh context and says how far it got. `users` are the user-event transitions
 * counted as covered when a step that takes them is checked.
 */
export async function walkPath(
  table: AnyModelTable,
  path: QaPath,
  portal: { server: RunningServer; newContext(): Promise<BrowserContext> },
  users: Set<string>,
): Promise<{ error: string | null; covered: Coverage }> {
  const covered = { states: new Set<string>(), transitions: new Set<string>() };
  const result = (error: string | null) => ({
    error,
    covered: { states: [...covered.states], transitions: [...covered.transitions] },
  });
  await table.reset?.(portal.server);
  const context = await portal.newContext();
  const errors: string[] = [];
  let where = "set-up";
  try {
    const calls = new HeldCalls({ ...table.calls, ...table.spawned });
    await calls.install(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    const walker: Walker = { page, context, server: portal.server, calls };
    for (const id of invokesStarted(null, path.initial)) calls.hold(id);
    await path.start.arrange(walker);
    where = `start, in ${restingState(path.initial)}`;
    await checkState(table, walker, path.initial);
    for (const state of statesPassedAtStart(table, path.start)) covered.states.add(state);
    let before = path.initial;
    for (const [index, step] of path.steps.entries()) {
      const gesture = table.events[step.event.type];
      if (!gesture) throw new Error(`The QA table has no gesture for ${step.event.type}`);
      where = `step ${index + 1}, ${describeEvent(step.event)} (${gesture.does(step.event, before)})`;
      // Work in the page nothing holds may be over at once: its state is not checked, and neither it
      // nor the step's transition is counted here.
      const inPage = invokesStarted(before, step.state).filter((id) => !calls.hold(id));
      await gesture.perform(walker, step.event, before);
      if (!leavesFor(gesture, step.event, before) && inPage.length === 0) {
        where += `, then in ${restingState(step.state)}`;
        await checkState(table, walker, step.state);
      }
      if (errors.length) throw new Error(`Uncaught errors in the page: ${errors.join("; ")}`);
      if (inPage.length === 0)
        for (const key of transitionsTaken(table.machine, before, step.event))
          if (users.has(key)) covered.transitions.add(key);
      for (const state of statesPassed(table.machine, before, step.event))
        if (inPage.length === 0 || state !== restingState(step.state)) covered.states.add(state);
      before = step.state;
    }
    return result(null);
  } catch (error) {
    return result(
      `${where}: ${error instanceof Error ? error.message.split("\n").slice(0, 6).join("\n    ") : String(error)}`,
    );
  } finally {
    await context.close();
  }
}
